import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminClaimListQuery } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { foldedSearch } from '../../db/fold.js';
import { emit } from '../../events/events.js';
import { claimHistory, claims } from '../../db/schema/index.js';
import { orderView } from '../orders/orders.read-model.js';

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaim = typeof claims.$inferInsert;
export type ClaimHistoryRow = typeof claimHistory.$inferSelect;
export type NewClaimHistory = typeof claimHistory.$inferInsert;

export async function insertClaim(tx: Executor, values: NewClaim) {
  return (await tx.insert(claims).values(values).returning())[0]!;
}

export async function updateClaim(tx: Executor, id: number, values: Partial<NewClaim>) {
  return (
    await tx
      .update(claims)
      .set({ ...values, updatedAt: sql`clock_timestamp()` })
      .where(eq(claims.id, id))
      .returning()
  )[0]!;
}

/** A step of a claim, in its history and as the event `claim.<step>` (decision 1001), seen by the order's two companies. */
/**
 * A claim step in its history, with its `claim.<step>` event (the claim-messages processor tells both
 * parties from it). `acceptedWhat` says, for an acceptance, whether a proposal or a rejection was accepted.
 */
export async function insertHistory(tx: Executor, values: NewClaimHistory, acceptedWhat?: 'proposal' | 'rejection') {
  const row = (await tx.insert(claimHistory).values(values).returning())[0]!;
  const [c] = await tx
    .select({ orderId: claims.orderId, sellerId: orderView.sellerId, buyerId: orderView.buyerId })
    .from(claims)
    .innerJoin(orderView, eq(orderView.id, claims.orderId))
    .where(eq(claims.id, values.claimId));
  await emit(tx, {
    name: `claim.${values.step}`,
    subject: 'claim',
    subjectId: values.claimId,
    payload: {
      claimId: values.claimId,
      orderId: c?.orderId ?? null,
      historyId: row.id,
      step: values.step,
      by: values.actor,
      credit: values.credit ?? null,
      ...(acceptedWhat ? { acceptedWhat } : {}),
    },
    actor: { kind: values.actor === 'SYSTEM' ? 'system' : 'user', userId: values.actorUserId ?? null, role: values.actor },
    companyIds: [c?.sellerId, c?.buyerId].filter((id): id is number => typeof id === 'number'),
  });
  return row;
}

/** The order's claim that is not settled, if any. */
export async function openClaimOf(db: Executor, orderId: number) {
  return (
    await db
      .select()
      .from(claims)
      .where(and(eq(claims.orderId, orderId), ne(claims.status, 'SETTLED')))
  )[0];
}

/** One claim of one order, locked for a step (two steps on one claim are serialized). */
export async function lockClaim(tx: Executor, orderId: number, claimId: number) {
  return (
    await tx
      .select()
      .from(claims)
      .where(and(eq(claims.id, claimId), eq(claims.orderId, orderId)))
      .for('update')
  )[0];
}

export async function findClaim(db: Executor, orderId: number, claimId: number) {
  return (
    await db
      .select()
      .from(claims)
      .where(and(eq(claims.id, claimId), eq(claims.orderId, orderId)))
  )[0];
}

export async function claimsOf(db: Executor, orderId: number) {
  return db.select().from(claims).where(eq(claims.orderId, orderId)).orderBy(asc(claims.id));
}

export async function historyOf(db: Executor, claimIds: number[]) {
  if (claimIds.length === 0) return [];
  return db.select().from(claimHistory).where(inArray(claimHistory.claimId, claimIds)).orderBy(asc(claimHistory.id));
}

/** The article's family, for the CMR's statistical number (HS chapter 07 or 08). */
/** The operator's queue: claims with their order, filtered, oldest open first, then newest settled. */
export async function page(db: Executor, q: AdminClaimListQuery) {
  const where: SQL[] = [];
  if (q.status === 'open') where.push(ne(claims.status, 'SETTLED'));
  else if (q.status) where.push(eq(claims.status, q.status));
  if (q.reason) where.push(sql`${claims.reasons} @> ${JSON.stringify([q.reason])}::jsonb`);
  const search = foldedSearch(q.q, [
    orderView.number,
    sql`${orderView.buyer}->>'companyName'`,
    sql`${orderView.seller}->>'companyName'`,
    sql`${orderView.lot}->>'title'`,
  ]);
  if (search) where.push(search);
  const cond = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        claim: claims,
        order: {
          id: orderView.id,
          number: orderView.number,
          status: orderView.status,
          buyer: orderView.buyer,
          seller: orderView.seller,
          lot: orderView.lot,
          amount: orderView.amount,
        },
      })
      .from(claims)
      .innerJoin(orderView, eq(orderView.id, claims.orderId))
      .where(cond)
      // Waiting claims first (escalated before the others), the oldest at the top; settled ones after.
      .orderBy(
        sql`case ${claims.status} when 'ESCALATED' then 0 when 'SETTLED' then 2 else 1 end`,
        sql`case when ${claims.status} = 'SETTLED' then null else ${claims.createdAt} end asc nulls last`,
        desc(claims.updatedAt),
        desc(claims.id),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: count() })
      .from(claims)
      .innerJoin(orderView, eq(orderView.id, claims.orderId))
      .where(cond)
      .then((r) => r[0]?.n ?? 0),
  ]);
  return { rows, total };
}
