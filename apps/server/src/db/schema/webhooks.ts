import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const LIVE = sql`status in ('pending', 'failed')`;

/**
 * A company's webhook endpoints (decision 1012): where its change feed (`feed_entries`) is POSTed, one
 * signed request per event, to the Standard Webhooks specification. `position` is the feed's sequence
 * taken up to: the delivery job turns the entries after it into deliveries and moves it.
 *
 * The signing secret is kept **in clear**: signing needs it (HMAC-SHA256), unlike an API token, which
 * the server only compares (decision 1008). It never leaves the server after its creation's answer.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    /** The company account (a `users` row): a deleted account takes its endpoints and their log with it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Public feed types it receives; empty: every type. */
    types: text('types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `whsec_` and the key in base64. */
    secret: text('secret').notNull(),
    /** After a rotation, the previous secret signs beside the new one until `previous_secret_until`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** `manual` (the company switched it off) or `failing` (72 h of failures); null while enabled. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The company's feed sequence taken up to (deliveries exist for the matching entries up to it). */
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    /** The first failure since the last success; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The last attempt made to it: when, how it ended (delivered, failed, abandoned), the answer's status code. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastAttemptStatus: text('last_attempt_status'),
    lastAttemptCode: integer('last_attempt_code'),
    /**
     * The instance sending to it, until when (a lease): one sender per endpoint across instances. A
     * crashed instance's lease runs out and another takes the endpoint over.
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_company_idx').on(t.companyId, t.id),
    check('webhook_endpoints_disabled_reason_chk', sql`${t.disabledReason} is null or ${t.disabledReason} in ('manual', 'failing')`),
    check('webhook_endpoints_url_length', sql`char_length(${t.url}) between 1 and 2000`),
  ],
);

/**
 * One event's delivery to one endpoint: unique per (endpoint, event), so an event is one delivery,
 * whose every attempt, resend and replay carries the same `webhook-id` (the feed's `evt_<event id>`).
 * A pending row whose `next_attempt_at` is ahead and `last_attempt_at` recent is being sent (claimed):
 * if the sender dies, the row comes due again when the claim runs out and is sent again (at least once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event (events.id) and its place in the company's feed. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /**
     * What the event is about (`order:12`, `invoice:40`, `lot:7`…): a delivery waits while an earlier one
     * of the same subject to the same endpoint is not delivered, so each subject's events arrive in order.
     */
    subject: text('subject').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The 72 hours of retries count from here. */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    // The log, newest first, and the next one to send (oldest first), and what an earlier one of a subject holds back.
    index('webhook_deliveries_endpoint_sequence_idx').on(t.endpointId, t.sequence),
    index('webhook_deliveries_live_idx').on(t.endpointId, t.nextAttemptAt).where(LIVE),
    index('webhook_deliveries_live_subject_idx').on(t.endpointId, t.subject, t.sequence).where(LIVE),
    check('webhook_deliveries_status_chk', sql`${t.status} in ('pending', 'failed', 'delivered', 'abandoned')`),
  ],
);
