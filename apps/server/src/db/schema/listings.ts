import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { articles, packagings } from './catalog.js';
import { countries } from './location.js';
import { users } from './users.js';

export const productStatusEnum = pgEnum('product_status', ['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION']);

/**
 * A supplier's lot (the spec's product). A fixed-price lot is ENABLED until its "available until"
 * date; an auction lot is stored IN_AUCTION from creation, takes bids between auction_start_date and
 * ends_at (start + 3 days, stored so the close job and the live list can use an index), and becomes
 * EXPIRED with its winning offer when the close job runs.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    caliber: text('caliber').notNull().default(''),
    originId: integer('origin_id')
      .notNull()
      .references(() => countries.id),
    packagingId: integer('packaging_id')
      .notNull()
      .references(() => packagings.id),
    /** €/kg; for an auction, the starting price. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    /** Pallets. */
    quantity: integer('quantity').notNull(),
    availableUntil: date('available_until', { mode: 'string' }).notNull(),
    /** Server-made file names, in display order. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: productStatusEnum('status').notNull().default('ENABLED'),
    auctionStartDate: timestamp('auction_start_date', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winningOfferId: bigint('winning_offer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_supplier_idx').on(t.supplierId),
    // The live auction list and the close job both walk open auctions by end time.
    index('products_open_auctions_idx').on(t.endsAt).where(sql`status = 'IN_AUCTION'`),
    check('products_price_pos', sql`${t.price} > 0`),
    check('products_quantity_pos', sql`${t.quantity} > 0`),
    check('products_auction_dates', sql`(${t.auctionStartDate} is null) = (${t.endsAt} is null)`),
  ],
);

/** Bids. Serialized per lot by a row lock on the product, so ids rise in commit order within a lot. */
export const offers = pgTable(
  'offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Highest offer of a lot in one index probe (bid rule, auction list, close).
    index('offers_product_amount_idx').on(t.productId, t.amount.desc()),
    index('offers_user_idx').on(t.userId),
    check('offers_amount_pos', sql`${t.amount} > 0`),
  ],
);

/** A buyer's request to buy pallets of a fixed-price lot; the seller sees it on its products page. */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pallets: integer('pallets').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_requests_product_idx').on(t.productId), check('purchase_requests_pallets_pos', sql`${t.pallets} > 0`)],
);
