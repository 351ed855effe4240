import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * The pallets of a shipment (issue 37, decision 1014): each with its identity — an SSCC built from the
 * seller's GS1 company prefix, or Primeur's internal number (`gs1` false) — its weights and boxes, and
 * its receipt when the buyer scans it. Written in the shipping transaction, never renumbered.
 */
export const pallets = pgTable(
  'pallets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1 … shipped pallets, in loading order. */
    seq: integer('seq').notNull(),
    /** 18-digit SSCC when `gs1`, else `PRM-YYYY-NNNNNN-Pnn`. */
    code: text('code').notNull(),
    gs1: boolean('gs1').notNull(),
    netKg: numeric('net_kg', { precision: 10, scale: 2 }).notNull(),
    grossKg: numeric('gross_kg', { precision: 10, scale: 2 }),
    boxes: integer('boxes'),
    /** When the buyer scanned or ticked it at the dock, and who. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pallets_code_uq').on(t.code),
    uniqueIndex('pallets_order_seq_uq').on(t.orderId, t.seq),
    check('pallets_seq_pos', sql`${t.seq} > 0`),
    check('pallets_net_pos', sql`${t.netKg} > 0`),
    check('pallets_gross_ge_net', sql`${t.grossKg} is null or ${t.grossKg} >= ${t.netKg}`),
    check('pallets_boxes_pos', sql`${t.boxes} is null or ${t.boxes} > 0`),
    check('pallets_sscc_shape', sql`not ${t.gs1} or ${t.code} ~ '^[0-9]{18}$'`),
  ],
);

/**
 * How many SSCCs each GS1 company prefix has given: the shipping transaction takes the row locked, so
 * two shipments never number the same pallet. Keyed by the prefix, not the seller: a prefix that
 * moves to another account goes on counting.
 */
export const ssccCounters = pgTable(
  'sscc_counters',
  {
    prefix: text('prefix').primaryKey(),
    next: bigint('next', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('sscc_counters_next_nonneg', sql`${t.next} >= 0`)],
);
