import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { transports } from './catalog.js';
import { products, purchaseRequests } from './listings.js';
import { users } from './users.js';

export const orderStatusEnum = pgEnum('order_status', ['CONFIRMED', 'SHIPPED', 'DELIVERED', 'CLOSED', 'CANCELLED']);
export const orderSourceEnum = pgEnum('order_source', ['AUCTION', 'PURCHASE_REQUEST']);
export const orderActorEnum = pgEnum('order_actor', ['BUYER', 'SELLER', 'OPERATOR', 'SYSTEM']);
export const orderWeightBasisEnum = pgEnum('order_weight_basis', ['SHIPPED', 'RECEIVED']);

/** A company as it was at the sale: what the confirmation, the CMR and the invoice print. */
export interface PartySnapshot {
  userId: number;
  companyName: string;
  address: string;
  postalCode: string;
  city: string;
  countryAlpha2: string;
  countryName: string;
  vatId: string;
  email: string;
}

export interface AddressSnapshot {
  address: string;
  postalCode: string;
  city: string;
  countryAlpha2: string;
}

/** The lot as it was at the sale. */
export interface LotSnapshot {
  productId: number;
  articleId: number;
  article: { en: string; fr: string; de: string; es: string };
  title: string;
  caliber: string;
  originAlpha2: string;
  originName: string;
  packaging: string;
  photo: string | null;
  netKgPerPallet: number | null;
  boxesPerPallet: number | null;
  netKgPerBox: number | null;
  qualityClass: string | null;
  /** The lot's variety and packing day (issue 25); absent on orders made before they were asked. */
  variety?: string | null;
  packedOn?: string | null;
  /** The GTIN-14 of the lot's boxes (issue 37); absent on orders made before it was asked. */
  gtin?: string | null;
}

/**
 * Every sale (decisions 720–739). The parties' and the lot's data are snapshots (jsonb) so documents
 * stay true after profile or lot edits; the ids beside them (set null when the row goes) serve
 * access checks and lists. Money numeric(…, 2), weights in kg numeric(…, 2).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** PRM-YYYY-NNNNNN from order_counters, locked in the creating transaction. */
    number: text('number').notNull(),
    status: orderStatusEnum('status').notNull().default('CONFIRMED'),
    source: orderSourceEnum('source').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    purchaseRequestId: integer('purchase_request_id').references(() => purchaseRequests.id, { onDelete: 'set null' }),
    /** The winning offer (AUCTION). */
    offerId: bigint('offer_id', { mode: 'number' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyer: jsonb('buyer').$type<PartySnapshot>().notNull(),
    seller: jsonb('seller').$type<PartySnapshot>().notNull(),
    lot: jsonb('lot').$type<LotSnapshot>().notNull(),
    pallets: integer('pallets').notNull(),
    estimatedNetKg: numeric('estimated_net_kg', { precision: 14, scale: 2 }),
    pricePerKg: numeric('price_per_kg', { precision: 12, scale: 2 }).notNull(),
    /** € excl. VAT for the best known net kg (lineAmountCents); NULL while no weight is known. */
    amount: numeric('amount', { precision: 16, scale: 2 }),
    currency: text('currency').notNull().default('EUR'),
    incoterm: text('incoterm').notNull(),
    incotermPlace: text('incoterm_place').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>().notNull(),
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    carrierId: integer('carrier_id').references(() => transports.id, { onDelete: 'set null' }),
    carrierName: text('carrier_name'),
    shippedPallets: integer('shipped_pallets'),
    shippedNetKg: numeric('shipped_net_kg', { precision: 14, scale: 2 }),
    departureDate: date('departure_date', { mode: 'string' }),
    vehiclePlate: text('vehicle_plate'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedPallets: integer('received_pallets'),
    receivedNetKg: numeric('received_net_kg', { precision: 14, scale: 2 }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedAutomatically: boolean('received_automatically').notNull().default(false),
    /**
     * Which weight the amount and the invoice use (issue 32 §3, decision 981): RECEIVED when the
     * buyer's receipt is within the tolerance of the shipment, SHIPPED for the automatic receipt and
     * for a receipt short beyond it (the difference is then a weight claim); null before receipt.
     */
    invoicedWeight: orderWeightBasisEnum('invoiced_weight'),
    /** The buyer's note of what differed at receipt (issue 22), null when nothing was flagged. */
    receivedDifferences: text('received_differences'),
    /** When the DELIVERED step was recorded (the claim window runs from here). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    // Exactly one order per auction and per accepted request, whatever the number of closers.
    uniqueIndex('orders_auction_product_uq')
      .on(t.productId)
      .where(sql`source = 'AUCTION'`),
    uniqueIndex('orders_purchase_request_uq').on(t.purchaseRequestId),
    // The lists, newest first: each party's, and the operator's. NULLS FIRST is what ORDER BY … DESC
    // means; an index ordered NULLS LAST (drizzle's default for desc()) could not serve it.
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The status filters (a party's tab, the operator's filter) walk the same order within one status.
    index('orders_buyer_status_created_idx').on(t.buyerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_seller_status_created_idx').on(t.sellerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_product_idx').on(t.productId),
    // The lifecycle job: shipped orders by shipping time, delivered ones by delivery time.
    index('orders_shipped_due_idx')
      .on(t.shippedAt)
      .where(sql`status = 'SHIPPED'`),
    index('orders_delivered_due_idx')
      .on(t.deliveredAt)
      .where(sql`status = 'DELIVERED'`),
    check('orders_pallets_pos', sql`${t.pallets} > 0`),
    check('orders_price_pos', sql`${t.pricePerKg} > 0`),
    check('orders_shipped_le_ordered', sql`${t.shippedPallets} is null or (${t.shippedPallets} > 0 and ${t.shippedPallets} <= ${t.pallets})`),
    check(
      'orders_received_le_shipped',
      sql`${t.receivedPallets} is null or (${t.receivedPallets} > 0 and ${t.receivedPallets} <= ${t.shippedPallets} and ${t.receivedNetKg} <= ${t.shippedNetKg})`,
    ),
  ],
);

/** Every change of an order: who, when, from → to, note. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: orderActorEnum('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    /** What a person wrote (a cancel reason, receipt differences, a claim note); older rows: the whole note in English. */
    note: text('note').notNull().default(''),
    /** What happened, as a code the reader's language renders (ORDER_NOTE_CODES), with its values; null on older rows. */
    noteCode: text('note_code'),
    noteParams: jsonb('note_params').$type<Record<string, string | number | null>>(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

/**
 * The last order number of each year. Taken with the row locked in the creating transaction, so
 * numbers follow commit order without gaps (a rolled-back order gives its number back) — a database
 * sequence would leave gaps.
 */
export const orderCounters = pgTable('order_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
