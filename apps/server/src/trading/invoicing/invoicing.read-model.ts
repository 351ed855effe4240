import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';

/**
 * The invoices other modules read one by one (decision 1005): the trace's invoices of some orders,
 * and the order an invoice number belongs to.
 */

/** The invoices and credit notes of these orders, the invoice first. */
export function ofOrders(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      kind: invoices.kind,
      number: invoices.number,
      status: invoices.status,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.orderId), asc(invoices.id));
}

/**
 * The orders of the invoices with this number: numbers are unique per seller (decision 970), so one
 * number may name several sellers' invoices. Commission invoices, which have no order, are left out.
 */
export async function orderIdsOfNumber(db: Executor, number: string): Promise<number[]> {
  const rows = await db.selectDistinct({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.number, number));
  return rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId]));
}
