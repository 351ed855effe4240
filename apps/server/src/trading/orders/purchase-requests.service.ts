import { toCents, type MyPurchaseRequest, type Order, type PurchaseRequest, type purchaseRequestInput } from '@primeur/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { presentRef } from './orders.presenter.js';
import * as marketplaceView from '../marketplace/marketplace.read-model.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';
import * as repo from './orders.repository.js';
import { emit } from '../../events/events.js';
import { createOrder, present, type OrderDeps } from './orders.service.js';

/**
 * Purchase requests on marketplace lots (issue 21): accepted (an order at the request's price),
 * declined with a reason, countered with another price that the buyer accepts or declines (issue 32
 * §4, decision 982), or expired.
 */
// ---- -----------------------------------------------------------------------

type RequestRow = repo.PurchaseRequestRow;

/** When a request waiting for an answer expires: a pending one from its creation, a counter-offer from when it was made. */
const expiresAt = (r: Pick<RequestRow, 'status' | 'createdAt' | 'counteredAt'>, ttlMs: number) =>
  new Date((r.status === 'COUNTERED' && r.counteredAt ? r.counteredAt : r.createdAt).getTime() + ttlMs);
const waiting = (r: Pick<RequestRow, 'status'>) => r.status === 'PENDING' || r.status === 'COUNTERED';
const requestExpired = (r: Pick<RequestRow, 'status' | 'createdAt' | 'counteredAt'>, ttlMs: number, now = Date.now()) =>
  waiting(r) && expiresAt(r, ttlMs).getTime() <= now;
/** The status a reader sees: until the job passes, a request past its time already reads EXPIRED. */
const statusNow = (r: RequestRow, ttlMs: number, now = Date.now()) => (requestExpired(r, ttlMs, now) ? 'EXPIRED' : r.status);

const notPending = (r: RequestRow, ttlMs: number) =>
  new HttpError(409, 'REQUEST_NOT_PENDING', `This purchase request is ${statusNow(r, ttlMs)}.`, [{ path: 'status', message: statusNow(r, ttlMs) }]);

/**
 * Takes the request's pallets off its lot (locked, so concurrent acceptances queue and see each
 * other's pallets go) and makes the order at `pricePerKg`, in the caller's transaction.
 */
async function sell(
  tx: Executor,
  deps: OrderDeps,
  req: RequestRow,
  lot: NonNullable<Awaited<ReturnType<typeof marketplaceService.lockLot>>>,
  pricePerKg: number,
  by: { actor: 'SELLER' | 'BUYER'; userId: number },
) {
  if (lot.quantity < req.pallets) {
    throw new HttpError(409, 'NOT_ENOUGH_PALLETS', `Only ${lot.quantity} pallets are left on this lot.`, [{ path: 'pallets', message: 'notEnough' }], {
      available: lot.quantity,
    });
  }
  await marketplaceService.setLotQuantity(tx, lot.id, lot.quantity - req.pallets);
  await repo.decideRequest(tx, req.id, 'ACCEPTED');
  const order = await createOrder(tx, {
    source: 'PURCHASE_REQUEST',
    productId: lot.id,
    buyerId: req.buyerId,
    pallets: req.pallets,
    pricePerKg,
    purchaseRequestId: req.id,
    actor: by.actor,
    actorUserId: by.userId,
    ...(by.actor === 'BUYER' ? { noteCode: 'COUNTER_OFFER_ACCEPTED' as const, noteParams: { pricePerKg } } : {}),
  });
  await requestEvent(tx, 'request.accepted', req, { orderId: order.id, pricePerKg });
  return order;
}

/** A buyer's purchase request on a marketplace lot, at the price the marketplace states for it (the lot's of this moment, decision 982). */
export async function fileRequest(db: Executor, user: SessionUser, productId: number, input: z.output<typeof purchaseRequestInput>) {
  const pricePerKg = await marketplaceService.priceForPurchaseRequest(db, productId, input);
  return db.transaction(async (tx) => {
    const saved = await repo.insertRequest(tx, { productId, buyerId: user.id, pallets: input.pallets, message: input.message, pricePerKg });
    await requestEvent(tx, 'request.filed', saved, { pallets: input.pallets, pricePerKg: Number(pricePerKg) });
    return { id: saved.id };
  });
}

/**
 * The supplier accepts a purchase request: in one transaction the request (locked), then its lot
 * lose the pallets, and the order is made at the price the request kept, whatever the lot's price is
 * now (decision 982). A lot left with 0 pallets leaves the marketplace.
 */
export async function acceptRequest(deps: OrderDeps, user: SessionUser, requestId: number): Promise<{ order: Order; created: boolean }> {
  const { order, created } = await deps.db.transaction(async (tx) => {
    const req = await repo.lockRequest(tx, requestId);
    if (!req) throw notFound('Purchase request');
    const lot = await marketplaceService.lockLot(tx, req.productId);
    if (!lot || lot.supplierId !== user.id) throw notFound('Purchase request');
    // A repeated acceptance (a retry after a lost answer) answers the order it already became.
    if (req.status === 'ACCEPTED') {
      const existing = await repo.orderOfRequest(tx, req.id);
      if (existing) return { order: existing, created: false };
    }
    if (req.status !== 'PENDING' || requestExpired(req, deps.purchaseRequestTtlMs)) throw notPending(req, deps.purchaseRequestTtlMs);
    // Requests made before prices were kept (they expire within PURCHASE_REQUEST_TTL_HOURS) take the lot's price.
    const price = Number(req.pricePerKg ?? lot.price);
    const order = await sell(tx, deps, req, lot, price, { actor: 'SELLER', userId: user.id });
    return { order, created: true };
  });
  return { order: await present(deps.db, order, 'seller', deps), created };
}

export async function declineRequest(deps: OrderDeps, user: SessionUser, requestId: number, reason: string) {
  return deps.db.transaction(async (tx) => {
    const req = await repo.lockRequest(tx, requestId);
    if (!req) throw notFound('Purchase request');
    const lot = await marketplaceView.lotSummary(tx, req.productId);
    if (!lot || lot.supplierId !== user.id) throw notFound('Purchase request');
    if (req.status !== 'PENDING') throw notPending(req, deps.purchaseRequestTtlMs);
    const row = await repo.decideRequest(tx, req.id, 'DECLINED', reason);
    await requestEvent(tx, 'request.declined', req, { reason });
    return row;
  });
}

/**
 * The supplier answers a pending request with another price (decision 982): the request keeps its
 * pallets and waits for the buyer, who is told (bell); a counter-offer at the requested price is
 * refused (accept the request instead).
 */
export async function counterRequest(deps: OrderDeps, user: SessionUser, requestId: number, input: { pricePerKg: number; note: string }) {
  await deps.db.transaction(async (tx) => {
    const req = await repo.lockRequest(tx, requestId);
    if (!req) throw notFound('Purchase request');
    const lot = await marketplaceView.lotSummary(tx, req.productId);
    if (!lot || lot.supplierId !== user.id) throw notFound('Purchase request');
    if (req.status !== 'PENDING' || requestExpired(req, deps.purchaseRequestTtlMs)) throw notPending(req, deps.purchaseRequestTtlMs);
    if (req.pricePerKg !== null && toCents(input.pricePerKg) === toCents(Number(req.pricePerKg))) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'A counter-offer names another price than the one requested; to sell at it, accept the request.', [
        { path: 'pricePerKg', message: 'sameAsRequested' },
      ]);
    }
    await repo.counterRequest(tx, req.id, input.pricePerKg.toFixed(2), input.note);
    await requestEvent(tx, 'request.countered', req, { amount: input.pricePerKg });
  });
  return (await requestsReceived(deps, user)).find((r) => r.id === requestId)!;
}

/** The buyer's request (locked) with its lot, or 404 to anyone else. */
async function lockOwnRequest(tx: Executor, user: SessionUser, requestId: number) {
  const req = await repo.lockRequest(tx, requestId);
  if (!req || req.buyerId !== user.id) throw notFound('Purchase request');
  return req;
}

const noCounterOffer = (r: RequestRow, ttlMs: number) =>
  new HttpError(409, 'NO_COUNTER_OFFER', `This purchase request is ${statusNow(r, ttlMs)}: no counter-offer waits for an answer.`, [
    { path: 'status', message: statusNow(r, ttlMs) },
  ]);

/** The buyer accepts the seller's counter-offer: the order is made at the counter price, the pallets leave the lot. */
export async function acceptCounter(deps: OrderDeps, user: SessionUser, requestId: number): Promise<{ order: Order; created: boolean }> {
  const { order, created } = await deps.db.transaction(async (tx) => {
    const req = await lockOwnRequest(tx, user, requestId);
    if (req.status === 'ACCEPTED' && req.counteredAt) {
      const existing = await repo.orderOfRequest(tx, req.id);
      if (existing) return { order: existing, created: false };
    }
    if (req.status !== 'COUNTERED' || requestExpired(req, deps.purchaseRequestTtlMs)) throw noCounterOffer(req, deps.purchaseRequestTtlMs);
    const lot = await marketplaceService.lockLot(tx, req.productId);
    if (!lot) throw notFound('Purchase request');
    const order = await sell(tx, deps, req, lot, Number(req.counterPricePerKg), { actor: 'BUYER', userId: user.id });
    return { order, created: true };
  });
  return { order: await present(deps.db, order, 'buyer', deps), created };
}

/** The buyer declines the counter-offer (with an optional reason the seller reads): the request ends without an order. */
export async function declineCounter(deps: OrderDeps, user: SessionUser, requestId: number, reason: string) {
  await deps.db.transaction(async (tx) => {
    const req = await lockOwnRequest(tx, user, requestId);
    if (req.status !== 'COUNTERED' || requestExpired(req, deps.purchaseRequestTtlMs)) throw noCounterOffer(req, deps.purchaseRequestTtlMs);
    await repo.decideRequest(tx, req.id, 'COUNTER_DECLINED', reason || null);
  });
  return (await requestsMade(deps, user)).find((r) => r.id === requestId)!;
}

/**
 * A request's answer as an event, in its transaction: the buyer's bell notice follows from it (the
 * order-messages processor); the buyer and the lot's seller may see it.
 */
async function requestEvent(
  tx: Executor,
  name: 'request.filed' | 'request.accepted' | 'request.declined' | 'request.countered' | 'request.expired',
  req: Pick<RequestRow, 'id' | 'buyerId' | 'productId'>,
  data: Record<string, unknown>,
) {
  const lot = await marketplaceView.lotSummary(tx, req.productId);
  await emit(tx, {
    name,
    subject: 'request',
    subjectId: req.id,
    payload: { requestId: req.id, buyerId: req.buyerId, productId: req.productId, data },
    companyIds: [req.buyerId, ...(lot ? [lot.supplierId] : [])],
  });
}

/** The expiry job: pending requests past PURCHASE_REQUEST_TTL_HOURS become EXPIRED and the buyer is told. */
export async function expireRequests(deps: OrderDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await repo.lockPendingBefore(tx, new Date(Date.now() - deps.purchaseRequestTtlMs), 100);
      // A counter-offer left unanswered expires too; the buyer, who did not answer it, is told alike.
      for (const req of due) {
        await repo.decideRequest(tx, req.id, 'EXPIRED');
        await requestEvent(tx, 'request.expired', req, {});
      }
      return due.length;
    });
    total += n;
    if (n < 100) return total;
  }
}

async function orderRefs(db: Executor, ids: number[]) {
  return new Map((await repo.byPurchaseRequests(db, ids)).map((o) => [o.purchaseRequestId, o]));
}

/** What both sides read of a request. */
function common(r: RequestRow, ttlMs: number, now: number) {
  return {
    id: r.id,
    productId: r.productId,
    pallets: r.pallets,
    message: r.message,
    created: r.createdAt.toISOString(),
    pricePerKg: r.pricePerKg === null ? null : Number(r.pricePerKg),
    status: statusNow(r, ttlMs, now),
    counter:
      r.counterPricePerKg !== null && r.counteredAt
        ? { pricePerKg: Number(r.counterPricePerKg), note: r.counterNote ?? '', at: r.counteredAt.toISOString() }
        : null,
    expiresAt: expiresAt(r, ttlMs).toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    declineReason: r.declineReason,
  };
}

/** The supplier's requests (GET /api/users/product/purchaseRequests) with status and order. */
export async function requestsReceived(deps: Pick<OrderDeps, 'db' | 'purchaseRequestTtlMs'>, user: SessionUser): Promise<PurchaseRequest[]> {
  const rows = await repo.requestsForSupplier(deps.db, user.id);
  const orders = await orderRefs(
    deps.db,
    rows.map((r) => r.request.id),
  );
  const now = Date.now();
  return rows.map((r) => {
    const o = orders.get(r.request.id);
    return {
      ...common(r.request, deps.purchaseRequestTtlMs, now),
      productTitle: r.productTitle,
      buyer: r.buyer,
      order: o ? presentRef(o) : null,
      available: r.available,
    };
  });
}

/** The buyer's own requests (GET /api/users/product/myPurchaseRequests), counter-offers included. */
export async function requestsMade(deps: Pick<OrderDeps, 'db' | 'purchaseRequestTtlMs'>, user: SessionUser): Promise<MyPurchaseRequest[]> {
  const rows = await repo.requestsOfBuyer(deps.db, user.id);
  const orders = await orderRefs(
    deps.db,
    rows.map((r) => r.request.id),
  );
  const now = Date.now();
  return rows.map((r) => {
    const o = orders.get(r.request.id);
    return {
      ...common(r.request, deps.purchaseRequestTtlMs, now),
      productTitle: r.productTitle,
      seller: r.seller,
      order: o ? presentRef(o) : null,
      available: r.available,
    };
  });
}
