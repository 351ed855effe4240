import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { auctionMaxima, offers } from '../../db/schema/index.js';

/**
 * The auctions read model other modules read (decision 1005): the offers and the bidders' maxima as
 * subqueries they join like a table (PostgreSQL inlines them: the plan is the join they replace), and
 * the facts they ask of a lot's offers. It depends on the schema only, so any module of trading may
 * import it without an import circle.
 */
const qb = new QueryBuilder();

const offerColumns = {
  id: offers.id,
  productId: offers.productId,
  userId: offers.userId,
  amount: offers.amount,
  auto: offers.auto,
  bidderNumber: offers.bidderNumber,
  createdAt: offers.createdAt,
};

const offersQuery = qb.select(offerColumns).from(offers);

/** The offers (lot, bidder and pseudonym, amount, typed or automatic, time) as a Drizzle subquery (alias `offer`). */
export const offersView = offersQuery.as('offer');

/** The offers as an SQL fragment, `join ${offerRows} o on …` in queries written in SQL (columns by their SQL names). */
export const offerRows = sql`(${offersQuery})`;

/** The bidders' secret maxima (lot, bidder, maximum) as an SQL fragment, `join ${maximumRows} m on …`: a maximum is shown to its owner only. */
export const maximumRows = sql`(${qb.select({ productId: auctionMaxima.productId, userId: auctionMaxima.userId, maxAmount: auctionMaxima.maxAmount }).from(auctionMaxima)})`;

/** The highest offer of the lot `productId` (a value or a column), as a scalar subquery: one probe of offers_product_amount_idx. */
export const highestOfferSql = (productId: unknown) =>
  sql<string | null>`(select o.amount from offers o where o.product_id = ${productId} order by o.amount desc nulls last limit 1)`;

/**
 * The winning offer's id of the lot `productId` whose reserve is `reservePrice` (both SQL), as a scalar
 * subquery: the leading offer (on equal amounts the later one), unless it is below the reserve (decision 403).
 */
export const winningOfferIdSql = (productId: unknown, reservePrice: SQL) =>
  sql<number | null>`(select o.id from offers o where o.product_id = ${productId}
    and (${reservePrice} is null or o.amount >= ${reservePrice}) order by o.amount desc, o.id desc limit 1)`;

/** The number of offers and the highest one of each of these lots (a lot without offers is absent). */
export async function offerStats(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, { count: number; highest: number | null }>();
  const rows = await db
    .select({ productId: offers.productId, count: sql<number>`count(*)::int`, highest: sql<string | null>`max(${offers.amount})` })
    .from(offers)
    .where(sql`${offers.productId} in ${productIds}`)
    .groupBy(offers.productId);
  return new Map(rows.map((r) => [r.productId, { count: r.count, highest: r.highest === null ? null : Number(r.highest) }]));
}

/** Whether the lot has received an offer. */
export async function hasOffers(db: Executor, productId: number) {
  return (await db.select({ id: offers.id }).from(offers).where(eq(offers.productId, productId)).limit(1)).length > 0;
}

/** One offer (the columns of offersView); undefined when there is none. */
export async function offerById(db: Executor, offerId: number) {
  return (await db.select(offerColumns).from(offers).where(eq(offers.id, offerId)))[0];
}
