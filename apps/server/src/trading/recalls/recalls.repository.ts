import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { recallNotices, recalls } from '../../db/schema/index.js';

export type RecallRow = typeof recalls.$inferSelect;
export type NoticeRow = typeof recallNotices.$inferSelect;

export async function insertRecall(tx: Executor, values: typeof recalls.$inferInsert) {
  return (await tx.insert(recalls).values(values).returning())[0]!;
}

export async function insertNotices(tx: Executor, values: Array<typeof recallNotices.$inferInsert>) {
  return values.length ? tx.insert(recallNotices).values(values).returning() : [];
}

export const findRecall = async (db: Executor, id: number) => (await db.select().from(recalls).where(eq(recalls.id, id)))[0];

export const noticesOf = (db: Executor, recallId: number) =>
  db.select().from(recallNotices).where(eq(recallNotices.recallId, recallId)).orderBy(asc(recallNotices.companyName), asc(recallNotices.id));

/** Every recall, newest first, with its count of buyers, of acknowledgements and its last acknowledgement. */
export function listWithCounts(db: Executor) {
  return db
    .select({
      recall: recalls,
      buyers: sql<number>`count(${recallNotices.id})::int`,
      acknowledged: sql<number>`count(${recallNotices.acknowledgedAt})::int`,
      lastAck: sql<Date | null>`max(${recallNotices.acknowledgedAt})`,
    })
    .from(recalls)
    .leftJoin(recallNotices, eq(recallNotices.recallId, recalls.id))
    .groupBy(recalls.id)
    .orderBy(desc(recalls.startedAt), desc(recalls.id));
}

/** A buyer's notices with their recalls, unacknowledged first, newest first. */
export function noticesOfBuyer(db: Executor, buyerId: number) {
  return db
    .select({ notice: recallNotices, recall: recalls })
    .from(recallNotices)
    .innerJoin(recalls, eq(recalls.id, recallNotices.recallId))
    .where(eq(recallNotices.buyerId, buyerId))
    .orderBy(sql`${recallNotices.acknowledgedAt} is not null`, desc(recalls.startedAt), desc(recallNotices.id))
    .limit(200);
}

/** Records the buyer's acknowledgement once (a second click keeps the first time); answers the notice, undefined when it is not the buyer's. */
export async function acknowledge(db: Executor, recallId: number, buyerId: number, by: number) {
  await db
    .update(recallNotices)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: by })
    .where(and(eq(recallNotices.recallId, recallId), eq(recallNotices.buyerId, buyerId), isNull(recallNotices.acknowledgedAt)));
  return (
    await db
      .select()
      .from(recallNotices)
      .where(and(eq(recallNotices.recallId, recallId), eq(recallNotices.buyerId, buyerId)))
  )[0];
}
