import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feedEntries } from '../../db/schema/index.js';

export type FeedEntryRow = typeof feedEntries.$inferSelect;

/**
 * Appends an entry to a company's feed with the next sequence (the last + 1: no gap). Only the
 * `api-feed` processor writes, one pass at a time across instances (its cursor's lock), so no two
 * appends race for a number; an event already in the feed (a replayed pass) is left as it is.
 */
export async function append(tx: Executor, e: Omit<FeedEntryRow, 'sequence'>) {
  await tx.execute(sql`
    insert into feed_entries (company_id, sequence, event_id, type, occurred_at, data)
    select ${e.companyId}, coalesce(max(sequence), 0) + 1, ${e.eventId}, ${e.type}, ${e.occurredAt.toISOString()}::timestamptz, ${JSON.stringify(e.data)}::jsonb
      from feed_entries where company_id = ${e.companyId}
    on conflict (company_id, event_id) do nothing`);
}

/** A company's entries after `after`, oldest first, of the given types (all when undefined). */
export function after(db: Executor, companyId: number, afterSequence: number, limit: number, types?: readonly string[]) {
  return db
    .select()
    .from(feedEntries)
    .where(and(eq(feedEntries.companyId, companyId), gt(feedEntries.sequence, afterSequence), types ? inArray(feedEntries.type, [...types]) : undefined))
    .orderBy(asc(feedEntries.sequence))
    .limit(limit);
}

/** The last sequence of a company's feed (0 when empty). */
export async function lastSequence(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${feedEntries.sequence})` })
    .from(feedEntries)
    .where(eq(feedEntries.companyId, companyId));
  return Number(row?.last ?? 0);
}
