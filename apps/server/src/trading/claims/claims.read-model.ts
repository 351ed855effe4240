import { inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { claims } from '../../db/schema/index.js';

/**
 * The claims read model other modules read (decision 1005): a settled claim's credit, and the claim
 * columns the orders' jobs and the books join (in SQL, a subquery PostgreSQL inlines). It depends on
 * the schema only, so the modules the claims service builds on (orders, invoicing) may import it
 * without an import circle.
 */
const qb = new QueryBuilder();
const claimColumns = qb.select({ id: claims.id, orderId: claims.orderId, status: claims.status, settledCredit: claims.settledCredit }).from(claims);

/** Every claim's id, order, status and settled credit, for the queries written in SQL: `join ${claimViewSql} c on c.order_id = …`. */
export const claimViewSql = sql`${claimColumns}`;

/** A settled claim's order, credit and settlement time (null: no such settled claim). */
export async function settledClaim(db: Executor, claimId: number): Promise<{ orderId: number; credit: number; settledAt: Date } | null> {
  const res = await db.execute(
    sql`select order_id as "orderId", settled_credit as "credit", settled_at as "settledAt" from claims where id = ${claimId} and status = 'SETTLED'`,
  );
  const row = res.rows[0] as { orderId: number | string; credit: string | number; settledAt: string | Date } | undefined;
  return row ? { orderId: Number(row.orderId), credit: Number(row.credit), settledAt: new Date(row.settledAt) } : null;
}

/** The claims of these orders, oldest first (the trace). */
export function claimsOfOrders(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: claims.id, orderId: claims.orderId, status: claims.status, reasons: claims.reasons, createdAt: claims.createdAt })
    .from(claims)
    .where(inArray(claims.orderId, orderIds))
    .orderBy(claims.createdAt, claims.id);
}
