import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL 64-bit transaction id (`xid8`), kept as its decimal text: it never wraps, and it orders
 * the events by the transaction that wrote them (decision 1002).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Who caused an event: a person of a company, the operator, or the platform itself (a job). */
export interface EventActor {
  kind: 'user' | 'system';
  userId?: number | null;
  role?: string | null;
  /** The company's API token the change came through (decision 1008): its id and name when it was used. */
  apiToken?: { id: number; name: string } | null;
}

/**
 * What happened in the trade, one row per fact, written in the transaction that made it (issue 33 §2,
 * decision 1001). Kept: processors read them after their cursor, and they become the API's change feed.
 * `company_ids` are the companies allowed to see the event (an order's seller and buyer), never others.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `<subject>.<what>`: order.delivered, claim.settled… */
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    actor: jsonb('actor').$type<EventActor>(),
    companyIds: integer('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /**
     * The writing transaction: a reader takes only the events of transactions older than every one still
     * running (the snapshot's xmin), so an event committed late below a larger id is never passed over.
     */
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('events_subject_idx').on(t.subject, t.subjectId, t.id), index('events_txid_idx').on(t.txid, t.id)],
);

/**
 * Each processor's position in the events: the (transaction, id) of the last event it has handled (or
 * parked); the events are read in that order.
 */
export const eventCursors = pgTable('event_cursors', {
  processor: text('processor').primaryKey(),
  positionTxid: xid8('position_txid')
    .notNull()
    .default(sql`'0'::xid8`),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  handled: bigint('handled', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Events a processor could not handle yet: retried with back-off, oldest first per subject; a later
 * event of the same subject waits behind them (its order matters), other subjects go on.
 */
export const eventFailures = pgTable(
  'event_failures',
  {
    processor: text('processor').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull(),
    lastError: text('last_error').notNull().default(''),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.processor, t.eventId] }), index('event_failures_subject_idx').on(t.processor, t.subject, t.subjectId, t.eventId)],
);
