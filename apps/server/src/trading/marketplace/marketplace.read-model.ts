import { and, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { articles, countries, packagings, products } from '../../db/schema/index.js';

/**
 * The lots as other modules read them (decision 1005): a subquery they join like a table (PostgreSQL
 * inlines it: the plan is the join it replaces), and the few lots they read one at a time. It depends
 * on the schema only, so any module of trading may import it without an import circle.
 */
const lotsQuery = new QueryBuilder()
  .select({
    id: products.id,
    supplierId: products.supplierId,
    articleId: products.articleId,
    name: products.name,
    price: products.price,
    quantity: products.quantity,
    availableUntil: products.availableUntil,
    status: products.status,
    auctionStartDate: products.auctionStartDate,
    endsAt: products.endsAt,
    highestAmount: products.highestAmount,
    bidderCount: products.bidderCount,
    reservePrice: products.reservePrice,
    closedAt: products.closedAt,
    winningOfferId: products.winningOfferId,
    createdAt: products.createdAt,
  })
  .from(products);

/** The lots (seller, article, title, price, pallets, sale and auction state, winning offer) as a Drizzle subquery (alias `lot`). */
export const lotsView = lotsQuery.as('lot');

/** The lots as an SQL fragment, `join ${lotRows} p on …` in queries written in SQL (columns by their SQL names). */
export const lotRows = sql`(${lotsQuery})`;

/** A lot with the names an order's snapshot keeps (article names, origin, packaging); undefined when there is none. */
export async function lotWithNames(db: Executor, productId: number) {
  return (
    await db
      .select({
        product: products,
        articleNames: articles.names,
        originAlpha2: countries.alpha2,
        originName: countries.name,
        packaging: packagings.name,
      })
      .from(products)
      .innerJoin(articles, eq(articles.id, products.articleId))
      .innerJoin(countries, eq(countries.id, products.originId))
      .innerJoin(packagings, eq(packagings.id, products.packagingId))
      .where(eq(products.id, productId))
  )[0];
}

/** A lot's title, seller and end (null for a fixed-price lot); undefined when there is none. */
export async function lotSummary(db: Executor, productId: number) {
  return (
    await db.select({ name: products.name, supplierId: products.supplierId, endsAt: products.endsAt }).from(products).where(eq(products.id, productId))
  )[0];
}

/** The lot (id, seller, status) when it is an auction, else undefined. */
export async function auctionLot(db: Executor, productId: number) {
  return (
    await db
      .select({ id: products.id, supplierId: products.supplierId, status: products.status })
      .from(products)
      .where(and(eq(products.id, productId), sql`${products.auctionStartDate} is not null`))
  )[0];
}
export { sellerCertificates } from './marketplace.repository.js';
