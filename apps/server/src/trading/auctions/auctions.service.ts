import type { FastifyBaseLogger } from 'fastify';
import {
  AUCTIONS_SUMMARY_TOPIC,
  auctionPhase,
  auctionResultOf,
  bidAmountCents,
  centsToDecimal,
  fromCents,
  nextMinimumCents,
  offersTopic,
  originalEndMs,
  toCents,
  type AuctionItem,
  type BidderView,
  type AuctionSummaryMessage,
  type BidResult,
  type LotListQuery,
  type LotReference,
  type MyBid,
  type Offer,
  type OfferMessage,
  type Page,
  type ProductDetails,
  type WonAuction,
} from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { SessionUser } from '../../plugins/session.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { LiveMessage } from '../../realtime/offer-relay.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';
import * as ordersService from '../orders/orders.service.js';
import * as referenceService from '../../pricing/prices/reference.service.js';

/** The close job (decision 203), for the jobs and other modules' tests. */
export { closeAuctions } from './auction-closer.js';
import * as repo from './auctions.repository.js';
import { type PlaceBidRow } from './auctions.repository.js';

// Money is compared in whole cents: 0.1 + 0.2 must not decide who wins (one rule, packages/shared/money.ts).
const cents = toCents;
const euros = fromCents;
const money = centsToDecimal;

const closed = (message: string) => new HttpError(409, 'AUCTION_CLOSED', message);
export const amountInvalid = (path: string) =>
  new HttpError(400, 'AMOUNT_INVALID', 'The amount must be above 0, with at most 2 decimals, and at most 1000 €/kg.', [{ path, message: 'AMOUNT_INVALID' }]);

export interface BidDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

export interface BidRequest {
  amount: number;
  maxAmount?: number;
  idempotencyKey?: string;
}

function refuse(r: PlaceBidRow): never {
  switch (r.outcome) {
    case 'NOT_FOUND':
      throw notFound('Auction');
    case 'OWN_PRODUCT':
      throw new HttpError(403, 'OWN_PRODUCT', 'You cannot bid on your own lot.');
    case 'ACCOUNT_INACTIVE':
      throw new HttpError(403, 'ACCOUNT_INACTIVE', 'Your account is not active.');
    case 'AUCTION_CLOSED':
      throw closed('The auction is closed.');
    case 'NOT_STARTED':
      throw new HttpError(409, 'NOT_STARTED', 'The auction has not started yet.');
    case 'AMOUNT_INVALID':
      throw amountInvalid('amount');
    case 'ALREADY_HIGHEST':
      throw new HttpError(409, 'ALREADY_HIGHEST', 'You already have the highest offer.', undefined, { highest: r.highest, minimum: r.minimum });
    case 'BID_TOO_LOW':
      throw new HttpError(409, 'BID_TOO_LOW', `The bid must be at least ${r.minimum!.toFixed(2)} €/kg.`, undefined, {
        highest: r.highest,
        minimum: r.minimum,
      });
    case 'MAX_BELOW_MINIMUM':
      throw new HttpError(
        400,
        'MAX_BELOW_MINIMUM',
        `The maximum must be at least ${r.minimum!.toFixed(2)} €/kg and at least the bid.`,
        [{ path: 'maxAmount', message: 'MAX_BELOW_MINIMUM' }],
        {
          highest: r.highest,
          minimum: r.minimum,
        },
      );
    case 'KEY_REUSED':
      throw keyReused();
    default:
      throw new Error(`place_bid answered ${r.outcome}`);
  }
}

// 422 as payment APIs answer (decision 703): the key names a request already made with another body.
const keyReused = () =>
  new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request (another lot, amount or maximum).');

/**
 * Who is looking at a lot's bidders (decision 700): the lot's seller and the operator may learn
 * companies; everyone else sees pseudonyms, and "You" on its own rows.
 */
export interface Viewer {
  userId: number;
  privileged: boolean;
}

export const viewerOf = (user: SessionUser, sellerId: number): Viewer => ({
  userId: user.id,
  privileged: user.category === 'admin' || user.id === sellerId,
});

/** The pseudonym as an English label; the web translates from the number. */
export const bidderPseudonym = (n: number) => `Bidder ${n}`;

export function presentBidder(viewer: Viewer, b: { userId: number; bidderNumber: number | null; companyName?: string }): BidderView {
  const bidderNumber = b.bidderNumber ?? 0;
  const mine = b.userId === viewer.userId;
  if (viewer.privileged && b.companyName !== undefined) {
    return { bidderNumber, bidderLabel: mine ? 'You' : b.companyName, mine, user: { id: b.userId, companyName: b.companyName } };
  }
  return { bidderNumber, bidderLabel: mine ? 'You' : bidderPseudonym(bidderNumber), mine };
}

/**
 * Takes a bid (decisions 203, 400-404). The database function place_bid locks the lot row first, so
 * bids on one lot run one after another on every instance; everything — the idempotency key, the
 * clock, the amounts, the maxima, the automatic answers, soft close and the lot's price — is decided
 * after the lock, in one transaction. The answer and the live messages leave only after the commit,
 * one message per offer created, in order.
 */
export async function placeBid(deps: BidDeps, user: SessionUser, productId: number, req: BidRequest): Promise<BidResult> {
  const amountCents = bidAmountCents(req.amount);
  if (amountCents === null) throw amountInvalid('amount');
  let maxCents: number | null = null;
  if (req.maxAmount !== undefined) {
    maxCents = bidAmountCents(req.maxAmount);
    if (maxCents === null) throw amountInvalid('maxAmount');
  }
  let rows: PlaceBidRow[];
  try {
    rows = await repo.placeBid(deps.db, productId, user.id, money(amountCents), maxCents === null ? null : money(maxCents), req.idempotencyKey ?? null);
  } catch (err) {
    // The same key raced on another lot (the per-lot lock does not serialize them): the unique index refused it.
    if (isUniqueViolation(err, 'offers_user_idempotency_key_idx')) throw keyReused();
    throw err;
  }
  const first = rows[0]!;
  if (first.outcome !== 'OK' && first.outcome !== 'REPEAT' && first.outcome !== 'RAISED') refuse(first);

  // No publish here: the offers_notify trigger notifies every instance at commit, and each one
  // delivers to its own watchers (liveMessages, decision 521) — even if this instance dies now.
  const last = rows[rows.length - 1]!;
  const mine = rows.find((r) => r.mine) ?? first;
  const own = {
    id: mine.offerId!,
    date: mine.at!.toISOString(),
    amount: mine.amount!,
    auto: mine.auto,
    ...presentBidder({ userId: user.id, privileged: false }, { userId: user.id, bidderNumber: mine.bidderNumber }),
    originalEndsAt: new Date(originalEndMs(mine.startsAt ?? first.startsAt!)).toISOString(),
  };
  if (first.outcome === 'OK') {
    // The answer carries the lot's state after the whole bid (an automatic answer may already have outbid it).
    return {
      ...own,
      endsAt: last.endsAt!.toISOString(),
      highest: last.highest!,
      bidders: last.bidders!,
      reserveMet: last.reserveMet,
      leading: last.userId === user.id,
      maxAmount: maxCents === null ? null : euros(maxCents),
      nextMinimum: euros(nextMinimumCents(0, cents(last.highest!))),
    };
  }
  // A repeat or a raise created nothing: answer with the stored offer and the lot as it is now.
  const state = await repo.myBid(deps.db, productId, user.id);
  return {
    ...own,
    endsAt: first.endsAt!.toISOString(),
    highest: first.highest!,
    bidders: first.bidders!,
    reserveMet: first.reserveMet,
    leading: state.leaderId === user.id,
    maxAmount: state.maxAmount !== null && cents(state.maxAmount) >= cents(own.amount) ? state.maxAmount : null,
    nextMinimum: euros(nextMinimumCents(0, cents(first.highest!))),
  };
}

/** The caller's own maximum (secret to everyone else) and whether the caller leads; a disabled lot is 404 as for details. */
export async function myBid(db: Db, user: SessionUser, productId: number): Promise<MyBid> {
  await marketplaceService.assertVisible(db, user, productId);
  const r = await repo.myBid(db, productId, user.id);
  return { maxAmount: r.maxAmount, leading: r.leaderId === user.id };
}

/**
 * The live messages of one committed offer (the offer on its lot's topic, a summary on
 * /topic/auctions), built from the committed rows by every instance that relays it
 * (realtime/offer-relay.ts). An offer deleted since (its lot removed) yields nothing.
 */
export async function liveMessages(db: Db, productId: number, offerId: number): Promise<LiveMessage[]> {
  const o = await repo.offerWithLotState(db, offerId);
  if (!o || o.productId !== productId) return [];
  // Every watcher gets the same message: the bidder only by its pseudonym (decision 700).
  const message: OfferMessage = {
    id: o.id,
    date: o.date.toISOString(),
    amount: o.amount,
    auto: o.auto,
    bidderNumber: o.bidderNumber,
    bidderLabel: bidderPseudonym(o.bidderNumber),
    endsAt: o.endsAt.toISOString(),
    originalEndsAt: new Date(originalEndMs(o.startsAt)).toISOString(),
    extendedByMs: o.extendedMs,
    highest: o.highest,
    bidders: o.bidders,
    reserveMet: o.reservePrice === null ? null : cents(o.highest) >= cents(o.reservePrice),
  };
  const summary: AuctionSummaryMessage = {
    productId,
    offerId: message.id,
    date: message.date,
    highest: message.highest,
    bidders: message.bidders,
    endsAt: message.endsAt,
    reserveMet: message.reserveMet,
  };
  return [
    { topic: offersTopic(productId), payload: JSON.stringify(message) },
    { topic: AUCTIONS_SUMMARY_TOPIC, payload: JSON.stringify(summary) },
  ];
}

/** A lot's offers as `user` may see them: pseudonyms and "You", companies only for the seller and the operator. */
export async function offers(db: Db, user: SessionUser, productId: number): Promise<Offer[]> {
  const product = await marketplaceService.productById(db, productId);
  if (!product) throw notFound('Product');
  const viewer = viewerOf(user, product.supplier);
  return (await repo.offersOf(db, productId)).map((o) => ({
    id: o.id,
    date: o.date.toISOString(),
    amount: Number(o.amount),
    auto: o.auto,
    ...presentBidder(viewer, o),
  }));
}

export function listActive(db: Db): Promise<AuctionItem[]> {
  return marketplaceService.openAuctions(db);
}

/** A page of running auctions with their highest offer (docs/api/lists.md). */
export async function listActivePage(db: Db, f: LotListQuery): Promise<Page<AuctionItem>> {
  const page = await marketplaceService.openAuctionsPage(db, f);
  // The market reference line of every card, one query for the page (decision 860).
  const products = await referenceService.withReferences(
    db,
    page.items.map((i) => i.product),
  );
  return { ...page, items: page.items.map((i, k) => ({ ...i, product: products[k]! })) };
}

/** A lot's market reference at its current price: the highest bid, else the starting or fixed price. */
export async function lotReference(db: Db, productId: number): Promise<LotReference | null> {
  const found = await marketplaceService.productWithAuctionState(db, productId);
  if (!found) throw notFound('Product');
  return referenceService.forLot(db, found.product.articleId, found.state.highest ?? found.product.price);
}

export async function won(db: Db, userId: number): Promise<WonAuction[]> {
  const rows = await repo.wonBy(db, userId);
  const byId = await marketplaceService.productsByIds(
    db,
    rows.map((r) => r.productId),
  );
  const orders = await ordersService.refsByProducts(
    db,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((r) => {
    const product = byId.get(r.productId);
    const order = orders.get(r.productId)?.find((o) => o.buyerId === userId);
    return product
      ? [{ amount: Number(r.amount), date: r.date.toISOString(), product, order: order ? { id: order.id, number: order.number, status: order.status } : null }]
      : [];
  });
}

export async function details(db: Db, user: SessionUser, productId: number): Promise<ProductDetails> {
  const found = await marketplaceService.productWithAuctionState(db, productId);
  if (!found) throw notFound('Product');
  const { product, state } = found;
  const viewer = viewerOf(user, product.supplier);
  const [serverTime, myBidderNumber] = await Promise.all([repo.serverTime(db), repo.bidderNumberOf(db, productId, user.id)]);
  const isAuction = product.endsAt !== null && product.auctionStartDate !== null;
  const phase = isAuction ? auctionPhase({ startsAt: product.auctionStartDate!, endsAt: product.endsAt! }, serverTime.getTime()) : null;
  const highest = state.highest;
  const open = isAuction && product.status === 'IN_AUCTION' && phase === 'open';
  const reserveMet = state.reservePrice === null ? null : highest !== null && cents(highest) >= cents(state.reservePrice);
  const result =
    isAuction && phase === 'ended'
      ? auctionResultOf(highest === null ? null : cents(highest), state.reservePrice === null ? null : cents(state.reservePrice))
      : null;
  let winner: ProductDetails['winner'] = null;
  // Once over, the leading offer is the winner — also in the moments before the close job records
  // it — unless the reserve was not met (the lot ends unsold).
  if (result === 'SOLD') {
    const lead = await repo.leadingOffer(db, productId);
    if (lead) winner = { amount: Number(lead.amount), ...presentBidder(viewer, lead) };
  }
  return {
    ...product,
    seller: { companyName: product.user.companyName },
    serverTime: serverTime.toISOString(),
    highest,
    nextMinimum: euros(nextMinimumCents(cents(product.price), highest === null ? null : cents(highest))),
    bidders: state.bidders,
    reserveMet,
    phase,
    open,
    originalEndsAt: isAuction ? new Date(originalEndMs(product.auctionStartDate!)).toISOString() : null,
    myBidderNumber,
    result,
    winner,
  };
}
