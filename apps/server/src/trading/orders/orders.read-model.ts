import type { OrderRef } from '@primeur/shared';
import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { presentRef } from './orders.presenter.js';
import * as repo from './orders.repository.js';

/**
 * The orders read model other modules read (decision 1005): one order, its status, the orders of
 * some lots, and the order columns their lists and the books' rules join (a subquery joined like a
 * table, which PostgreSQL inlines: the plan is the join it replaces). It depends on the orders
 * repository and presenter only, so the modules the orders service builds on (invoicing, the
 * marketplace) read orders without an import circle.
 */
export type { OrderRow } from './orders.repository.js';

const qb = new QueryBuilder();
const orderColumns = qb
  .select({
    id: orders.id,
    number: orders.number,
    status: orders.status,
    sellerId: orders.sellerId,
    buyerId: orders.buyerId,
    seller: orders.seller,
    buyer: orders.buyer,
    lot: orders.lot,
    amount: orders.amount,
    receivedNetKg: orders.receivedNetKg,
    deliveredAt: orders.deliveredAt,
    receivedAt: orders.receivedAt,
    updatedAt: orders.updatedAt,
  })
  .from(orders);

/** Every order's number, status, parties (ids and snapshots), lot, amount, received weight and times, as a subquery to join like a table. */
export const orderView = orderColumns.as('order_view');

/** The same columns for the queries written in SQL: `join ${orderViewSql} o on o.id = …`. */
export const orderViewSql = sql`${orderColumns}`;

/** The order row (undefined: no such order). */
export const findRow = (db: Executor, id: number) => repo.findOrder(db, id);

/** The order row share-locked: a cancellation (which locks it for update) waits for the caller's commit, and the caller for the cancellation's. */
export async function lockRowShared(tx: Executor, id: number) {
  return (await tx.select().from(orders).where(eq(orders.id, id)).for('share'))[0];
}

/** The order's status (null: no such order). */
export async function statusOf(db: Executor, id: number) {
  return (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status ?? null;
}

/** The orders of these lots (the seller's lot list) and of won auctions, as links with their buyer, newest first, by lot. */
export async function refsByProducts(db: Executor, productIds: number[]): Promise<Map<number, Array<OrderRef & { buyerId: number | null }>>> {
  const out = new Map<number, Array<OrderRef & { buyerId: number | null }>>();
  for (const o of await repo.byProducts(db, productIds)) {
    if (o.productId === null) continue;
    const list = out.get(o.productId) ?? [];
    list.push({ ...presentRef(o), buyerId: o.buyerId });
    out.set(o.productId, list);
  }
  return out;
}

/** The orders of one lot, oldest first (the trace's chain forward); `lock`: share-locked, so no step changes them before the caller commits. */
export const rowsOfLot = (db: Executor, productId: number, lock = false) => {
  const q = db.select().from(orders).where(eq(orders.productId, productId)).orderBy(orders.createdAt, orders.id);
  return lock ? q.for('share') : q;
};

/** The order with this number (PRM-YYYY-NNNNNN), undefined when there is none. */
export const rowByNumber = async (db: Executor, number: string) => (await db.select().from(orders).where(eq(orders.number, number)))[0];

export { palletByCode, palletsOfOrders, presentPallet } from './orders.pallets.js';
