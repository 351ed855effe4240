import { type Order, type PurchaseRequest } from '@primeur/shared';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { presentRef } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import { createOrder, inTransaction, noticeOnly, present, type OrderDeps } from './orders.service.js';

/** Purchase requests on marketplace lots: accepted (an order), declined with a reason, or expired (issue 21). */
// ---- -----------------------------------------------------------------------

const requestExpired = (createdAt: Date, ttlMs: number, now = Date.now()) => createdAt.getTime() + ttlMs <= now;

/**
 * The supplier accepts a purchase request: in one transaction the request (locked), then its lot
 * (locked, so concurrent acceptances queue and see each other's pallets go) lose the pallets, and
 * the order is made. A lot left with 0 pallets leaves the marketplace.
 */
export async function acceptRequest(deps: OrderDeps, user: SessionUser, requestId: number): Promise<{ order: Order; created: boolean }> {
  const { order, created } = await inTransaction(deps, async (tx, fx) => {
    const req = await repo.lockRequest(tx, requestId);
    if (!req) throw notFound('Purchase request');
    const lot = await repo.lockLot(tx, req.productId);
    if (!lot || lot.supplierId !== user.id) throw notFound('Purchase request');
    // A repeated acceptance (a retry after a lost answer) answers the order it already became.
    if (req.status === 'ACCEPTED') {
      const existing = await repo.orderOfRequest(tx, req.id);
      if (existing) return { order: existing, created: false };
    }
    if (req.status !== 'PENDING' || requestExpired(req.createdAt, deps.purchaseRequestTtlMs)) {
      throw new HttpError(409, 'REQUEST_NOT_PENDING', `This purchase request is ${req.status === 'PENDING' ? 'EXPIRED' : req.status}.`);
    }
    if (lot.quantity < req.pallets) {
      throw new HttpError(409, 'NOT_ENOUGH_PALLETS', `Only ${lot.quantity} pallets are left on this lot.`, [{ path: 'pallets', message: 'notEnough' }], {
        available: lot.quantity,
      });
    }
    await repo.setLotQuantity(tx, lot.id, lot.quantity - req.pallets);
    await repo.decideRequest(tx, req.id, 'ACCEPTED');
    const order = await createOrder(
      tx,
      fx,
      {
        source: 'PURCHASE_REQUEST',
        productId: lot.id,
        buyerId: req.buyerId,
        pallets: req.pallets,
        pricePerKg: Number(lot.price),
        purchaseRequestId: req.id,
        actor: 'SELLER',
        actorUserId: user.id,
      },
      deps.publicOrigin,
    );
    return { order, created: true };
  });
  return { order: await present(deps.db, order, 'seller', deps.claimWindowMs), created };
}

export async function declineRequest(deps: OrderDeps, user: SessionUser, requestId: number, reason: string) {
  return inTransaction(deps, async (tx, fx) => {
    const req = await repo.lockRequest(tx, requestId);
    if (!req) throw notFound('Purchase request');
    const lot = await repo.lotTitle(tx, req.productId);
    if (!lot || lot.supplierId !== user.id) throw notFound('Purchase request');
    if (req.status !== 'PENDING') throw new HttpError(409, 'REQUEST_NOT_PENDING', `This purchase request is ${req.status}.`);
    const row = await repo.decideRequest(tx, req.id, 'DECLINED', reason);
    await noticeOnly(tx, fx, req.buyerId, 'request_declined', req.productId, { reason }, `request_declined:${req.id}`);
    return row;
  });
}

/** The expiry job: pending requests past PURCHASE_REQUEST_TTL_HOURS become EXPIRED and the buyer is told. */
export async function expireRequests(deps: OrderDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(deps, async (tx, fx) => {
      const due = await repo.lockPendingBefore(tx, new Date(Date.now() - deps.purchaseRequestTtlMs), 100);
      for (const req of due) {
        await repo.decideRequest(tx, req.id, 'EXPIRED');
        await noticeOnly(tx, fx, req.buyerId, 'request_expired', req.productId, {}, `request_expired:${req.id}`);
      }
      return due.length;
    });
    total += n;
    if (n < 100) return total;
  }
}

/** The supplier's requests (GET /api/users/product/purchaseRequests) with status and order. */
export async function requestsReceived(deps: Pick<OrderDeps, 'db' | 'purchaseRequestTtlMs'>, user: SessionUser): Promise<PurchaseRequest[]> {
  const rows = await repo.requestsForSupplier(deps.db, user.id);
  const orders = new Map(
    (
      await repo.byPurchaseRequests(
        deps.db,
        rows.map((r) => r.request.id),
      )
    ).map((o) => [o.purchaseRequestId, o]),
  );
  const now = Date.now();
  return rows.map((r) => {
    const o = orders.get(r.request.id);
    // Until the job passes, a request past its time already reads EXPIRED.
    const status = r.request.status === 'PENDING' && requestExpired(r.request.createdAt, deps.purchaseRequestTtlMs, now) ? 'EXPIRED' : r.request.status;
    return {
      id: r.request.id,
      productId: r.request.productId,
      productTitle: r.productTitle,
      buyer: r.buyer,
      pallets: r.request.pallets,
      message: r.request.message,
      created: r.request.createdAt.toISOString(),
      status,
      expiresAt: new Date(r.request.createdAt.getTime() + deps.purchaseRequestTtlMs).toISOString(),
      decidedAt: r.request.decidedAt?.toISOString() ?? null,
      declineReason: r.request.declineReason,
      order: o ? presentRef(o) : null,
      available: r.available,
    };
  });
}
