import {
  addDays,
  lineAmount,
  formatOrderNumber,
  todayInParis,
  type AdminOrderListQuery,
  type Language,
  type NotificationKind,
  type Order,
  type OrderActor,
  type OrderEvent,
  type OrderPage,
  type OrderRef,
  type OrderNoteCode,
  type OrderSide,
  type OrderStatus,
  type UserOrderListQuery,
  type cancelOrderInput,
  type receiveOrderInput,
  type shipOrderInput,
  type updateOrderInput,
} from '@primeur/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AddressSnapshot, LotSnapshot, PartySnapshot } from '../../db/schema/index.js';
import { languageForCountry } from '../../documents/email/language.js';
import type { Mailer } from '../../documents/email/mailer.js';
import { deliverQueued, fillAttachment, queueMail, unrenderedAttachments } from '../../documents/email/outbox.js';
import { renderOrderMail, type OrderMail } from '../../documents/email/templates/order-message.js';
import { t as docText } from '../../documents/email/i18n.js';
import { renderOrderConfirmation } from '../../documents/pdf/order-confirmation.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { userQueueTopic } from '../../realtime/user-destinations.js';
import * as alerts from '../alerts/alerts.service.js';
import * as invoicing from '../invoicing/invoicing.service.js';
import { actorOf, assertAllowed, assertParty, sideOf, targetOf, type Transition } from './orders.policy.js';
import { bestNetKg, presentOrder, presentRef, presentSummary } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';

/** What the order functions need beyond the database: the bus, the mailer and the order settings. */
export interface OrderDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  log: { error(o: object, m: string): void };
  claimWindowMs: number;
  purchaseRequestTtlMs: number;
  publicOrigin?: string;
  /** To relist a cancelled auction order's pallets with the lot's photos. */
  photos?: { copyAll(fromId: number, toId: number): Promise<void> };
}

/**
 * What a transaction leaves to do after its commit (rule 5: nothing leaves before the commit):
 * e-mails to send, bell notices and order events to publish.
 */
export class OrderEffects {
  readonly mailIds: number[] = [];
  readonly noticeIds: number[] = [];
  readonly events: Array<{ userIds: number[]; event: OrderEvent }> = [];
  /** Photo folders to copy for relisted lots (from → to). */
  readonly photoCopies: Array<{ from: number; to: number }> = [];
}

/** Runs the committed transaction's effects; a failure is logged, never undoes the commit. */
export async function flush(deps: OrderDeps, fx: OrderEffects) {
  for (const c of fx.photoCopies) {
    try {
      await deps.photos?.copyAll(c.from, c.to);
    } catch (err) {
      deps.log.error({ err, from: c.from, to: c.to }, 'could not copy the photos of a relisted lot');
    }
  }
  for (const { userIds, event } of fx.events) {
    for (const userId of userIds) {
      try {
        await deps.bus.publish(userQueueTopic(userId, 'orders'), JSON.stringify(event));
      } catch (err) {
        deps.log.error({ err, order: event.orderId }, 'could not publish an order event');
      }
    }
  }
  if (fx.noticeIds.length) await alerts.publishNotices(deps.db, deps.bus, fx.noticeIds, deps.log);
  if (fx.mailIds.length) {
    try {
      // Messages without a file to render leave now; those with one wait for it (below).
      await deliverQueued(deps.db, deps.mailer, fx.mailIds);
    } catch (err) {
      deps.log.error({ err }, 'could not send order e-mails');
    }
    sendConfirmationsLater(deps, fx.mailIds);
  }
}

let confirmations: Promise<void> = Promise.resolve();

/**
 * The sale confirmations are rendered one at a time behind the answer, not inside it: a PDF costs
 * a few hundred milliseconds of CPU, and a burst of acceptances must not hold every request (and
 * the database pool) behind that work (decision 723). The lifecycle job's sweep finishes whatever a
 * stopped process left.
 */
function sendConfirmationsLater(deps: OrderDeps, outboxIds: number[]) {
  confirmations = confirmations
    .then(async () => {
      const ready = await renderAttachments(deps.db, outboxIds);
      if (ready.length) await deliverQueued(deps.db, deps.mailer, ready);
    })
    .catch((err: unknown) => deps.log.error({ err }, 'could not render or send a sale confirmation'));
}

/** Resolves once every confirmation queued so far is rendered and sent (tests, graceful stop). */
export function confirmationsSettled(): Promise<void> {
  return confirmations;
}

/**
 * Renders the sale confirmations queued with order e-mails. They are made after the commit, not in
 * the transaction: a PDF takes tens of milliseconds, which the lot and the number counter would
 * otherwise stay locked for (decision 723). `outboxIds` limits it to one commit's messages; without,
 * it is the sweep of what a crash left. Returns the messages whose files are now complete.
 */
export async function renderAttachments(db: Db, outboxIds?: number[]): Promise<number[]> {
  const done = new Set<number>();
  // Walks by id, so a file that cannot be made (its order gone) is passed over, not retried for ever.
  for (let after = 0; ;) {
    const batch = await unrenderedAttachments(db, 100, outboxIds, after);
    for (const a of batch) {
      after = a.id;
      if (a.source?.kind !== 'order-confirmation') continue;
      const order = await repo.findOrder(db, a.source.orderId);
      if (!order) continue;
      await fillAttachment(db, a.id, await confirmationOf(order, a.source.language as Language));
      done.add(a.outboxId);
    }
    if (batch.length < 100) return [...done];
  }
}

/** The lifecycle job's sweep: confirmations a crash left unrendered are made and their e-mails sent. */
export async function sweepOrderMail(deps: OrderDeps) {
  const ids = await renderAttachments(deps.db);
  if (ids.length) await deliverQueued(deps.db, deps.mailer, ids);
  return ids.length;
}

/** A transaction with its effects run after the commit. */
export async function inTransaction<T>(deps: OrderDeps, fn: (tx: Executor, fx: OrderEffects) => Promise<T>): Promise<T> {
  const fx = new OrderEffects();
  const out = await deps.db.transaction((tx) => fn(tx, fx));
  await flush(deps, fx);
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const num = (v: string | null) => (v === null ? null : Number(v));

function partySnapshot(p: NonNullable<Awaited<ReturnType<typeof repo.partyRow>>>): PartySnapshot {
  return {
    userId: p.id,
    companyName: p.companyName,
    address: p.address,
    postalCode: p.postalCode,
    city: p.city ?? '',
    countryAlpha2: p.alpha2 ?? '',
    countryName: p.countryName ?? '',
    vatId: p.vatId,
    email: p.email,
  };
}

// ---- creation --------------------------------------------------------------------------------

interface NewOrderInput {
  source: 'AUCTION' | 'PURCHASE_REQUEST';
  productId: number;
  buyerId: number;
  pallets: number;
  pricePerKg: number;
  offerId?: number;
  purchaseRequestId?: number;
  /** Who made the sale happen: the system (auction close) or the seller (acceptance). */
  actor: OrderActor;
  actorUserId?: number;
}

/**
 * Makes a CONFIRMED order inside the caller's transaction: number from the locked year counter,
 * snapshots of the lot and both companies, the first history row, and both parties' notices,
 * e-mails (with the sale confirmation) and live events queued for after the commit.
 */
export async function createOrder(tx: Executor, fx: OrderEffects, input: NewOrderInput, publicOrigin?: string): Promise<OrderRow> {
  const lot = await repo.lotRow(tx, input.productId);
  if (!lot) throw notFound('Product');
  const [buyer, seller] = await Promise.all([repo.partyRow(tx, input.buyerId), repo.partyRow(tx, lot.product.supplierId)]);
  if (!buyer || !seller) throw notFound('User');
  const p = lot.product;
  const netKgPerPallet = num(p.netKgPerPallet);
  const lotSnapshot: LotSnapshot = {
    productId: p.id,
    articleId: p.articleId,
    article: lot.articleNames,
    title: p.name,
    caliber: p.caliber,
    originAlpha2: lot.originAlpha2,
    originName: lot.originName,
    packaging: lot.packaging,
    photo: p.photos[0] ?? null,
    netKgPerPallet,
    boxesPerPallet: p.boxesPerPallet,
    netKgPerBox: num(p.netKgPerBox),
    qualityClass: p.qualityClass,
    variety: p.variety,
    packedOn: p.packedOn,
  };
  const estimatedNetKg = netKgPerPallet === null ? null : round2(input.pallets * netKgPerPallet);
  const buyerSnap = partySnapshot(buyer);
  const sellerSnap = partySnapshot(seller);
  const delivery: AddressSnapshot = {
    address: buyerSnap.address,
    postalCode: buyerSnap.postalCode,
    city: buyerSnap.city,
    countryAlpha2: buyerSnap.countryAlpha2,
  };
  const year = Number(todayInParis().slice(0, 4));
  const seq = await repo.nextNumber(tx, year);
  const order = await repo.insertOrder(tx, {
    number: formatOrderNumber(year, seq),
    status: 'CONFIRMED',
    source: input.source,
    productId: p.id,
    purchaseRequestId: input.purchaseRequestId ?? null,
    offerId: input.offerId ?? null,
    buyerId: buyer.id,
    sellerId: seller.id,
    buyer: buyerSnap,
    seller: sellerSnap,
    lot: lotSnapshot,
    pallets: input.pallets,
    estimatedNetKg: estimatedNetKg === null ? null : estimatedNetKg.toFixed(2),
    pricePerKg: input.pricePerKg.toFixed(2),
    amount: estimatedNetKg === null ? null : lineAmount(estimatedNetKg, input.pricePerKg).toFixed(2),
    // Decision 722: goods are handed to the buyer's carrier at the seller's premises.
    incoterm: 'FCA',
    incotermPlace: [sellerSnap.city || sellerSnap.postalCode, sellerSnap.countryAlpha2].filter(Boolean).join(', '),
    deliveryAddress: delivery,
  });
  await repo.insertHistory(tx, {
    orderId: order.id,
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    companyName: input.actor === 'SELLER' ? sellerSnap.companyName : null,
    fromStatus: null,
    toStatus: 'CONFIRMED',
    noteCode: input.source === 'AUCTION' ? 'AUCTION_CLOSED' : 'REQUEST_ACCEPTED',
    noteParams: {},
  });
  await announce(tx, fx, order, 'confirmed', { publicOrigin });
  return order;
}

/**
 * The order of an auction closed with a winner, in the close's transaction (decision 720). The
 * lot's unique auction-order index makes a second one impossible even if a close were replayed.
 */
export async function createFromAuction(tx: Executor, fx: OrderEffects, productId: number, winningOfferId: number, publicOrigin?: string) {
  const existing = await repo.auctionOrderOf(tx, productId);
  if (existing) return existing;
  const offer = await repo.offerById(tx, winningOfferId);
  if (!offer) throw new Error(`winning offer ${winningOfferId} of lot ${productId} not found`);
  const lot = await repo.lotRow(tx, productId);
  if (!lot) throw new Error(`lot ${productId} not found`);
  return createOrder(
    tx,
    fx,
    {
      source: 'AUCTION',
      productId,
      buyerId: offer.userId,
      pallets: lot.product.quantity,
      pricePerKg: Number(offer.amount),
      offerId: offer.id,
      actor: 'SYSTEM',
    },
    publicOrigin,
  );
}

// ---- transitions -----------------------------------------------------------------------------

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
  fx: OrderEffects,
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

const companyOf = (o: OrderRow, side: OrderSide) => (side === 'buyer' ? o.buyer.companyName : side === 'seller' ? o.seller.companyName : null);

export async function ship(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof shipOrderInput>): Promise<Order> {
  const { order, side } = await inTransaction(deps, async (tx, fx) => {
    const { order, side } = await lockForStep(tx, id, user);
    assertParty('ship', side);
    assertAllowed('ship', order.status, 'SELLER');
    if (input.pallets > order.pallets) {
      throw new HttpError(400, 'SHIPPED_MORE_THAN_ORDERED', `At most ${order.pallets} pallets were ordered.`, [{ path: 'pallets', message: 'tooMany' }]);
    }
    let carrier: { id: number; name: string } | undefined;
    if (input.carrierId) {
      carrier = await repo.carrier(tx, input.carrierId);
      if (!carrier) throw new HttpError(400, 'UNKNOWN_REFERENCE', 'The carrier does not exist.', [{ path: 'carrierId', message: 'unknown' }]);
    }
    const next = await step(
      tx,
      fx,
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
    await announce(tx, fx, next, 'shipped', { publicOrigin: deps.publicOrigin });
    return { order: next, side };
  });
  return present(deps.db, order, side, deps.claimWindowMs);
}

/** Records the receipt (by the buyer, or by the job: `automatic`), moving the amount to the received weight. */
async function recordReceipt(
  tx: Executor,
  fx: OrderEffects,
  deps: Pick<OrderDeps, 'publicOrigin' | 'claimWindowMs'>,
  order: OrderRow,
  r: { pallets: number; netKg: number; receivedAt: Date; automatic: boolean; userId?: number; recordedAt?: Date; differences?: string },
) {
  const next = await step(
    tx,
    fx,
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
      deliveredAt: r.recordedAt ?? new Date(),
      amount: lineAmount(r.netKg, Number(order.pricePerKg)).toFixed(2),
    },
    r.automatic ? { code: 'AUTO_RECEIVED' } : r.differences ? { code: 'RECEIVED_WITH_DIFFERENCES', text: r.differences } : {},
  );
  await announce(tx, fx, next, 'delivered', { publicOrigin: deps.publicOrigin, claimWindowMs: deps.claimWindowMs, automatic: r.automatic });
  return next;
}

export async function receive(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof receiveOrderInput>): Promise<Order> {
  const { order, side } = await inTransaction(deps, async (tx, fx) => {
    const { order, side } = await lockForStep(tx, id, user);
    assertParty('receive', side);
    assertAllowed('receive', order.status, 'BUYER');
    if (input.pallets > (order.shippedPallets ?? 0) || Math.round(input.netKg * 100) > Math.round(Number(order.shippedNetKg) * 100)) {
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
    const next = await recordReceipt(tx, fx, deps, order, {
      pallets: input.pallets,
      netKg: input.netKg,
      receivedAt,
      automatic: false,
      userId: user.id,
      differences: input.differences,
    });
    return { order: next, side };
  });
  return present(deps.db, order, side, deps.claimWindowMs);
}

export async function cancel(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof cancelOrderInput>): Promise<Order> {
  const { order, side } = await inTransaction(deps, async (tx, fx) => {
    const { order, side } = await lockForStep(tx, id, user);
    const actor = actorOf(side);
    assertAllowed('cancel', order.status, actor);
    const next = await step(
      tx,
      fx,
      order,
      'cancel',
      actor,
      { userId: user.id, companyName: companyOf(order, side) },
      { cancelReason: input.reason, cancelledAt: new Date() },
      { text: input.reason },
    );
    // Goods still at the seller's go back on sale; once shipped they are on a truck, not on the marketplace.
    if (order.status === 'CONFIRMED') await returnPallets(tx, fx, order);
    await announce(tx, fx, next, 'cancelled', { publicOrigin: deps.publicOrigin, who: actor, reason: input.reason });
    return { order: next, side };
  });
  return present(deps.db, order, side, deps.claimWindowMs);
}

/**
 * Puts a cancelled order's pallets back on the marketplace (decision 724): on its own lot for a
 * purchase request; for an auction (whose lot is closed) as a new fixed-price lot of the seller at
 * the order's price, with the lot's texts and photos, available at least two more days.
 */
async function returnPallets(tx: Executor, fx: OrderEffects, order: OrderRow) {
  if (order.productId === null) return;
  const lot = await repo.lockLot(tx, order.productId);
  if (!lot) return;
  if (order.source === 'PURCHASE_REQUEST') {
    await repo.setLotQuantity(tx, lot.id, lot.quantity + order.pallets);
    return;
  }
  const minUntil = addDays(todayInParis(), 2);
  const relisted = await repo.insertLot(tx, {
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
  fx.photoCopies.push({ from: lot.id, to: relisted.id });
}

/** PATCH by the buyer until shipped: the delivery address and the requested delivery date. */
export async function update(deps: OrderDeps, user: SessionUser, id: number, input: z.output<typeof updateOrderInput>): Promise<Order> {
  const { order, side } = await inTransaction(deps, async (tx, fx) => {
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
    queueEvent(fx, next, order.status);
    return { order: next, side };
  });
  return present(deps.db, order, side, deps.claimWindowMs);
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
    const n = await inTransaction(deps, async (tx, fx) => {
      const due = await repo.lockShippedBefore(tx, new Date(now - AUTO_RECEIVE_MS), 100);
      for (const o of due) {
        await recordReceipt(tx, fx, deps, o, {
          pallets: o.shippedPallets!,
          netKg: Number(o.shippedNetKg),
          receivedAt: new Date(o.shippedAt!.getTime() + AUTO_RECEIVE_MS),
          automatic: true,
          recordedAt: new Date(now),
        });
      }
      return due.length;
    });
    received += n;
    if (n < 100) break;
  }
  for (;;) {
    const n = await inTransaction(deps, async (tx, fx) => {
      const due = await repo.lockDeliveredBefore(tx, new Date(now - deps.claimWindowMs), 100);
      for (const o of due) {
        const next = await step(tx, fx, o, 'close', 'SYSTEM', {}, { closedAt: new Date() }, { code: 'CLAIM_WINDOW_ENDED' });
        queueEvent(fx, next, o.status);
      }
      return due.length;
    });
    closed += n;
    if (n < 100) break;
  }
  return { received, closed };
}

// ---- for the claims module (issue 22) -------------------------------------------------------------

export type { OrderRow };
export { sideOf };
export const findRow = (db: Executor, id: number) => repo.findOrder(db, id);
/** The order locked for a claim step: claim steps, order transitions and the closing job queue here. */
export const lockRow = (tx: Executor, id: number) => repo.lockOrder(tx, id);

/** A claim step in the order's history (status unchanged) and the live event to both parties. */
export async function noteClaimStep(
  tx: Executor,
  fx: OrderEffects,
  o: OrderRow,
  actor: OrderActor,
  who: { userId: number; companyName: string | null },
  note: HistoryNote,
) {
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
  queueEvent(fx, o, o.status);
}

/** A settled claim closes its delivered order at once, whatever is left of the window. */
export async function closeAfterClaim(tx: Executor, fx: OrderEffects, o: OrderRow, note: HistoryNote) {
  if (o.status !== 'DELIVERED') return o;
  const next = await step(tx, fx, o, 'close', 'SYSTEM', {}, { closedAt: new Date() }, note);
  queueEvent(fx, next, o.status);
  return next;
}

// ---- reads -----------------------------------------------------------------------------------

export async function present(db: Executor, order: OrderRow, side: OrderSide, claimWindowMs: number): Promise<Order> {
  return presentOrder(order, await repo.historyOf(db, order.id), side, claimWindowMs);
}

export async function get(deps: Pick<OrderDeps, 'db' | 'claimWindowMs'>, user: SessionUser, id: number): Promise<Order> {
  const order = await repo.findOrder(deps.db, id);
  if (!order) throw notFound('Order');
  const shown = await present(deps.db, order, sideOf(order, user), deps.claimWindowMs);
  return { ...shown, invoiceIds: await invoicing.invoiceIdsOfOrder(deps.db, id) };
}

export async function listMine(deps: Pick<OrderDeps, 'db' | 'claimWindowMs'>, user: SessionUser, q: UserOrderListQuery): Promise<OrderPage> {
  const { rows, total } = await repo.page(deps.db, { userId: user.id, side: q.side, status: q.status, q: q.q }, q.size, (q.page - 1) * q.size);
  return { items: rows.map((o) => presentSummary(o, o.buyerId === user.id ? 'buyer' : 'seller', deps.claimWindowMs)), page: q.page, size: q.size, total };
}

export async function listAll(deps: Pick<OrderDeps, 'db' | 'claimWindowMs'>, q: AdminOrderListQuery): Promise<OrderPage> {
  const { rows, total } = await repo.page(deps.db, q, q.size, (q.page - 1) * q.size);
  return { items: rows.map((o) => presentSummary(o, 'operator', deps.claimWindowMs)), page: q.page, size: q.size, total };
}

/** The order's sale confirmation in `lng`, for a party or the operator. */
export async function confirmationPdf(db: Db, user: SessionUser, id: number, lng: Language) {
  const order = await repo.findOrder(db, id);
  if (!order) throw notFound('Order');
  sideOf(order, user);
  return { pdf: await confirmationOf(order, lng), filename: `${docText(lng, 'pdf.filename', {}, 'orderDocs')}-${order.number}.pdf` };
}

function confirmationOf(o: OrderRow, lng: Language) {
  return renderOrderConfirmation(
    {
      number: o.number,
      source: o.source,
      createdAt: o.createdAt,
      lot: o.lot,
      pallets: o.pallets,
      estimatedNetKg: num(o.estimatedNetKg),
      pricePerKg: Number(o.pricePerKg),
      // The sale's amount: on the estimated weight (the confirmation is the sale, not the invoice).
      amount: o.estimatedNetKg === null ? null : lineAmount(Number(o.estimatedNetKg), Number(o.pricePerKg)),
      incoterm: o.incoterm,
      incotermPlace: o.incotermPlace,
      seller: o.seller,
      buyer: o.buyer,
      deliveryAddress: o.deliveryAddress,
      requestedDeliveryDate: o.requestedDeliveryDate,
    },
    lng,
  );
}

/** Orders of these lots (the seller's lot list) and of won auctions, as links. */
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

export { bestNetKg };

// ---- messages --------------------------------------------------------------------------------

const KIND: Record<OrderMail['step'], NotificationKind> = {
  confirmed: 'order_confirmed',
  shipped: 'order_shipped',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
};

function queueEvent(fx: OrderEffects, o: OrderRow, previous: OrderStatus | null) {
  fx.events.push({
    userIds: [o.buyerId, o.sellerId].filter((v): v is number => v !== null),
    event: { orderId: o.id, number: o.number, status: o.status, previousStatus: previous, at: o.updatedAt.toISOString() },
  });
}

export async function noticeOnly(
  tx: Executor,
  fx: OrderEffects,
  userId: number,
  kind: NotificationKind,
  productId: number,
  data: Record<string, unknown>,
  dedupeKey: string,
) {
  const r = await alerts.recordNotice(tx, { userId, kind, productId, data, dedupeKey });
  if (r?.notificationId !== undefined) fx.noticeIds.push(r.notificationId);
}

/**
 * Both parties hear of a step: a bell notice, an e-mail in their language (decision 123: by the
 * company's country) if they want it — with the sale confirmation at CONFIRMED — and a live event.
 */
async function announce(
  tx: Executor,
  fx: OrderEffects,
  o: OrderRow,
  stepName: OrderMail['step'],
  opts: { publicOrigin?: string; claimWindowMs?: number; automatic?: boolean; who?: OrderActor; reason?: string },
) {
  const previous = stepName === 'confirmed' ? null : ((await repo.historyOf(tx, o.id)).at(-1)?.fromStatus ?? null);
  queueEvent(fx, o, previous);
  const parties: Array<{ side: 'buyer' | 'seller'; userId: number | null; other: string }> = [
    { side: 'buyer', userId: o.buyerId, other: o.seller.companyName },
    { side: 'seller', userId: o.sellerId, other: o.buyer.companyName },
  ];
  for (const p of parties) {
    if (p.userId === null) continue;
    const data: Record<string, unknown> = { orderId: o.id, orderNumber: o.number };
    if (opts.reason) data.reason = opts.reason;
    const r = await alerts.recordNotice(tx, {
      userId: p.userId,
      kind: KIND[stepName],
      productId: o.productId,
      data,
      dedupeKey: `order:${o.id}:${stepName}:${p.userId}`,
    });
    if (!r) continue;
    if (r.notificationId !== undefined) fx.noticeIds.push(r.notificationId);
    if (!r.email) continue;
    const language = languageForCountry(r.recipient.alpha2);
    const mail = renderOrderMail({
      language,
      company: r.recipient.companyName,
      side: p.side,
      step: stepName,
      number: o.number,
      lot: o.lot.article[language] ? `${o.lot.title} (${o.lot.article[language]})` : o.lot.title,
      other: p.other,
      pallets: stepName === 'shipped' ? (o.shippedPallets ?? o.pallets) : stepName === 'delivered' ? (o.receivedPallets ?? o.pallets) : o.pallets,
      pricePerKg: Number(o.pricePerKg),
      amount: num(o.amount),
      netKg: bestNetKg(o),
      date: stepName === 'shipped' ? (o.departureDate ?? undefined) : stepName === 'delivered' ? o.receivedAt?.toISOString() : undefined,
      plate: o.vehiclePlate ?? undefined,
      carrier: o.carrierName,
      automatic: opts.automatic,
      claimEnd:
        stepName === 'delivered' && o.deliveredAt && opts.claimWindowMs !== undefined
          ? new Date(o.deliveredAt.getTime() + opts.claimWindowMs).toISOString()
          : undefined,
      who: opts.who,
      reason: opts.reason,
      url: opts.publicOrigin ? `${opts.publicOrigin.replace(/\/$/, '')}/user/orders/${o.id}` : undefined,
    });
    const attachments =
      stepName === 'confirmed'
        ? [
            {
              filename: `${docText(language, 'pdf.filename', {}, 'orderDocs')}-${o.number}.pdf`,
              contentType: 'application/pdf',
              source: { kind: 'order-confirmation' as const, orderId: o.id, language },
            },
          ]
        : undefined;
    const ids = await queueMail(tx, [
      {
        ...mail,
        to: { name: r.recipient.companyName, address: r.recipient.email },
        language,
        company: r.recipient.companyName,
        ...(attachments ? { attachments } : {}),
      },
    ]);
    fx.mailIds.push(...ids);
  }
}
