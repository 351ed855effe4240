import {
  MAX_CLAIM_PHOTOS,
  MIN_CLAIM_PHOTOS,
  type AdminClaimListQuery,
  type AdminClaimPage,
  type Claim,
  type ClaimAction,
  type ClaimList,
  type ClaimStep,
  type OrderActor,
  type OrderSide,
  type claimInput,
  type cancelOrderInput,
  type claimStepInput,
  type Order,
  type receiveOrderInput,
} from '@primeur/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { PHOTO_VARIANT_WIDTHS, variantName, type CheckedPhoto, type PhotoStore } from '../marketplace/marketplace.service.js';
import * as orders from '../orders/orders.service.js';
import type { OrderDeps, OrderRow } from '../orders/orders.service.js';
import { assertClaimStep, isOpen } from './claims.policy.js';
import { presentAdminItem, presentClaim } from './claims.presenter.js';
import * as repo from './claims.repository.js';
import type { ClaimRow } from './claims.repository.js';

/** The order functions' needs, plus where claim photos live (DATA_DIR/claim-photos/{claimId}/). */
export interface ClaimDeps extends OrderDeps {
  claimPhotos: PhotoStore;
}

const money = (v: number) => v.toFixed(2);
const cents = (v: number | string) => Math.round(Number(v) * 100);

// ---- reads ---------------------------------------------------------------------------------------

async function presentAll(db: Executor, order: OrderRow, rows: ClaimRow[], side: OrderSide): Promise<Claim[]> {
  const history = await repo.historyOf(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) =>
    presentClaim(
      c,
      history.filter((h) => h.claimId === c.id),
      order,
      side,
    ),
  );
}

const windowEnd = (o: OrderRow, claimWindowMs: number) => (o.deliveredAt ? new Date(o.deliveredAt.getTime() + claimWindowMs) : null);

/** The order's claims (oldest first) and whether the caller may file one now. */
export async function list(deps: { db: Executor } & Pick<OrderDeps, 'claimWindowMs'>, user: SessionUser, orderId: number): Promise<ClaimList> {
  const order = await orders.findRow(deps.db, orderId);
  if (!order) throw notFound('Order');
  const side = orders.sideOf(order, user);
  const rows = await repo.claimsOf(deps.db, orderId);
  const end = order.status === 'DELIVERED' ? windowEnd(order, deps.claimWindowMs) : null;
  return {
    items: await presentAll(deps.db, order, rows, side),
    canFile: side === 'buyer' && end !== null && end.getTime() > Date.now() && !rows.some((c) => isOpen(c.status)),
    windowEndsAt: end?.toISOString() ?? null,
  };
}

async function presentOne(db: Executor, order: OrderRow, claim: ClaimRow, side: OrderSide) {
  return (await presentAll(db, order, [claim], side))[0]!;
}

/** A claim photo's bytes for a party or the operator; null (404) for anyone else or any other name. */
export async function photo(deps: Pick<ClaimDeps, 'db' | 'claimPhotos'>, user: SessionUser, orderId: number, claimId: number, file: string) {
  const order = await orders.findRow(deps.db, orderId);
  if (!order) return null;
  try {
    orders.sideOf(order, user);
  } catch {
    return null;
  }
  const claim = await repo.findClaim(deps.db, orderId, claimId);
  if (!claim) return null;
  // Only the claim's own files and their size variants.
  const names = new Set(claim.photos.flatMap((n) => [n, ...PHOTO_VARIANT_WIDTHS.map((w) => variantName(n, w))]));
  if (!names.has(file)) return null;
  return deps.claimPhotos.read(String(claimId), file);
}

export async function adminPage(db: Db, q: AdminClaimListQuery): Promise<AdminClaimPage> {
  const { rows, total } = await repo.page(db, q);
  return { items: rows.map((r) => presentAdminItem(r.claim, r.order)), page: q.page, size: q.size, total };
}

// ---- filing --------------------------------------------------------------------------------------

const orderAmountCents = (o: OrderRow) => (o.amount === null ? null : cents(o.amount));

function assertCreditWithinAmount(o: OrderRow, credit: number, path: string) {
  const max = orderAmountCents(o);
  if (max !== null && cents(credit) > max) {
    throw new HttpError(400, 'CREDIT_ABOVE_AMOUNT', `The credit cannot be above the order amount (${o.amount} €).`, [{ path, message: 'aboveAmount' }], {
      orderAmount: Number(o.amount),
    });
  }
}

/**
 * Refuses a filing on `order` by `user`: no such order or not a party (404, as every order route),
 * a party other than the buyer, a cancelled or undelivered order, the window ended, a claim open (409).
 */
async function assertFilable(db: Executor, deps: Pick<ClaimDeps, 'claimWindowMs'>, order: OrderRow | undefined, user: SessionUser): Promise<OrderRow> {
  if (!order) throw notFound('Order');
  const side = orders.sideOf(order, user);
  if (side !== 'buyer') throw new HttpError(409, 'ONLY_BUYER_CLAIMS', 'Only the buyer of an order files a claim on it.');
  assertNotCancelled(order);
  if (order.status !== 'DELIVERED') {
    throw new HttpError(
      409,
      'ORDER_NOT_DELIVERED',
      `The order is ${order.status}: a claim is filed on a delivered order.`,
      [{ path: 'status', message: order.status }],
      {
        status: order.status,
      },
    );
  }
  const end = windowEnd(order, deps.claimWindowMs);
  if (!end || end.getTime() <= Date.now()) {
    throw new HttpError(409, 'CLAIM_WINDOW_CLOSED', 'The claim window of this order has ended.', [{ path: 'status', message: 'windowClosed' }], {
      windowEndedAt: end?.toISOString() ?? null,
    });
  }
  const open = await repo.openClaimOf(db, order.id);
  if (open) throw alreadyOpen(open.id);
  return order;
}

/**
 * Whether `user` may file a claim on the order now, asked before the request's photos are read
 * (decision 1013): a caller who will be refused never has an image decoded. `file` asks again under
 * the order's lock.
 */
export async function assertMayFile(deps: { db: Executor } & Pick<ClaimDeps, 'claimWindowMs'>, user: SessionUser, orderId: number): Promise<void> {
  await assertFilable(deps.db, deps, await orders.findRow(deps.db, orderId), user);
}

/**
 * The buyer files a claim: the order locked (so the closing job and a second filing wait), the
 * refusals in the order a buyer would want to read them, the photos written under the claim's
 * folder, the history and both parties told. A failed transaction removes the photos it wrote.
 */
export async function file(deps: ClaimDeps, user: SessionUser, orderId: number, input: z.output<typeof claimInput>, photos: CheckedPhoto[]): Promise<Claim> {
  if (photos.length < MIN_CLAIM_PHOTOS)
    throw new HttpError(400, 'VALIDATION_FAILED', 'A claim needs at least one photo.', [{ path: 'photos', message: 'required' }]);
  if (photos.length > MAX_CLAIM_PHOTOS) {
    throw new HttpError(400, 'TOO_MANY_PHOTOS', `A claim has at most ${MAX_CLAIM_PHOTOS} photos.`, [{ path: 'photos', message: 'tooMany' }]);
  }
  let written: number | null = null;
  try {
    const { order, claim } = await deps.db.transaction(async (tx) => {
      const order = await assertFilable(tx, deps, await orders.lockRow(tx, orderId), user);
      if (input.pallets != null && input.pallets > (order.receivedPallets ?? 0)) {
        throw new HttpError(400, 'CLAIM_MORE_THAN_RECEIVED', `${order.receivedPallets} pallets were received.`, [
          { path: 'pallets', message: 'moreThanReceived' },
        ]);
      }
      if (input.netKg != null && cents(input.netKg) > cents(order.receivedNetKg ?? 0)) {
        throw new HttpError(400, 'CLAIM_MORE_THAN_RECEIVED', `${order.receivedNetKg} kg were received.`, [{ path: 'netKg', message: 'moreThanReceived' }]);
      }
      assertCreditWithinAmount(order, input.creditAsked, 'creditAsked');
      let claim = await repo.insertClaim(tx, {
        orderId: order.id,
        reasons: input.reasons,
        pallets: input.pallets ?? null,
        netKg: input.netKg == null ? null : money(input.netKg),
        description: input.description,
        creditAsked: money(input.creditAsked),
        filedBy: user.id,
      });
      written = claim.id;
      const names = await deps.claimPhotos.save(claim.id, photos);
      claim = await repo.updateClaim(tx, claim.id, { photos: names });
      await record(tx, order, claim, {
        step: 'filed',
        actor: 'BUYER',
        userId: user.id,
        companyName: order.buyer.companyName,
        credit: input.creditAsked,
        note: '',
      });
      return { order, claim };
    });
    return presentOne(deps.db, order, claim, 'buyer');
  } catch (err) {
    if (written !== null) await deps.claimPhotos.removeAll(written).catch(() => undefined);
    // Two filings racing past the check meet the partial unique index: the second is a 409 too.
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') throw alreadyOpen(null);
    throw err;
  }
}

/** A cancelled order takes no claim and no claim step (decision 966): 409 ORDER_CANCELLED. */
function assertNotCancelled(order: OrderRow) {
  if (order.status !== 'CANCELLED') return;
  throw new HttpError(
    409,
    'ORDER_CANCELLED',
    'This order was cancelled: its cancellation credited what remained of its invoice, it takes no claim.',
    [{ path: 'status', message: order.status }],
    { status: order.status },
  );
}

const alreadyOpen = (id: number | null) =>
  new HttpError(409, 'CLAIM_ALREADY_OPEN', 'This order already has an open claim; it must be settled first.', [{ path: 'claim', message: 'alreadyOpen' }], {
    claimId: id,
  });

// ---- the receipt and its weight dispute ---------------------------------------------------------

/**
 * The buyer's receipt (decision 981). Within the tolerance of the shipped weight it is the invoiced
 * weight. Short beyond it, the order is invoiced on the shipped weight and the receipt itself files,
 * in the buyer's name and the same transaction, a weight claim for the missing kg at the order's
 * price: the seller accepting it confirms the received weight (a credit note for the difference);
 * otherwise it goes the claim's usual way (proposal, rejection, the operator's decision). The claim
 * window still runs: once the weight claim is settled the buyer may file a quality claim.
 */
export async function receive(deps: ClaimDeps, user: SessionUser, orderId: number, input: z.output<typeof receiveOrderInput>): Promise<Order> {
  const { order, side } = await deps.db.transaction(async (tx) => {
    const { order, side, dispute } = await orders.recordBuyerReceipt(tx, deps, user, orderId, input);
    if (dispute) {
      const claim = await repo.insertClaim(tx, {
        orderId: order.id,
        reasons: ['SHORT'],
        netKg: money(dispute.missingKg),
        description: input.differences ?? '',
        creditAsked: money(dispute.credit),
        weightDispute: true,
        filedBy: user.id,
      });
      await record(tx, order, claim, {
        step: 'filed',
        actor: 'BUYER',
        userId: user.id,
        companyName: order.buyer.companyName,
        credit: dispute.credit,
        note: '',
      });
    }
    return { order, side };
  });
  return orders.present(deps.db, order, side, deps);
}

// ---- cancellation --------------------------------------------------------------------------------

/**
 * An order's cancellation (decision 966), taken here above the orders module like the receipt: in the
 * cancellation's transaction a claim still open is closed, settled with no credit — the cancellation's
 * credit note covers all that the invoice had not credited, so nothing is left for the claim to give —
 * its history says so and both parties are told; a claim's credit note never issued is replaced by that credit note.
 */
export async function cancel(deps: ClaimDeps, user: SessionUser, orderId: number, input: z.output<typeof cancelOrderInput>): Promise<Order> {
  const { order, side } = await deps.db.transaction(async (tx) => {
    const done = await orders.recordCancel(tx, user, orderId, input);
    const open = await repo.openClaimOf(tx, done.order.id);
    if (open) {
      const claim = await repo.lockClaim(tx, done.order.id, open.id);
      if (claim && isOpen(claim.status)) {
        const closed = await repo.updateClaim(tx, claim.id, { status: 'SETTLED', settledCredit: money(0), settledAt: new Date() });
        const actor: OrderActor = done.side === 'buyer' ? 'BUYER' : done.side === 'seller' ? 'SELLER' : 'OPERATOR';
        const companyName = done.side === 'buyer' ? done.order.buyer.companyName : done.side === 'seller' ? done.order.seller.companyName : null;
        await record(tx, done.order, closed, { step: 'decided', actor, userId: user.id, companyName, credit: 0, note: input.reason });
      }
    }
    return done;
  });
  return orders.present(deps.db, order, side, deps);
}

// ---- settlement ----------------------------------------------------------------------------------

type StepInput = z.output<typeof claimStepInput>;

const requireNote = (input: StepInput, action: string) => {
  if (!input.note || input.note.length < 3)
    throw new HttpError(400, 'VALIDATION_FAILED', `A note is required to ${action} a claim.`, [{ path: 'note', message: 'required' }]);
  return input.note;
};
const requireCredit = (input: StepInput) => {
  if (input.credit === undefined) throw new HttpError(400, 'VALIDATION_FAILED', 'The credit is required.', [{ path: 'credit', message: 'required' }]);
  return input.credit;
};

/**
 * One settlement step (decision 801): the claim and its order locked, the step checked against the
 * caller's side and the claim's status, then the claim moves, its history and the order's get a
 * line, both parties are told, and a settled claim closes its delivered order.
 */
export async function act(deps: ClaimDeps, user: SessionUser, orderId: number, claimId: number, action: ClaimAction, input: StepInput): Promise<Claim> {
  const { order, claim, side } = await deps.db.transaction(async (tx) => {
    const order = await orders.lockRow(tx, orderId);
    if (!order) throw notFound('Order');
    const side = orders.sideOf(order, user);
    const claim = await repo.lockClaim(tx, orderId, claimId);
    if (!claim) throw notFound('Claim');
    // Its claims were closed by the cancellation, whose credit note covers the order (decision 966).
    assertNotCancelled(order);
    assertClaimStep(action, side, claim.status);
    const actor: OrderActor = side === 'buyer' ? 'BUYER' : side === 'seller' ? 'SELLER' : 'OPERATOR';
    const who = { actor, userId: user.id, companyName: side === 'buyer' ? order.buyer.companyName : side === 'seller' ? order.seller.companyName : null };
    const note = input.note ?? '';
    let next: ClaimRow;
    let step: ClaimStep;
    let credit: number | null = null;
    let settled = false;
    let acceptedWhat: 'proposal' | 'rejection' | undefined;
    switch (action) {
      case 'accept': {
        step = 'accepted';
        // The seller accepts what was asked; the buyer accepts the proposal, or the rejection (no credit).
        credit = side === 'seller' ? Number(claim.creditAsked) : claim.status === 'PROPOSED' ? Number(claim.creditProposed) : 0;
        if (side === 'buyer') acceptedWhat = claim.status === 'PROPOSED' ? 'proposal' : 'rejection';
        next = await repo.updateClaim(tx, claim.id, { status: 'SETTLED', settledCredit: money(credit), settledAt: new Date() });
        settled = true;
        break;
      }
      case 'propose': {
        step = 'proposed';
        credit = requireCredit(input);
        assertCreditWithinAmount(order, credit, 'credit');
        if (cents(credit) >= cents(claim.creditAsked)) {
          throw new HttpError(400, 'VALIDATION_FAILED', 'A proposal is below the credit asked; to give what was asked, accept the claim.', [
            { path: 'credit', message: 'notBelowAsked' },
          ]);
        }
        requireNote(input, 'propose a credit on');
        next = await repo.updateClaim(tx, claim.id, { status: 'PROPOSED', creditProposed: money(credit) });
        break;
      }
      case 'reject': {
        step = 'rejected';
        requireNote(input, 'reject');
        next = await repo.updateClaim(tx, claim.id, { status: 'REJECTED' });
        break;
      }
      case 'escalate': {
        step = 'escalated';
        next = await repo.updateClaim(tx, claim.id, { status: 'ESCALATED' });
        break;
      }
      case 'decide': {
        step = 'decided';
        credit = requireCredit(input);
        assertCreditWithinAmount(order, credit, 'credit');
        requireNote(input, 'decide');
        next = await repo.updateClaim(tx, claim.id, { status: 'SETTLED', settledCredit: money(credit), settledAt: new Date() });
        settled = true;
        break;
      }
    }
    await record(tx, order, next, { step, actor: who.actor, userId: user.id, companyName: who.companyName, credit, note, acceptedWhat });
    // A settled claim ends the order's after-sale (issue 22 §4): it closes now, window or not. A weight
    // claim, which the receipt filed by itself, leaves the window to a quality claim (decision 981).
    if (settled && !claim.weightDispute) await orders.closeAfterClaim(tx, order, { code: 'CLAIM_SETTLED', params: { claim: claim.id } });
    return { order, claim: next, side };
  });
  return presentOne(deps.db, order, claim, side);
}

// ---- history and messages ------------------------------------------------------------------------

interface StepRecord {
  step: ClaimStep;
  actor: OrderActor;
  userId: number;
  companyName: string | null;
  credit: number | null;
  note: string;
  acceptedWhat?: 'proposal' | 'rejection';
}

/**
 * The step in the claim's history and in the order's (status unchanged): their events tell both
 * parties (the order's live event; the claim's bell notice and e-mail: claims.messages.ts).
 */
async function record(tx: Executor, order: OrderRow, claim: ClaimRow, s: StepRecord) {
  await repo.insertHistory(
    tx,
    {
      claimId: claim.id,
      step: s.step,
      actor: s.actor,
      actorUserId: s.userId,
      companyName: s.companyName,
      credit: s.credit === null ? null : money(s.credit),
      note: s.note,
    },
    s.acceptedWhat,
  );
  await orders.noteClaimStep(
    tx,
    order,
    s.actor,
    { userId: s.userId, companyName: s.companyName },
    { code: 'CLAIM_STEP', params: { claim: claim.id, step: s.step, credit: s.credit }, text: s.note ?? '' },
  );
}
