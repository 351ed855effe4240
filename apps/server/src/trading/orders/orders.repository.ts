import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { foldedSearch } from '../../db/fold.js';
import { emit } from '../../events/events.js';
import { claimViewSql } from '../claims/claims.read-model.js';
import { lotsView } from '../marketplace/marketplace.read-model.js';
import { articles, orderCounters, orderHistory, orders, purchaseRequests, transports } from '../../db/schema/index.js';
import { accountsView } from '../../companies/users/users.read-model.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type HistoryRow = typeof orderHistory.$inferSelect;
export type PurchaseRequestRow = typeof purchaseRequests.$inferSelect;

/**
 * The next number of `year`, with the counter row locked until the caller's commit: concurrent
 * creators queue here, so numbers follow commit order, and a rollback gives its number back (no gap).
 */
export async function nextNumber(tx: Executor, year: number): Promise<number> {
  const res = await tx.execute<{ last: number }>(sql`
    insert into order_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = order_counters.last + 1
    returning last`);
  return Number(res.rows[0]!.last);
}

export async function counter(db: Executor, year: number) {
  return (await db.select().from(orderCounters).where(eq(orderCounters.year, year)))[0]?.last ?? 0;
}

export async function carrier(db: Executor, id: number) {
  return (await db.select({ id: transports.id, name: transports.carrier }).from(transports).where(eq(transports.id, id)))[0];
}

export function carriers(db: Executor) {
  return db.select({ id: transports.id, name: transports.carrier }).from(transports).orderBy(asc(transports.carrier));
}

export async function insertOrder(tx: Executor, values: NewOrder) {
  return (await tx.insert(orders).values(values).returning())[0]!;
}

/** An auction's order, if its close already made one (the unique index makes a second impossible anyway). */
export async function auctionOrderOf(db: Executor, productId: number) {
  return (
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.productId, productId), eq(orders.source, 'AUCTION')))
  )[0];
}

export async function findOrder(db: Executor, id: number) {
  return (await db.select().from(orders).where(eq(orders.id, id)))[0];
}

/** Locks the order for a transition: two steps on one order are serialized. */
export async function lockOrder(tx: Executor, id: number) {
  return (await tx.select().from(orders).where(eq(orders.id, id)).for('update'))[0];
}

export async function updateOrder(tx: Executor, id: number, values: Partial<NewOrder>) {
  return (
    await tx
      .update(orders)
      .set({ ...values, updatedAt: sql`clock_timestamp()` })
      .where(eq(orders.id, id))
      .returning()
  )[0]!;
}

/**
 * A change of an order, in its history and as an event of the trade (decision 1001), in the caller's
 * transaction: `order.<new status>` (order.confirmed, order.delivered…), or `order.updated` when the
 * status stays. Only the order's two companies may see it.
 */
export async function insertHistory(tx: Executor, values: typeof orderHistory.$inferInsert) {
  await tx.insert(orderHistory).values({ ...values, at: sql`clock_timestamp()` });
  const [o] = await tx.select({ number: orders.number, sellerId: orders.sellerId, buyerId: orders.buyerId }).from(orders).where(eq(orders.id, values.orderId));
  await emit(tx, {
    name: values.fromStatus === values.toStatus ? 'order.updated' : `order.${values.toStatus.toLowerCase()}`,
    subject: 'order',
    subjectId: values.orderId,
    payload: {
      orderId: values.orderId,
      number: o?.number ?? null,
      from: values.fromStatus ?? null,
      to: values.toStatus,
      by: values.actor,
      noteCode: values.noteCode ?? null,
      noteParams: values.noteParams ?? null,
    },
    actor: { kind: values.actor === 'SYSTEM' ? 'system' : 'user', userId: values.actorUserId ?? null, role: values.actor },
    companyIds: [o?.sellerId, o?.buyerId].filter((id): id is number => typeof id === 'number'),
  });
}

export function historyOf(db: Executor, orderId: number) {
  return db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
}

// ---- lists ----------------------------------------------------------------------------------

export interface ListFilter {
  /** Orders where this user is the buyer (buying), the seller (selling) or either (both). */
  userId?: number;
  side?: 'buying' | 'selling';
  status?: OrderStatus;
  party?: number;
  from?: string;
  to?: string;
  q?: string;
}

function conditions(f: ListFilter): SQL[] {
  const where: SQL[] = [];
  if (f.userId !== undefined) {
    if (f.side === 'buying') where.push(eq(orders.buyerId, f.userId));
    else if (f.side === 'selling') where.push(eq(orders.sellerId, f.userId));
    else where.push(or(eq(orders.buyerId, f.userId), eq(orders.sellerId, f.userId))!);
  }
  if (f.party !== undefined) where.push(or(eq(orders.buyerId, f.party), eq(orders.sellerId, f.party))!);
  if (f.status) where.push(eq(orders.status, f.status));
  // Calendar days in Paris, like every date the app shows (decision 580).
  if (f.from) where.push(gte(orders.createdAt, sql`(${f.from}::date)::timestamp at time zone 'Europe/Paris'`));
  if (f.to) where.push(lt(orders.createdAt, sql`(${f.to}::date + 1)::timestamp at time zone 'Europe/Paris'`));
  const search = foldedSearch(f.q, [
    orders.number,
    sql`${orders.lot}->>'title'`,
    sql`${orders.lot}->'article'->>'en'`,
    sql`${orders.lot}->'article'->>'fr'`,
    sql`${orders.lot}->'article'->>'de'`,
    sql`${orders.lot}->'article'->>'es'`,
    sql`${orders.buyer}->>'companyName'`,
    sql`${orders.seller}->>'companyName'`,
  ]);
  if (search) where.push(search);
  return where;
}

/** One page, newest first (orders_{buyer,seller}_created_idx / orders_created_idx), and the count of all that match. */
export async function page(db: Executor, f: ListFilter, limit: number, offset: number) {
  const where = and(...conditions(f));
  const [rows, [count]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: count!.n };
}

/** Every matching order, newest first, in chunks (the CSV export streams them). */
export function chunk(db: Executor, f: ListFilter, limit: number, offset: number) {
  return db
    .select()
    .from(orders)
    .where(and(...conditions(f)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** Orders of these purchase requests (for the supplier's request list). */
export function byPurchaseRequests(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orders.id, number: orders.number, status: orders.status, purchaseRequestId: orders.purchaseRequestId })
    .from(orders)
    .where(inArray(orders.purchaseRequestId, ids));
}

/** Orders of these lots, newest first. */
export function byProducts(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orders.id, number: orders.number, status: orders.status, productId: orders.productId, buyerId: orders.buyerId })
    .from(orders)
    .where(inArray(orders.productId, productIds))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

// ---- jobs ----------------------------------------------------------------------------------

/** Shipped orders whose buyer said nothing for `hours`, locked, skipping those another instance holds. */
export async function lockShippedBefore(tx: Executor, before: Date, limit: number) {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'SHIPPED'), lt(orders.shippedAt, before)))
    .orderBy(asc(orders.shippedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Delivered orders past the window. An open claim keeps its order DELIVERED: its settlement closes it (issue 22). */
export async function lockDeliveredBefore(tx: Executor, before: Date, limit: number) {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'DELIVERED'),
        lt(orders.deliveredAt, before),
        sql`not exists (select 1 from ${claimViewSql} c where c.order_id = ${orders.id} and c.status <> 'SETTLED')`,
      ),
    )
    .orderBy(asc(orders.deliveredAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// ---- purchase requests ------------------------------------------------------------------------

export async function insertRequest(db: Executor, values: typeof purchaseRequests.$inferInsert) {
  return (await db.insert(purchaseRequests).values(values).returning())[0]!;
}

export async function lockRequest(tx: Executor, id: number) {
  return (await tx.select().from(purchaseRequests).where(eq(purchaseRequests.id, id)).for('update'))[0];
}

export async function decideRequest(
  tx: Executor,
  id: number,
  status: 'ACCEPTED' | 'DECLINED' | 'EXPIRED' | 'COUNTER_DECLINED',
  declineReason: string | null = null,
) {
  return (
    await tx
      .update(purchaseRequests)
      .set({ status, declineReason, decidedAt: sql`clock_timestamp()` })
      .where(eq(purchaseRequests.id, id))
      .returning()
  )[0]!;
}

/** The seller's counter-offer: the request waits for the buyer's answer (decision 982). */
export async function counterRequest(tx: Executor, id: number, pricePerKg: string, note: string) {
  return (
    await tx
      .update(purchaseRequests)
      .set({ status: 'COUNTERED', counterPricePerKg: pricePerKg, counterNote: note, counteredAt: sql`clock_timestamp()` })
      .where(eq(purchaseRequests.id, id))
      .returning()
  )[0]!;
}

/**
 * Requests left unanswered past `before`, locked (skipping those being answered right now): pending
 * ones by their creation, counter-offers by the time they were made.
 */
export function lockPendingBefore(tx: Executor, before: Date, limit: number) {
  return tx
    .select()
    .from(purchaseRequests)
    .where(
      or(
        and(eq(purchaseRequests.status, 'PENDING'), lt(purchaseRequests.createdAt, before)),
        and(eq(purchaseRequests.status, 'COUNTERED'), lt(purchaseRequests.counteredAt, before)),
      ),
    )
    .orderBy(asc(purchaseRequests.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The supplier's purchase requests with the lot's title and pallets left, newest first. */
export function requestsForSupplier(db: Executor, supplierId: number) {
  return db
    .select({
      request: purchaseRequests,
      productTitle: lotsView.name,
      available: lotsView.quantity,
      buyer: { companyName: accountsView.companyName, email: accountsView.email },
    })
    .from(purchaseRequests)
    .innerJoin(lotsView, eq(lotsView.id, purchaseRequests.productId))
    .innerJoin(accountsView, eq(accountsView.id, purchaseRequests.buyerId))
    .where(eq(lotsView.supplierId, supplierId))
    .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.id));
}

/** The buyer's own purchase requests with the lot's title, pallets left and seller, newest first. */
export function requestsOfBuyer(db: Executor, buyerId: number) {
  return db
    .select({
      request: purchaseRequests,
      productTitle: lotsView.name,
      available: lotsView.quantity,
      seller: { companyName: accountsView.companyName },
    })
    .from(purchaseRequests)
    .innerJoin(lotsView, eq(lotsView.id, purchaseRequests.productId))
    .innerJoin(accountsView, eq(accountsView.id, lotsView.supplierId))
    .where(eq(purchaseRequests.buyerId, buyerId))
    .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.id));
}

export async function orderOfRequest(db: Executor, purchaseRequestId: number) {
  return (await db.select().from(orders).where(eq(orders.purchaseRequestId, purchaseRequestId)))[0];
}

/** The catalog family of a lot's article: fruits or vegetables decide the CMR's HS chapter (07 or 08). */
export async function articleFamily(db: Executor, articleId: number) {
  return (await db.select({ family: articles.family }).from(articles).where(eq(articles.id, articleId)))[0]?.family ?? null;
}
