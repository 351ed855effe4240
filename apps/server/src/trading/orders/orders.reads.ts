import { type AdminOrderListQuery, type Language, type Order, type OrderPage, type OrderSide, type UserOrderListQuery } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { t as docText } from '../../documents/email/i18n.js';
import { notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as invoicing from '../invoicing/invoicing.service.js';
import { sideOf } from './orders.policy.js';
import { presentOrder, presentSummary, type OrderView } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { confirmationOf, withPackagingIn, type OrderDeps } from './orders.messages.js';

/** Reading orders: one order for a party or the operator, the lists, the sale confirmation (other modules' reads: orders.read-model.ts). */

/** The order locked for a claim step: claim steps, order transitions and the closing job queue here. */
export const lockRow = (tx: Executor, id: number) => repo.lockOrder(tx, id);

export async function present(db: Executor, order: OrderRow, side: OrderSide, view: OrderView): Promise<Order> {
  return presentOrder(order, await repo.historyOf(db, order.id), side, view);
}

export async function get(deps: { db: Executor } & Pick<OrderDeps, 'claimWindowMs' | 'weightTolerancePercent'>, user: SessionUser, id: number): Promise<Order> {
  const order = await repo.findOrder(deps.db, id);
  if (!order) throw notFound('Order');
  const shown = await present(deps.db, order, sideOf(order, user), deps);
  return { ...shown, invoiceIds: await invoicing.invoiceIdsOfOrder(deps.db, id) };
}

export async function listMine(
  deps: Pick<OrderDeps, 'db' | 'claimWindowMs' | 'weightTolerancePercent'>,
  user: SessionUser,
  q: UserOrderListQuery,
): Promise<OrderPage> {
  const { rows, total } = await repo.page(deps.db, { userId: user.id, side: q.side, status: q.status, q: q.q }, q.size, (q.page - 1) * q.size);
  return { items: rows.map((o) => presentSummary(o, o.buyerId === user.id ? 'buyer' : 'seller', deps)), page: q.page, size: q.size, total };
}

export async function listAll(deps: Pick<OrderDeps, 'db' | 'claimWindowMs' | 'weightTolerancePercent'>, q: AdminOrderListQuery): Promise<OrderPage> {
  const { rows, total } = await repo.page(deps.db, q, q.size, (q.page - 1) * q.size);
  return { items: rows.map((o) => presentSummary(o, 'operator', deps)), page: q.page, size: q.size, total };
}

/** The order's sale confirmation in `lng`, for a party or the operator. */
export async function confirmationPdf(db: Db, user: SessionUser, id: number, lng: Language) {
  const order = await repo.findOrder(db, id);
  if (!order) throw notFound('Order');
  sideOf(order, user);
  return {
    pdf: await confirmationOf(await withPackagingIn(db, order, lng), lng),
    filename: `${docText(lng, 'pdf.filename', {}, 'orderDocs')}-${order.number}.pdf`,
  };
}

export function carriers(db: Db) {
  return repo.carriers(db);
}

export async function* csvRows(db: Db, q: AdminOrderListQuery) {
  for (let offset = 0; ; offset += 500) {
    const rows = await repo.chunk(db, q, 500, offset);
    for (const o of rows) yield o;
    if (rows.length < 500) return;
  }
}
