import {
  addDays,
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  lineAmount,
  lineAmountCents,
  receiptWeightCheck,
  shippedWeightRange,
  withinRange,
  todayInParis,
  type Order,
  type OrderActor,
  type OrderNoteCode,
  type OrderSide,
  type cancelOrderInput,
  type receiveOrderInput,
  type shipOrderInput,
  type updateOrderInput,
} from '@primeur/shared';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { actorOf, assertAllowed, assertParty, sideOf, targetOf, type Transition } from './orders.policy.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import type { OrderDeps } from './orders.messages.js';
import { emit } from '../../events/events.js';
import { present } from './orders.reads.js';
import { createPallets } from './orders.pallets.js';
import { gs1PrefixOf } from '../../companies/users/users.read-model.js';
import * as invoicing from '../invoicing/invoicing.service.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';

/**
 * The order's steps after its creation (orders.policy.ts says who may take which): ship, receive,
 * cancel, the buyer's delivery changes, the lifecycle job, and the claim steps of the claims module.
 */

async function lockForStep(tx: Executor, id: number, user: SessionUser) {
  const order = await repo.lockOrder(tx, id);
  if (!order) throw notFound('Order');
  return { order, side: sideOf(order, user) };
}

/**
 * A history entry's note (decision 852): a code with its values, which each reader's language
 * renders, and what a person wrote (a reason, a claim note) as it was written.
 */
export interface HistoryNote {
  code?: OrderNoteCode;
  params?: Record<string, string | number | null>;
  text?: string;
}

async function step(
  tx: Executor,
  order: OrderRow,
  t: Transition,
  actor: OrderActor,
  who: { userId?: number; companyName?: string | null },
  changes: Partial<repo.NewOrder>,
  note: HistoryNote,
) {
  assertAllowed(t, order.status, actor);
  const to = targetOf(t);
  const next = await repo.updateOrder(tx, order.id, { ...changes, status: to });
  await repo.insertHistory(tx, {
    orderId: order.id,
    actor,
    actorUserId: who.userId ?? null,
    companyName: who.companyName ?? null,
    fromStatus: order.status,
    toStatus: to,
    note: note.text ?? '',
    noteCode: note.code ?? null,
    noteParams: note.params ?? {},
  });
  return next;
}

export const toleranceOf = (deps: Pick<OrderDeps, 'weightTolerancePercent'>) => deps.weightTolerancePercent ?? DEFAULT_WEIGHT_TOLERANCE_PERCENT;

const companyOf = (o: OrderRow, side: OrderSide) => (side === 'buyer' ? o.buyer.companyName : side === 'seller' ? o.seller.companyName : null);

export async function ship(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof shipOrderInput>): Promise<Order> {
  const { order, side } = await deps.db.transaction(async (tx) => {
    const { order, side } = await lockForStep(tx, id, user);
    assertParty('ship', side);
    assertAllowed('ship', order.status, 'SELLER');
    if (input.pallets > order.pallets) {
      throw new HttpError(400, 'SHIPPED_MORE_THAN_ORDERED', `At most ${order.pallets} pallets were ordered.`, [{ path: 'pallets', message: 'tooMany' }]);
    }
    // Decision 980: the seller's weight is held to the lot's declared kg per pallet (lots without one: the absolute bounds only).
    const tolerance = toleranceOf(deps);
    const range = shippedWeightRange(order.lot.netKgPerPallet, input.pallets, tolerance);
    if (range && !withinRange(input.netKg, range)) {
      throw new HttpError(
        400,
        'WEIGHT_OUT_OF_TOLERANCE',
        `${input.pallets} pallets of ${order.lot.netKgPerPallet} kg declared: the shipped net weight must be between ${range.minKg} and ${range.maxKg} kg (±${tolerance} %).`,
        [
          { path: 'netKg', message: 'outOfTolerance' },
          { path: 'minKg', message: String(range.minKg) },
          { path: 'maxKg', message: String(range.maxKg) },
        ],
        { allowed: { ...range, tolerancePercent: tolerance } },
      );
    }
    let carrier: { id: number; name: string } | undefined;
    if (input.carrierId) {
      carrier = await repo.carrier(tx, input.carrierId);
      if (!carrier) throw new HttpError(400, 'UNKNOWN_REFERENCE', 'The carrier does not exist.', [{ path: 'carrierId', message: 'unknown' }]);
    }
    const next = await step(
      tx,
      order,
      'ship',
      'SELLER',
      { userId: user.id, companyName: order.seller.companyName },
      {
        shippedPallets: input.pallets,
        shippedNetKg: input.netKg.toFixed(2),
        departureDate: input.departureDate,
        vehiclePlate: input.vehiclePlate.toUpperCase(),
        carrierId: carrier?.id ?? null,
        carrierName: carrier?.name ?? null,
        shippedAt: new Date(),
        amount: lineAmount(input.netKg, Number(order.pricePerKg)).toFixed(2),
      },
      {},
    );
    // Issue 37: the pallets get their identity with the shipment, in its transaction.
    await createPallets(tx, order, input, order.sellerId === null ? null : await gs1PrefixOf(tx, order.sellerId));
    return { order: next, side };
  });
  return present(deps.db, order, side, deps);
}

/**
 * Records the receipt (by the buyer, or by the job: `automatic`). The amount moves to the invoiced
 * weight (decision 981): the received one, except for the automatic receipt (the shipped figures) and a
 * receipt short beyond the tolerance (the shipped one, its difference being a weight claim).
 */
async function recordReceipt(
  tx: Executor,
  order: OrderRow,
  r: {
    pallets: number;
    netKg: number;
    receivedAt: Date;
    automatic: boolean;
    invoicedWeight: 'SHIPPED' | 'RECEIVED';
    userId?: number;
    recordedAt?: Date;
    differences?: string;
    note?: HistoryNote;
  },
) {
  const invoicedKg = r.invoicedWeight === 'SHIPPED' ? Number(order.shippedNetKg) : r.netKg;
  const next = await step(
    tx,
    order,
    r.automatic ? 'autoReceive' : 'receive',
    r.automatic ? 'SYSTEM' : 'BUYER',
    r.automatic ? {} : { userId: r.userId, companyName: order.buyer.companyName },
    {
      receivedPallets: r.pallets,
      receivedNetKg: r.netKg.toFixed(2),
      receivedAt: r.receivedAt,
      receivedAutomatically: r.automatic,
      receivedDifferences: r.differences || null,
      invoicedWeight: r.invoicedWeight,
      deliveredAt: r.recordedAt ?? new Date(),
      amount: lineAmount(invoicedKg, Number(order.pricePerKg)).toFixed(2),
    },
    r.note ?? (r.automatic ? { code: 'AUTO_RECEIVED' } : r.differences ? { code: 'RECEIVED_WITH_DIFFERENCES', text: r.differences } : {}),
  );
  return next;
}

/** A receipt short of the shipment beyond the tolerance: the missing kg and their value at the order's price. */
export interface WeightDispute {
  shippedNetKg: number;
  receivedNetKg: number;
  missingKg: number;
  /** € (2 decimals): the shipped weight's amount minus the received weight's, each rounded once. */
  credit: number;
  tolerancePercent: number;
}

/**
 * The buyer's receipt, in the caller's transaction (the claims module's, which opens the weight claim
 * of a disputed receipt in the same transaction: decision 981). Received ≤ shipped, and not before
 * the shipment nor in the future.
 */
export async function recordBuyerReceipt(
  tx: Executor,
  deps: OrderDeps,
  user: SessionUser,
  id: number,
  input: z.output<typeof receiveOrderInput>,
): Promise<{ order: OrderRow; side: OrderSide; dispute: WeightDispute | null }> {
  const { order, side } = await lockForStep(tx, id, user);
  assertParty('receive', side);
  assertAllowed('receive', order.status, 'BUYER');
  const shippedKg = Number(order.shippedNetKg);
  const tolerance = toleranceOf(deps);
  const check = receiptWeightCheck(shippedKg, input.netKg, tolerance);
  if (input.pallets > (order.shippedPallets ?? 0) || check === 'aboveShipped') {
    throw new HttpError(400, 'RECEIVED_MORE_THAN_SHIPPED', `${order.shippedPallets} pallets and ${order.shippedNetKg} kg were shipped.`, [
      { path: input.pallets > (order.shippedPallets ?? 0) ? 'pallets' : 'netKg', message: 'moreThanShipped' },
    ]);
  }
  const receivedAt = input.receivedAt ? new Date(input.receivedAt) : new Date();
  // A minute of clock skew is tolerated; a receipt before the truck left or in the future is not.
  if (receivedAt.getTime() > Date.now() + 60_000 || (order.shippedAt && receivedAt.getTime() < order.shippedAt.getTime() - 60_000)) {
    throw new HttpError(400, 'RECEIVED_BEFORE_SHIPPED', 'The receipt time must be after the shipment and not in the future.', [
      { path: 'receivedAt', message: 'outOfRange' },
    ]);
  }
  const price = Number(order.pricePerKg);
  const creditCents = lineAmountCents(shippedKg, price) - lineAmountCents(input.netKg, price);
  // A shortfall worth no cent at this price changes no amount: nothing to dispute.
  const dispute: WeightDispute | null =
    check === 'disputed' && creditCents > 0
      ? {
          shippedNetKg: shippedKg,
          receivedNetKg: input.netKg,
          missingKg: Math.round((shippedKg - input.netKg) * 100) / 100,
          credit: creditCents / 100,
          tolerancePercent: tolerance,
        }
      : null;
  const next = await recordReceipt(tx, order, {
    pallets: input.pallets,
    netKg: input.netKg,
    receivedAt,
    automatic: false,
    invoicedWeight: dispute ? 'SHIPPED' : 'RECEIVED',
    userId: user.id,
    differences: input.differences,
    note: dispute
      ? {
          code: 'WEIGHT_DISPUTED',
          params: { shippedNetKg: shippedKg, receivedNetKg: input.netKg, tolerancePercent: tolerance },
          text: input.differences ?? '',
        }
      : undefined,
  });
  return { order: next, side, dispute };
}

/**
 * The cancellation, in the caller's transaction (the claims module's, which closes the order's open
 * claim in the same transaction: decision 966). The order locked, the step recorded, pallets still at
 * the seller's back on sale, and the books' side: documents never issued removed, an issued sale
 * invoice credited for what remains (its documents follow the `order.cancelled` event: the invoicing processor).
 */
export async function recordCancel(tx: Executor, user: SessionUser, id: number, input: z.output<typeof cancelOrderInput>) {
  const { order, side } = await lockForStep(tx, id, user);
  const actor = actorOf(side);
  assertAllowed('cancel', order.status, actor);
  const next = await step(
    tx,
    order,
    'cancel',
    actor,
    { userId: user.id, companyName: companyOf(order, side) },
    { cancelReason: input.reason, cancelledAt: new Date() },
    { text: input.reason },
  );
  // Goods still at the seller's go back on sale; once shipped they are on a truck, not on the marketplace.
  if (order.status === 'CONFIRMED') await returnPallets(tx, order);
  // Every caller runs this in a transaction: the executor is a transaction (the credit note's attempt takes a savepoint).
  await invoicing.creditCancelledOrder(tx as Tx, order.id);
  return { order: next, side };
}

export async function cancel(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof cancelOrderInput>): Promise<Order> {
  const { order, side } = await deps.db.transaction((tx) => recordCancel(tx, user, id, input));
  return present(deps.db, order, side, deps);
}

/**
 * Puts a cancelled order's pallets back on the marketplace (decision 724): on its own lot for a
 * purchase request; for an auction (whose lot is closed) as a new fixed-price lot of the seller at
 * the order's price, with the lot's texts and photos, available at least two more days.
 */
async function returnPallets(tx: Executor, order: OrderRow) {
  if (order.productId === null) return;
  const lot = await marketplaceService.lockLot(tx, order.productId);
  if (!lot) return;
  if (order.source === 'PURCHASE_REQUEST') {
    await marketplaceService.setLotQuantity(tx, lot.id, lot.quantity + order.pallets);
    return;
  }
  const minUntil = addDays(todayInParis(), 2);
  const relisted = await marketplaceService.insertLot(tx, {
    supplierId: lot.supplierId,
    articleId: lot.articleId,
    name: lot.name,
    description: lot.description,
    caliber: lot.caliber,
    originId: lot.originId,
    packagingId: lot.packagingId,
    price: order.pricePerKg,
    quantity: order.pallets,
    availableUntil: lot.availableUntil > minUntil ? lot.availableUntil : minUntil,
    photos: lot.photos,
    status: 'ENABLED',
    netKgPerPallet: lot.netKgPerPallet,
    boxesPerPallet: lot.boxesPerPallet,
    netKgPerBox: lot.netKgPerBox,
    qualityClass: lot.qualityClass,
    variety: lot.variety,
    packedOn: lot.packedOn,
  });
  await emit(tx, {
    name: 'order.relisted',
    subject: 'order',
    subjectId: order.id,
    payload: { orderId: order.id, fromLotId: lot.id, toLotId: relisted.id },
    companyIds: [lot.supplierId],
  });
}

/** PATCH by the buyer until shipped: the delivery address and the requested delivery date. */
export async function update(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof updateOrderInput>): Promise<Order> {
  const { order, side } = await deps.db.transaction(async (tx) => {
    const { order, side } = await lockForStep(tx, id, user);
    if (side !== 'buyer') throw new HttpError(403, 'FORBIDDEN', 'Only the buyer changes the delivery of an order.');
    if (order.status !== 'CONFIRMED') {
      throw new HttpError(409, 'ILLEGAL_TRANSITION', `The order is ${order.status}: its delivery can no longer change.`, [
        { path: 'status', message: order.status },
      ]);
    }
    const changes: Partial<repo.NewOrder> = {};
    const params: Record<string, string | null> = {};
    if (input.deliveryAddress) {
      changes.deliveryAddress = input.deliveryAddress;
      const a = input.deliveryAddress;
      params.address = `${a.address}, ${a.postalCode} ${a.city}, ${a.countryAlpha2}`;
    }
    if (input.requestedDeliveryDate !== undefined) {
      if (input.requestedDeliveryDate !== null && input.requestedDeliveryDate < todayInParis()) {
        throw new HttpError(400, 'VALIDATION_FAILED', 'The requested delivery date cannot be in the past.', [
          { path: 'requestedDeliveryDate', message: 'inPast' },
        ]);
      }
      changes.requestedDeliveryDate = input.requestedDeliveryDate;
      params.requestedDeliveryDate = input.requestedDeliveryDate;
    }
    const next = await repo.updateOrder(tx, order.id, changes);
    await repo.insertHistory(tx, {
      orderId: order.id,
      actor: 'BUYER',
      actorUserId: user.id,
      companyName: order.buyer.companyName,
      fromStatus: order.status,
      toStatus: order.status,
      noteCode: 'DELIVERY_CHANGED',
      noteParams: params,
    });
    return { order: next, side };
  });
  return present(deps.db, order, side, deps);
}

// ---- jobs ------------------------------------------------------------------------------------

export const AUTO_RECEIVE_MS = 72 * 3_600_000;

/**
 * The order job (once across instances, and each order locked with SKIP LOCKED): shipped orders the
 * buyer left unanswered 72 h are recorded as received, as shipped and marked automatic; delivered
 * orders past the claim window close. The claims issue adds "and no open claim" to the close.
 */
export async function runLifecycle(deps: OrderDeps, now = Date.now()) {
  let received = 0;
  let closed = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await repo.lockShippedBefore(tx, new Date(now - AUTO_RECEIVE_MS), 100);
      for (const o of due) {
        await recordReceipt(tx, o, {
          pallets: o.shippedPallets!,
          netKg: Number(o.shippedNetKg),
          receivedAt: new Date(o.shippedAt!.getTime() + AUTO_RECEIVE_MS),
          automatic: true,
          // Nobody weighed it at arrival: the invoice says it is the shipped weight (decision 981).
          invoicedWeight: 'SHIPPED',
          recordedAt: new Date(now),
        });
      }
      return due.length;
    });
    received += n;
    if (n < 100) break;
  }
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDeliveredBefore(tx, new Date(now - deps.claimWindowMs), 100);
      for (const o of due) {
        await step(tx, o, 'close', 'SYSTEM', {}, { closedAt: new Date() }, { code: 'CLAIM_WINDOW_ENDED' });
      }
      return due.length;
    });
    closed += n;
    if (n < 100) break;
  }
  return { received, closed };
}

// ---- for the claims module (issue 22) -------------------------------------------------------------

/** A claim step in the order's history (status unchanged) and the live event to both parties. */
export async function noteClaimStep(tx: Executor, o: OrderRow, actor: OrderActor, who: { userId: number; companyName: string | null }, note: HistoryNote) {
  await repo.insertHistory(tx, {
    orderId: o.id,
    actor,
    actorUserId: who.userId,
    companyName: who.companyName,
    fromStatus: o.status,
    toStatus: o.status,
    note: note.text ?? '',
    noteCode: note.code ?? null,
    noteParams: note.params ?? {},
  });
}

/** A settled claim closes its delivered order at once, whatever is left of the window. */
export async function closeAfterClaim(tx: Executor, o: OrderRow, note: HistoryNote) {
  if (o.status !== 'DELIVERED') return o;
  const next = await step(tx, o, 'close', 'SYSTEM', {}, { closedAt: new Date() }, note);
  return next;
}
