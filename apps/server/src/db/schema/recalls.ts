import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './listings.js';
import { users } from './users.js';

/** The orders and pallets a recall notice names for one buyer. */
export interface RecallNoticeOrder {
  orderId: number;
  number: string;
  codes: string[];
}

/**
 * A recall of a lot (issue 37 §5, decision 1016), or a drill (`exercise`): who started it, why, and
 * when the last buyer acknowledged. Kept after the lot goes (its number stays).
 */
export const recalls = pgTable(
  'recalls',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    lotNumber: text('lot_number').notNull(),
    lotTitle: text('lot_title').notNull(),
    reason: text('reason').notNull(),
    exercise: boolean('exercise').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('recalls_started_idx').on(t.startedAt.desc(), t.id.desc()), index('recalls_product_idx').on(t.productId)],
);

/** One buyer told of a recall: the orders and SSCCs it received, when told, when it acknowledged and who. */
export const recallNotices = pgTable(
  'recall_notices',
  {
    id: serial('id').primaryKey(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    orders: jsonb('orders').$type<RecallNoticeOrder[]>().notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('recall_notices_recall_buyer_uq').on(t.recallId, t.buyerId),
    // A buyer's open notices (the banner on its pages).
    index('recall_notices_buyer_idx').on(t.buyerId, t.recallId),
    check('recall_notices_ack_after_notice', sql`${t.acknowledgedAt} is null or ${t.acknowledgedAt} >= ${t.notifiedAt}`),
  ],
);
