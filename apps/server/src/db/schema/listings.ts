import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  primaryKey,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles, packagings } from './catalog.js';
import { countries } from './location.js';
import { users } from './users.js';

export const productStatusEnum = pgEnum('product_status', ['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION']);
/** EU marketing standards' quality classes (issue 25): Extra, I, II. */
export const qualityClassEnum = pgEnum('quality_class', ['EXTRA', 'I', 'II']);

/**
 * A supplier's lot (the spec's product). A fixed-price lot is ENABLED until its "available until"
 * date; an auction lot is stored IN_AUCTION from creation, takes bids between auction_start_date and
 * ends_at, and becomes EXPIRED with its winning offer when the close job runs. ends_at is the CURRENT
 * end: start + 3 days, moved later by soft close (migration 0002, decision 402). highest_amount and
 * bidder_count are kept by place_bid; reserve_price is hidden from buyers (decision 403).
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
    /** Pallets still for sale: accepted purchase requests take theirs off (0 = sold out, off the marketplace). */
    quantity: integer('quantity').notNull(),
    /** Net kg per pallet (issue 21): required for new lots, NULL on older ones (weight unknown until shipped). */
    netKgPerPallet: numeric('net_kg_per_pallet', { precision: 10, scale: 2 }),
    boxesPerPallet: integer('boxes_per_pallet'),
    netKgPerBox: numeric('net_kg_per_box', { precision: 10, scale: 3 }),
    availableUntil: date('available_until', { mode: 'string' }).notNull(),
    /** Quality class (issue 25, decision 870): required; lots from before it was asked were migrated to I. */
    qualityClass: qualityClassEnum('quality_class').notNull(),
    /** The variety (e.g. "Verna", "Raf"), optional. */
    variety: text('variety'),
    /** Packing or harvest day (a Paris calendar day), optional, never in the future. */
    packedOn: date('packed_on', { mode: 'string' }),
    /** The GTIN-14 of the boxes the lot is packed in (issue 37), optional: the pallet label encodes it as AI (02). */
    gtin: text('gtin'),
    /** Server-made file names, in display order. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: productStatusEnum('status').notNull().default('ENABLED'),
    auctionStartDate: timestamp('auction_start_date', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    highestAmount: numeric('highest_amount', { precision: 10, scale: 2 }),
    bidderCount: integer('bidder_count').notNull().default(0),
    /** €/kg; hidden from buyers; at or above the starting price. */
    reservePrice: numeric('reserve_price', { precision: 10, scale: 2 }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winningOfferId: bigint('winning_offer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_supplier_idx').on(t.supplierId),
    // The live auction list and the close job both walk open auctions by end time.
    index('products_open_auctions_idx')
      .on(t.endsAt)
      .where(sql`status = 'IN_AUCTION'`),
    // The marketplace list, newest first, page by page (migration 0005).
    index('products_on_sale_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'ENABLED' and auction_start_date is null`),
    // The marketplace by price, both ways (a btree reads backwards too; issue 25, decision 872).
    index('products_on_sale_price_idx')
      .on(t.price, t.id)
      .where(sql`status = 'ENABLED' and auction_start_date is null`),
    check('products_price_pos', sql`${t.price} > 0`),
    check('products_quantity_nonneg', sql`${t.quantity} >= 0`),
    check('products_net_kg_per_pallet_pos', sql`${t.netKgPerPallet} is null or ${t.netKgPerPallet} > 0`),
    check('products_boxes_per_pallet_pos', sql`${t.boxesPerPallet} is null or ${t.boxesPerPallet} > 0`),
    check('products_net_kg_per_box_pos', sql`${t.netKgPerBox} is null or ${t.netKgPerBox} > 0`),
    check('products_auction_dates', sql`(${t.auctionStartDate} is null) = (${t.endsAt} is null)`),
    check('products_gtin_shape', sql`${t.gtin} is null or ${t.gtin} ~ '^[0-9]{14}$'`),
    check('products_reserve_price_min', sql`${t.reservePrice} is null or ${t.reservePrice} >= ${t.price}`),
  ],
);

/** The lot a bid, maximum or request is made on: it goes with the lot. */
const lotRef = () =>
  integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });
/** The buyer who made it: it goes with the account. */
const buyerRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Bids. Serialized per lot by a row lock on the product, so ids rise in commit order within a lot. */
export const offers = pgTable(
  'offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: lotRef(),
    userId: buyerRef('user_id'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** Made by the client; a repeat of (user, key) answers the stored offer (decision 404). */
    idempotencyKey: text('idempotency_key'),
    /** Placed by the engine for a maximum (proxy bid), not typed by the buyer. */
    auto: boolean('auto').notNull().default(false),
    /**
     * The bidder's pseudonym number on this lot, 1 for the lot's first bidder (decision 700). place_bid
     * sets it; a trigger fills it for any other insert (fixtures, imports).
     */
    bidderNumber: integer('bidder_number'),
    /** The request behind idempotencyKey ("amount/max"): the same key with another body is refused (decision 703). */
    idempotencyRequest: text('idempotency_request'),
    /** How far the bid that made this offer moved the lot's end (soft close), in ms; 0 when it did not. */
    extendedMs: integer('extended_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Highest offer of a lot in one index probe (bid rule, auction list, close).
    index('offers_product_amount_idx').on(t.productId, t.amount.desc()),
    index('offers_user_idx').on(t.userId),
    uniqueIndex('offers_user_idempotency_key_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('offers_amount_pos', sql`${t.amount} > 0`),
  ],
);

/** A buyer's secret maximum on a lot (proxy bid, decision 400): only its owner reads it. */
export const auctionMaxima = pgTable(
  'auction_maxima',
  {
    productId: lotRef(),
    userId: buyerRef('user_id'),
    maxAmount: numeric('max_amount', { precision: 10, scale: 2 }).notNull(),
    /** Key of the last request that set it without placing an offer (a leader's raise). */
    idempotencyKey: text('idempotency_key'),
    /** The body of that request ("amount/max", decision 703). */
    idempotencyRequest: text('idempotency_request'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'auction_maxima_pk', columns: [t.productId, t.userId] }),
    index('auction_maxima_user_idx').on(t.userId),
    check('auction_maxima_amount_pos', sql`${t.maxAmount} > 0`),
  ],
);

export const purchaseRequestStatusEnum = pgEnum('purchase_request_status', ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'COUNTERED', 'COUNTER_DECLINED']);

/**
 * A buyer's request to buy pallets of a fixed-price lot at its price of the day; the seller accepts
 * it (an order at that price), declines it, or counters with another price that the buyer accepts
 * (an order at the counter price) or declines; unanswered, it expires PURCHASE_REQUEST_TTL_HOURS
 * after creation, a counter-offer as long after it was made (issue 21, issue 32 §4, decision 982).
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: serial('id').primaryKey(),
    productId: lotRef(),
    buyerId: buyerRef('buyer_id'),
    pallets: integer('pallets').notNull(),
    message: text('message').notNull().default(''),
    /** €/kg of the lot when the buyer asked; null on requests made before prices were kept (accepted at the lot's price). */
    pricePerKg: numeric('price_per_kg', { precision: 12, scale: 2 }),
    status: purchaseRequestStatusEnum('status').notNull().default('PENDING'),
    /** The seller's counter-offer (€/kg), its note and time; the order takes this price if the buyer accepts. */
    counterPricePerKg: numeric('counter_price_per_kg', { precision: 12, scale: 2 }),
    counterNote: text('counter_note'),
    counteredAt: timestamp('countered_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_requests_product_idx').on(t.productId),
    // The expiry job walks pending requests by age.
    index('purchase_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'PENDING'`),
    check('purchase_requests_pallets_pos', sql`${t.pallets} > 0`),
    check('purchase_requests_price_pos', sql`${t.pricePerKg} is null or ${t.pricePerKg} > 0`),
    check('purchase_requests_counter_pos', sql`${t.counterPricePerKg} is null or ${t.counterPricePerKg} > 0`),
  ],
);
