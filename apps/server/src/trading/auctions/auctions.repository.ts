import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auctionMaxima, offers } from '../../db/schema/index.js';
import { accountsView } from '../../companies/users/users.read-model.js';
import { lotRows, lotsView } from '../marketplace/marketplace.read-model.js';
import { highestOfferSql } from './auctions.read-model.js';

export type BidOutcome =
  | 'OK'
  | 'REPEAT'
  | 'RAISED'
  | 'NOT_FOUND'
  | 'OWN_PRODUCT'
  | 'ACCOUNT_INACTIVE'
  | 'AUCTION_CLOSED'
  | 'NOT_STARTED'
  | 'AMOUNT_INVALID'
  | 'ALREADY_HIGHEST'
  | 'BID_TOO_LOW'
  | 'MAX_BELOW_MINIMUM'
  | 'KEY_REUSED';

/** One row of place_bid: an offer it created (or the one it answers with), or a refusal. */
export interface PlaceBidRow {
  outcome: BidOutcome;
  offerId: number | null;
  userId: number | null;
  amount: number | null;
  auto: boolean;
  at: Date | null;
  created: boolean;
  mine: boolean;
  endsAt: Date | null;
  highest: number | null;
  bidders: number | null;
  reserveMet: boolean | null;
  minimum: number | null;
  /** The row's bidder pseudonym on the lot. */
  bidderNumber: number | null;
  startsAt: Date | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The bid in one statement (function place_bid, migration 0012): lock the lot, then check the
 * idempotency key, the clock, the amounts and the maxima, insert the bidder's offer and any automatic
 * answers, move the end (soft close) and the lot's price. It commits on return. Rows come in order.
 */
export async function placeBid(
  db: Executor,
  productId: number,
  userId: number,
  amount: string,
  max: string | null,
  key: string | null,
): Promise<PlaceBidRow[]> {
  const res = await db.execute<Record<string, string | number | boolean | Date | null>>(
    sql`select * from place_bid(${productId}::int, ${userId}::int, ${amount}::numeric, ${max}::numeric, ${key}::text)`,
  );
  return res.rows.map((r) => ({
    outcome: r.r_outcome as BidOutcome,
    offerId: num(r.r_offer_id as string | null),
    userId: num(r.r_user as number | null),
    amount: num(r.r_amount as string | null),
    auto: r.r_auto === true,
    at: r.r_at === null ? null : new Date(r.r_at as string),
    created: r.r_created === true,
    mine: r.r_mine === true,
    endsAt: r.r_ends_at === null ? null : new Date(r.r_ends_at as string),
    highest: num(r.r_highest as string | null),
    bidders: num(r.r_bidders as number | null),
    reserveMet: r.r_reserve_met === null ? null : r.r_reserve_met === true,
    minimum: num(r.r_minimum as string | null),
    bidderNumber: num(r.r_number as number | null),
    startsAt: r.r_starts_at === null ? null : new Date(r.r_starts_at as string),
  }));
}

/** The caller's own maximum on a lot and the lot's leader (top offer; equal amounts → the later offer). */
export async function myBid(db: Executor, productId: number, userId: number) {
  const [max] = await db
    .select({ maxAmount: auctionMaxima.maxAmount })
    .from(auctionMaxima)
    .where(and(eq(auctionMaxima.productId, productId), eq(auctionMaxima.userId, userId)));
  const [top] = await db
    .select({ userId: offers.userId })
    .from(offers)
    .where(eq(offers.productId, productId))
    .orderBy(desc(offers.amount), desc(offers.id))
    .limit(1);
  return { maxAmount: max ? Number(max.maxAmount) : null, leaderId: top?.userId ?? null };
}

/** A lot's offers, newest first, with each bidder's pseudonym and company (the presenter decides who sees which). */
export function offersOf(db: Executor, productId: number) {
  return db
    .select({
      id: offers.id,
      date: offers.createdAt,
      amount: offers.amount,
      auto: offers.auto,
      userId: offers.userId,
      bidderNumber: offers.bidderNumber,
      companyName: accountsView.companyName,
    })
    .from(offers)
    .innerJoin(accountsView, eq(accountsView.id, offers.userId))
    .where(eq(offers.productId, productId))
    .orderBy(desc(offers.id));
}

/** The leading offer: highest amount; on equal amounts the later one (an automatic answer at a tie). */
export async function leadingOffer(db: Executor, productId: number) {
  return (
    await db
      .select({ id: offers.id, amount: offers.amount, userId: offers.userId, bidderNumber: offers.bidderNumber, companyName: accountsView.companyName })
      .from(offers)
      .innerJoin(accountsView, eq(accountsView.id, offers.userId))
      .where(eq(offers.productId, productId))
      .orderBy(desc(offers.amount), desc(offers.id))
      .limit(1)
  )[0];
}

/** The user's pseudonym number on a lot, null when it never bid there. */
export async function bidderNumberOf(db: Executor, productId: number, userId: number) {
  const [row] = await db
    .select({ n: offers.bidderNumber })
    .from(offers)
    .where(and(eq(offers.productId, productId), eq(offers.userId, userId)))
    .limit(1);
  return row?.n ?? null;
}

/**
 * One committed offer (no company: live messages go to every watcher) with the lot's state just after it (highest and bidders counted up to this
 * offer; the lot's current end and reserve), for the live messages every instance builds.
 * Usually the offer is still the lot's latest: then the state is the one place_bid kept on the lot
 * row in the same transaction (same snapshot, so no later bid is in it), two column reads. Only an
 * offer already followed by another (an automatic answer in the same bid, or a relay running
 * behind) counts the offers up to it, which costs in proportion to the lot's offers.
 */
export async function offerWithLotState(db: Executor, offerId: number) {
  const res = await db.execute<Record<string, string | number | boolean | Date | null>>(sql`
    select o.id, o.product_id, o.user_id, o.amount, o.auto, o.created_at, o.bidder_number, o.extended_ms, p.ends_at, p.auction_start_date, p.reserve_price,
      case when l.later then (select max(x.amount) from offers x where x.product_id = o.product_id and x.id <= o.id) else p.highest_amount end as highest,
      case when l.later then (select count(distinct x.user_id) from offers x where x.product_id = o.product_id and x.id <= o.id)::int else p.bidder_count end as bidders
    from offers o join ${lotRows} p on p.id = o.product_id
      cross join lateral (select exists (select 1 from offers x where x.product_id = o.product_id and x.id > o.id) as later) l
    where o.id = ${offerId}`);
  const r = res.rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    productId: Number(r.product_id),
    userId: Number(r.user_id),
    amount: Number(r.amount),
    auto: r.auto === true,
    date: new Date(r.created_at as string),
    bidderNumber: Number(r.bidder_number),
    extendedMs: Number(r.extended_ms),
    endsAt: new Date(r.ends_at as string),
    startsAt: new Date(r.auction_start_date as string),
    reservePrice: r.reserve_price === null ? null : Number(r.reserve_price),
    highest: Number(r.highest),
    bidders: Number(r.bidders),
  };
}

export async function highest(db: Executor, productId: number) {
  const res = await db.execute<{ highest: string | null }>(sql`select ${highestOfferSql(productId)} as highest`);
  const v = res.rows[0]?.highest ?? null;
  return v === null ? null : Number(v);
}

export async function serverTime(db: Executor) {
  const res = await db.execute<{ now: string | Date }>(sql`select clock_timestamp() as now`);
  return new Date(res.rows[0]!.now);
}

/** Offers of this user recorded as the winning offer of a closed auction, latest close first. */
export function wonBy(db: Executor, userId: number) {
  return db
    .select({ productId: lotsView.id, amount: offers.amount, date: offers.createdAt })
    .from(lotsView)
    .innerJoin(offers, eq(offers.id, lotsView.winningOfferId))
    .where(eq(offers.userId, userId))
    .orderBy(desc(lotsView.closedAt));
}
