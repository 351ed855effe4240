/**
 * The auction rules, in one place for the server, the web and the tests (issues 10 and 14).
 * Money is integer cents here; amounts travel in JSON as euro numbers with at most 2 decimals.
 * The SQL function place_bid (apps/server/drizzle/0002_*.sql) applies the same increment table;
 * a test compares the two over the same inputs.
 */
import type { AuctionResult } from '../constants/marketplace.js';
import { dbIdText } from '../schemas/common.js';

/** A lot stays in auction three days from its start (the original end). */
export const AUCTION_DURATION_MS = 259_200_000;
/** No bid or maximum above 1 000 €/kg is accepted: a sane cap against typing slips. */
export const MAX_BID_CENTS = 100_000;
/** An accepted bid this close to the current end moves the end to the bid's time + this window. */
export const SOFT_CLOSE_WINDOW_MS = 120_000;
/** Soft close never moves the end past the original end + this much. */
export const SOFT_CLOSE_MAX_EXTENSION_MS = 1_800_000;
/** The web asks for confirmation of a bid above the next minimum × this ratio. */
export const OVERBID_CONFIRM_RATIO = 1.2;

/**
 * The bid step by price band (€/kg in cents): below 1 €/kg a bid beats the highest by 0,01,
 * from 1 to 5 €/kg by 0,02, from 5 €/kg by 0,05. The band is the one of the current highest offer.
 */
export const BID_INCREMENTS: ReadonlyArray<{ belowCents: number; stepCents: number }> = Object.freeze([
  Object.freeze({ belowCents: 100, stepCents: 1 }),
  Object.freeze({ belowCents: 500, stepCents: 2 }),
  Object.freeze({ belowCents: Number.POSITIVE_INFINITY, stepCents: 5 }),
]);

/** The step a bid must add to the highest offer `highestCents`. */
export function bidIncrementCents(highestCents: number): number {
  for (const band of BID_INCREMENTS) if (highestCents < band.belowCents) return band.stepCents;
  return BID_INCREMENTS[BID_INCREMENTS.length - 1]!.stepCents;
}

/** The smallest amount a bid may carry: the starting price without offers, else highest + its band's step. */
export function nextMinimumCents(startCents: number, highestCents: number | null): number {
  if (highestCents === null) return startCents;
  return Math.max(startCents, highestCents + bidIncrementCents(highestCents));
}

export type AuctionPhase = 'not_started' | 'open' | 'ended';

function toMs(value: string | number | Date): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  return Date.parse(value);
}

/** Where an auction stands at `nowMs`; `endsAt` is the CURRENT end (soft close moves it). */
export function auctionPhase(a: { startsAt: string | number | Date; endsAt: string | number | Date }, nowMs: number): AuctionPhase {
  if (nowMs < toMs(a.startsAt)) return 'not_started';
  if (nowMs >= toMs(a.endsAt)) return 'ended';
  return 'open';
}

/** The end an auction had before any soft close: its start + three days. */
export function originalEndMs(startsAt: string | number | Date): number {
  return toMs(startsAt) + AUCTION_DURATION_MS;
}

/**
 * The end after a bid ACCEPTED at `bidAtMs` (the caller only asks for accepted bids): inside the
 * last SOFT_CLOSE_WINDOW_MS the end moves to the bid's time + SOFT_CLOSE_WINDOW_MS, never past
 * original end + SOFT_CLOSE_MAX_EXTENSION_MS, and never earlier than it was.
 */
export function softCloseEndMs(currentEndMs: number, bidAtMs: number, startsAt: string | number | Date): number {
  if (bidAtMs < currentEndMs - SOFT_CLOSE_WINDOW_MS) return currentEndMs;
  const cap = originalEndMs(startsAt) + SOFT_CLOSE_MAX_EXTENSION_MS;
  return Math.max(currentEndMs, Math.min(bidAtMs + SOFT_CLOSE_WINDOW_MS, cap));
}

/**
 * An amount (€/kg) as integer cents when it may be bid: finite, above 0, at most 2 decimals and at
 * most MAX_BID_CENTS; null otherwise (the API answers 400 AMOUNT_INVALID).
 */
export function bidAmountCents(euros: number): number | null {
  if (typeof euros !== 'number' || !Number.isFinite(euros) || euros <= 0) return null;
  const c = Math.round(euros * 100);
  if (Math.abs(euros * 100 - c) > 1e-6) return null;
  return c >= 1 && c <= MAX_BID_CENTS ? c : null;
}

/**
 * How an ended auction came out (decision 403): no offer at all, a highest offer under the reserve
 * (unsold), or sold to the leading offer. Amounts in cents; `reserveCents` null without a reserve.
 */
export function auctionResultOf(highestCents: number | null, reserveCents: number | null): AuctionResult {
  if (highestCents === null) return 'NO_BIDS';
  if (reserveCents !== null && highestCents < reserveCents) return 'RESERVE_NOT_MET';
  return 'SOLD';
}

/** Where a lot's offers topic starts; the lot's id follows. */
export const OFFERS_TOPIC_PREFIX = '/topic/offers/';
/** Live topic of a lot's offers. */
export const offersTopic = (productId: number): string => `${OFFERS_TOPIC_PREFIX}${productId}`;
/**
 * The lot an offers topic names, or null when `destination` is not one: the id follows the strict
 * rule of ids in paths (`dbIdText`: decimal digits, no leading zero, 1…2^31−1), so the live feed
 * accepts exactly the lots the API can name.
 */
export function offersTopicProductId(destination: string): number | null {
  if (!destination.startsWith(OFFERS_TOPIC_PREFIX)) return null;
  const id = dbIdText.safeParse(destination.slice(OFFERS_TOPIC_PREFIX.length));
  return id.success ? id.data : null;
}
/** Live topic of the auctions list: one summary message per accepted offer. */
export const AUCTIONS_SUMMARY_TOPIC = '/topic/auctions';
/** Per-user live notifications (alerts). */
export const NOTIFICATIONS_QUEUE = '/user/queue/notifications';
