import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inboundMessages, uncheckedProducts } from '../../db/schema/index.js';
import { companyView } from '../../companies/companies/company-view.js';

export type InboundMessageRow = typeof inboundMessages.$inferSelect;
export type UncheckedRow = typeof uncheckedProducts.$inferSelect;
export type NewUncheckedRow = typeof uncheckedProducts.$inferInsert;

const selection = {
  row: uncheckedProducts,
  message: inboundMessages,
  supplier: { id: companyView.id, company: companyView.company },
};

/** Rows per INSERT when storing a large notification (bounded statements, the event loop breathes between them). */
const STORE_CHUNK = 25;

/**
 * Stores received messages as they arrived, waiting to be parsed; a message id seen before is
 * skipped (Meta redelivers until it gets a 200). Returns how many were new.
 */
export async function storeMessages(db: Executor, values: Array<typeof inboundMessages.$inferInsert>, between: () => Promise<void> = async () => {}) {
  let stored = 0;
  for (let i = 0; i < values.length; i += STORE_CHUNK) {
    if (i > 0) await between();
    const rows = await db
      .insert(inboundMessages)
      .values(values.slice(i, i + STORE_CHUNK))
      .onConflictDoNothing({ target: inboundMessages.externalId })
      .returning({ id: inboundMessages.id });
    stored += rows.length;
  }
  return stored;
}

/**
 * Takes up to `limit` messages waiting to be parsed, and those whose parsing instance died (claim
 * older than `staleMs`), in arrival order. SKIP LOCKED: several instances share the work without
 * taking the same message.
 */
export async function claimBatch(db: Executor, limit: number, staleMs: number) {
  const rows = await db.execute<{ id: number }>(sql`
    update inbound_messages set status = 'parsing', claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from inbound_messages
      where status = 'pending' or (status = 'parsing' and claimed_at < now() - make_interval(secs => ${staleMs / 1000}))
      order by id limit ${limit} for update skip locked
    )
    returning id`);
  const ids = rows.rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(inboundMessages).where(inArray(inboundMessages.id, ids)).orderBy(asc(inboundMessages.id));
}

export async function markParsed(db: Executor, ids: number[]) {
  if (!ids.length) return;
  await db.update(inboundMessages).set({ status: 'parsed', parseError: null, parsedAt: new Date(), claimedAt: null }).where(inArray(inboundMessages.id, ids));
}

export async function markFailed(db: Executor, id: number, error: string) {
  await db
    .update(inboundMessages)
    .set({ status: 'failed', parseError: error.slice(0, 2000), claimedAt: null })
    .where(eq(inboundMessages.id, id));
}

/** Messages that could not be parsed (or are still waiting), newest first, for the review page. */
export function unparsed(db: Executor, limit: number) {
  return db
    .select()
    .from(inboundMessages)
    .where(inArray(inboundMessages.status, ['failed', 'pending', 'parsing']))
    .orderBy(desc(inboundMessages.id))
    .limit(limit);
}

/** The number of messages waiting to be parsed or being parsed. */
export function countToParse(db: Executor) {
  return db.$count(inboundMessages, inArray(inboundMessages.status, ['pending', 'parsing']));
}

/** Puts a failed message back in the queue; false when it is not a failed one. */
export async function requeue(db: Executor, id: number) {
  const rows = await db
    .update(inboundMessages)
    .set({ status: 'pending', claimedAt: null })
    .where(and(eq(inboundMessages.id, id), eq(inboundMessages.status, 'failed')))
    .returning({ id: inboundMessages.id });
  return rows.length > 0;
}

export async function deleteRowsOfMessages(db: Executor, messageIds: number[]) {
  if (!messageIds.length) return;
  await db.delete(uncheckedProducts).where(inArray(uncheckedProducts.messageId, messageIds));
}

/** The new message, or undefined when its external id was seen before (a redelivery). */
export async function insertMessage(db: Executor, values: typeof inboundMessages.$inferInsert) {
  const [row] = await db.insert(inboundMessages).values(values).onConflictDoNothing({ target: inboundMessages.externalId }).returning();
  return row;
}

export async function insertRows(db: Executor, rows: NewUncheckedRow[], between: () => Promise<void> = async () => {}) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 25) {
    if (i > 0) await between();
    const chunk = await db
      .insert(uncheckedProducts)
      .values(rows.slice(i, i + 25))
      .returning({ id: uncheckedProducts.id });
    ids.push(...chunk.map((r) => r.id));
  }
  return ids;
}

/** Oldest first, so staff work through messages in the order they came. */
export function page(db: Executor, offset: number, limit: number) {
  return db
    .select(selection)
    .from(uncheckedProducts)
    .innerJoin(inboundMessages, eq(inboundMessages.id, uncheckedProducts.messageId))
    .leftJoin(companyView, and(eq(companyView.id, uncheckedProducts.supplierId), eq(companyView.kind, 'supplier')))
    .orderBy(asc(uncheckedProducts.createdAt), asc(uncheckedProducts.id))
    .offset(offset)
    .limit(limit);
}

export function byIds(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select(selection)
    .from(uncheckedProducts)
    .innerJoin(inboundMessages, eq(inboundMessages.id, uncheckedProducts.messageId))
    .leftJoin(companyView, and(eq(companyView.id, uncheckedProducts.supplierId), eq(companyView.kind, 'supplier')))
    .where(inArray(uncheckedProducts.id, ids))
    .orderBy(asc(uncheckedProducts.id));
}

export async function total(db: Executor) {
  const [r] = await db.select({ n: count() }).from(uncheckedProducts);
  return r?.n ?? 0;
}

/** Locks the row for the move, so two clicks cannot create two variants. */
export async function findForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, id)).for('update');
  return row;
}

async function delete_(db: Executor, id: number) {
  const rows = await db.delete(uncheckedProducts).where(eq(uncheckedProducts.id, id)).returning({ id: uncheckedProducts.id });
  return rows.length > 0;
}

export { delete_ as delete };

export type UncheckedWithRefs = Awaited<ReturnType<typeof page>>[number];
