import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The traders' change feed (issue 34 §2, decision 1011): one row per event a company may see, numbered
 * per company from 1 without a gap (`sequence`), with the resource as the API showed it to that company
 * when the event was taken. Written by the `api-feed` processor alone, in the events' order; read by
 * `GET /api/v1/events` and the webhooks.
 */
export const feedEntries = pgTable(
  'feed_entries',
  {
    /** The company (its account): a deleted account takes its feed with it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    /** The event it tells (events.id): the same id for each company, so a client can deduplicate. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The public type: order.shipped, invoice.issued, purchase_request.declined… */
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.sequence] }),
    uniqueIndex('feed_entries_company_event_uq').on(t.companyId, t.eventId),
    index('feed_entries_event_idx').on(t.eventId),
  ],
);
