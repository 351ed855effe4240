import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './listings.js';
import { users } from './users.js';

/** Auctions a user follows: by the watch button, and by bidding (the notifier adds those). */
export const auctionWatches = pgTable(
  'auction_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'auction_watches_pk', columns: [t.userId, t.productId] }), index('auction_watches_product_idx').on(t.productId)],
);

/** In-app notices; `dedupe_key` makes each event land once whatever the number of notifier runs. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    emailed: boolean('emailed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL`),
    index('notifications_user_product_idx').on(t.userId, t.productId, t.kind, t.createdAt.desc()),
    check(
      'notifications_kind_chk',
      sql`${t.kind} IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered', 'webhook_disabled', 'lot_recalled')`,
    ),
  ],
);

/** Per-user switches per kind; a missing row means both channels on. */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'notification_prefs_pk', columns: [t.userId, t.kind] }),
    check(
      'notification_prefs_kind_chk',
      sql`${t.kind} IN ('outbid', 'ending_soon', 'won', 'lost', 'auction_result', 'order_confirmed', 'order_shipped', 'order_delivered', 'order_cancelled', 'request_declined', 'request_expired', 'order_claim', 'invoice_attention', 'request_countered', 'webhook_disabled', 'lot_recalled')`,
    ),
  ],
);

/** The notifier's cursor per lot (decision 600). */
export const alertLotState = pgTable('alert_lot_state', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  lastOfferId: bigint('last_offer_id', { mode: 'number' }).notNull().default(0),
  leaderUserId: integer('leader_user_id'),
  leaderAmount: numeric('leader_amount', { precision: 12, scale: 2 }),
  resultDone: boolean('result_done').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
