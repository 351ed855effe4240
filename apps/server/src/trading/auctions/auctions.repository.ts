import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auctionMaxima, offers, products, users } from '../../db/schema/index.js';

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

/** The highest offer of a lot, one probe of offers_product_amount_idx. */
const highestOf = (productId: unknown) =>
  sql<string | null>`(select o.amount from offers o where o.product_id = ${productId} order by o.amount desc nulls last limit 1)`;

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
      companyName: users.companyName,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.userId))
    .where(eq(offers.productId, productId))
    .orderBy(desc(offers.id));
}

/** The leading offer: highest amount; on equal amounts the later one (an automatic answer at a tie). */
export async function leadingOffer(db: Executor, productId: number) {
  return (
    await db
      .select({ id: offers.id, amount: offers.amount, userId: offers.userId, bidderNumber: offers.bidderNumber, companyName: users.companyName })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.userId))
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
    from offers o join products p on p.id = o.product_id
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
  const res = await db.execute<{ highest: string | null }>(sql`select ${highestOf(productId)} as highest`);
  const v = res.rows[0]?.highest ?? null;
  return v === null ? null : Number(v);
}

export async function serverTime(db: Executor) {
  const res = await db.execute<{ now: string | Date }>(sql`select clock_timestamp() as now`);
  return new Date(res.rows[0]!.now);
}

/** Locks auctions past their end that no bid transaction holds; a held one is taken on the next round. */
export async function lockDue(tx: Executor, limit: number) {
  // FOR NO KEY UPDATE, the lock the close's UPDATE takes anyway: it waits for no bid (place_bid holds
  // the row FOR UPDATE, so a lot being bid on is skipped and taken on the next pass), but not for the
  // KEY SHARE lock that a row referencing the lot takes while it is written (an outbid notice, an
  // order): with FOR UPDATE, a notifier pass writing notices made the closer skip a lot already due.
  return (
    await tx.execute<{ id: number }>(
      sql`select id from products where status = 'IN_AUCTION' and ends_at <= clock_timestamp() order by ends_at limit ${limit} for no key update skip locked`,
    )
  ).rows.map((r) => Number(r.id));
}

/**
 * Runs in a statement after lockDue, so it sees every bid committed before the lock was taken and
 * the CURRENT end (a bid that moved it commits before the lock is ours). The winner is the leading
 * offer, unless the lot has a reserve its price did not reach: then it ends unsold (decision 403).
 */
export async function closeLot(tx: Executor, productId: number) {
  return (
    await tx.execute<{ id: number; winning_offer_id: string | number | null }>(sql`
        update products p set status = 'EXPIRED', closed_at = clock_timestamp(), updated_at = clock_timestamp(),
          winning_offer_id = (select o.id from offers o where o.product_id = ${productId}
                                and (p.reserve_price is null or o.amount >= p.reserve_price)
                              order by o.amount desc, o.id desc limit 1)
        where p.id = ${productId} and p.status = 'IN_AUCTION' and p.ends_at <= clock_timestamp()
        returning p.id, p.winning_offer_id`)
  ).rows[0];
}

export function expireFixedPrice(tx: Executor, today: string) {
  return tx.execute(
    sql`update products set status = 'EXPIRED', updated_at = now() where status = 'ENABLED' and auction_start_date is null and available_until < ${today}::date`,
  );
}

/** Offers of this user recorded as the winning offer of a closed auction, latest close first. */
export function wonBy(db: Executor, userId: number) {
  return db
    .select({ productId: products.id, amount: offers.amount, date: offers.createdAt })
    .from(products)
    .innerJoin(offers, eq(offers.id, products.winningOfferId))
    .where(eq(offers.userId, userId))
    .orderBy(desc(products.closedAt));
}
