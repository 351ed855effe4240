import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { offers, products, users } from '../../db/schema/index.js';

/** The highest offer of a lot, one probe of offers_product_amount_idx. */
const highestOf = (productId: unknown) =>
  sql<string | null>`(select o.amount from offers o where o.product_id = ${productId} order by o.amount desc nulls last limit 1)`;

export const auctionsRepository = {
  /** Locks the lot: every bid on it, the close and the supplier's edits queue here. */
  lockLot: async (tx: Executor, productId: number) =>
    (
      await tx
        .select({
          id: products.id,
          supplierId: products.supplierId,
          status: products.status,
          price: products.price,
          auctionStartDate: products.auctionStartDate,
          endsAt: products.endsAt,
        })
        .from(products)
        .where(eq(products.id, productId))
        .for('update')
    )[0],

  /** Read after the lock: the database's clock (one clock for every instance), the highest offer and whether the bidder is still active. */
  bidContext: async (tx: Executor, productId: number, userId: number) => {
    const res = await tx.execute<{ now: string | Date; highest: string | null; active: boolean | null }>(
      sql`select clock_timestamp() as now, ${highestOf(productId)} as highest, (select active from users where id = ${userId}) as active`,
    );
    const row = res.rows[0]!;
    return { now: new Date(row.now), highest: row.highest === null ? null : Number(row.highest), active: row.active === true };
  },

  insertOffer: async (tx: Executor, productId: number, userId: number, amount: string, at: Date) =>
    (await tx.insert(offers).values({ productId, userId, amount, createdAt: at }).returning())[0]!,

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

  /** Ids of open auctions, soonest end first, with the highest offer (uses products_open_auctions_idx and offers_product_amount_idx). */
  openAuctions: (db: Executor) =>
    db
      .select({ id: products.id, highest: highestOf(sql.raw('"products"."id"')) }) // qualified: drizzle may print a bare "id", which offers would capture
      .from(products)
      .where(and(eq(products.status, 'IN_AUCTION'), gt(products.endsAt, sql`now()`), lte(products.auctionStartDate, sql`now()`)))
      .orderBy(asc(products.endsAt), asc(products.id)),

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

  winner: async (db: Executor, offerId: number) =>
    (
      await db
        .select({ amount: offers.amount, companyName: users.companyName })
        .from(offers)
        .innerJoin(users, eq(users.id, offers.userId))
        .where(eq(offers.id, offerId))
    )[0],
};
