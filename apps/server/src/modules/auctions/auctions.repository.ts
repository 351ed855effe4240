import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { offers, products, users } from '../../db/schema/index.js';

export type BidOutcome = 'OK' | 'NOT_FOUND' | 'OWN_PRODUCT' | 'ACCOUNT_INACTIVE' | 'AUCTION_CLOSED' | 'NOT_STARTED' | 'BID_TOO_LOW';

/** The highest offer of a lot, one probe of offers_product_amount_idx. */
const highestOf = (productId: unknown) =>
  sql<string | null>`(select o.amount from offers o where o.product_id = ${productId} order by o.amount desc nulls last limit 1)`;

export const auctionsRepository = {
  /**
   * The bid in one statement (migration 0002, function place_bid): lock the lot, then read the clock,
   * the highest offer and the bidder's state, check the rules and insert. It commits on return.
   */
  placeBid: async (db: Executor, productId: number, userId: number, amount: string, step: string) => {
    const res = await db.execute<{ outcome: string; offer_id: string | number | null; offer_at: string | Date | null; highest: string | null; minimum: string | null }>(
      sql`select * from place_bid(${productId}::int, ${userId}::int, ${amount}::numeric, ${step}::numeric)`,
    );
    const r = res.rows[0]!;
    return {
      outcome: r.outcome as BidOutcome,
      offerId: r.offer_id === null ? null : Number(r.offer_id),
      at: r.offer_at === null ? null : new Date(r.offer_at),
      highest: r.highest === null ? null : Number(r.highest),
      minimum: r.minimum === null ? null : Number(r.minimum),
    };
  },

  offersOf: (db: Executor, productId: number) =>
    db
      .select({ id: offers.id, date: offers.createdAt, amount: offers.amount, companyName: users.companyName })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.userId))
      .where(eq(offers.productId, productId))
      .orderBy(desc(offers.id)),

  highest: async (db: Executor, productId: number) => {
    const res = await db.execute<{ highest: string | null }>(sql`select ${highestOf(productId)} as highest`);
    const v = res.rows[0]?.highest ?? null;
    return v === null ? null : Number(v);
  },

  serverTime: async (db: Executor) => {
    const res = await db.execute<{ now: string | Date }>(sql`select clock_timestamp() as now`);
    return new Date(res.rows[0]!.now);
  },

  /** Locks auctions past their end that no bid transaction holds; a held one is taken on the next round. */
  lockDue: async (tx: Executor, limit: number) =>
    (
      await tx.execute<{ id: number }>(
        sql`select id from products where status = 'IN_AUCTION' and ends_at <= now() order by ends_at limit ${limit} for update skip locked`,
      )
    ).rows.map((r) => Number(r.id)),

  /** Runs in a statement after lockDue, so it sees every bid committed before the lock was taken. */
  closeLot: async (tx: Executor, productId: number) =>
    (
      await tx.execute<{ id: number; winning_offer_id: string | number | null }>(sql`
        update products set status = 'EXPIRED', closed_at = clock_timestamp(), updated_at = clock_timestamp(),
          winning_offer_id = (select o.id from offers o where o.product_id = ${productId} order by o.amount desc nulls last, o.id limit 1)
        where id = ${productId} and status = 'IN_AUCTION'
        returning id, winning_offer_id`)
    ).rows[0],

  expireFixedPrice: (tx: Executor, today: string) =>
    tx.execute(
      sql`update products set status = 'EXPIRED', updated_at = now() where status = 'ENABLED' and auction_start_date is null and available_until < ${today}::date`,
    ),

  /** Offers of this user recorded as the winning offer of a closed auction, latest close first. */
  wonBy: (db: Executor, userId: number) =>
    db
      .select({ productId: products.id, amount: offers.amount, date: offers.createdAt })
      .from(products)
      .innerJoin(offers, eq(offers.id, products.winningOfferId))
      .where(eq(offers.userId, userId))
      .orderBy(desc(products.closedAt)),

  winner: async (db: Executor, offerId: number) =>
    (
      await db
        .select({ amount: offers.amount, companyName: users.companyName })
        .from(offers)
        .innerJoin(users, eq(users.id, offers.userId))
        .where(eq(offers.id, offerId))
    )[0],
};
