import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderActorEnum, orders } from './orders.js';
import { users } from './users.js';

export const claimStatusEnum = pgEnum('claim_status', ['OPEN', 'PROPOSED', 'REJECTED', 'ESCALATED', 'SETTLED']);
export const claimStepEnum = pgEnum('claim_step', ['filed', 'accepted', 'proposed', 'rejected', 'escalated', 'decided']);

/**
 * A buyer's quality claim on a delivered order (issue 22, decisions 800–819). The settled credit and
 * its time are what the invoicing issues a credit note from. At most one claim per order is not
 * SETTLED: the partial unique index holds that even when two filings race.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: claimStatusEnum('status').notNull().default('OPEN'),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    pallets: integer('pallets'),
    netKg: numeric('net_kg', { precision: 14, scale: 2 }),
    description: text('description').notNull(),
    /** A receipt short beyond the weight tolerance (decision 981): asked for by the receipt itself, its credit the missing kg. */
    weightDispute: boolean('weight_dispute').notNull().default(false),
    /** Server-made file names under DATA_DIR/claim-photos/{id}/. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    creditAsked: numeric('credit_asked', { precision: 16, scale: 2 }).notNull(),
    creditProposed: numeric('credit_proposed', { precision: 16, scale: 2 }),
    settledCredit: numeric('settled_credit', { precision: 16, scale: 2 }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    filedBy: integer('filed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('claims_one_open_per_order_uq')
      .on(t.orderId)
      .where(sql`status <> 'SETTLED'`),
    index('claims_order_idx').on(t.orderId, t.id),
    // The operator's queue: by status, oldest first.
    index('claims_status_created_idx').on(t.status, t.createdAt),
    check('claims_credit_asked_pos', sql`${t.creditAsked} > 0`),
    check('claims_credit_proposed_nonneg', sql`${t.creditProposed} is null or ${t.creditProposed} >= 0`),
    check('claims_settled_consistent', sql`(${t.status} = 'SETTLED') = (${t.settledCredit} is not null and ${t.settledAt} is not null)`),
    check('claims_settled_nonneg', sql`${t.settledCredit} is null or ${t.settledCredit} >= 0`),
  ],
);

/** Every step of a claim: who, when, the credit it names, the note. */
export const claimHistory = pgTable(
  'claim_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    step: claimStepEnum('step').notNull(),
    actor: orderActorEnum('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    credit: numeric('credit', { precision: 16, scale: 2 }),
    note: text('note').notNull().default(''),
  },
  (t) => [index('claim_history_claim_idx').on(t.claimId, t.id)],
);
