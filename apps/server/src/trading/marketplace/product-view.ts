import { eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { articles, countries, packagings, products } from '../../db/schema/index.js';
import { accountsView } from '../../companies/users/users.read-model.js';

/**
 * A lot with the names the screens show (article, origin, packaging, seller): the read model behind
 * the marketplace's lists and the admin lot list (products module), which marketplace.presenter turns
 * into the API's lot. `productViewsWith` adds columns to the same row (the open auctions' highest offer).
 */
export const productViewsWith = <Extra extends SelectedFields>(db: Executor, extra: Extra) =>
  db
    .select({
      product: products,
      article: { id: articles.id, article: articles.article, family: articles.family },
      origin: { id: countries.id, name: countries.name, alpha2: countries.alpha2 },
      packaging: { id: packagings.id, name: packagings.name },
      seller: { id: accountsView.id, companyName: accountsView.companyName, globalGapNumber: accountsView.globalGapNumber },
      ...extra,
    })
    .from(products)
    .innerJoin(articles, eq(articles.id, products.articleId))
    .innerJoin(countries, eq(countries.id, products.originId))
    .innerJoin(packagings, eq(packagings.id, products.packagingId))
    .innerJoin(accountsView, eq(accountsView.id, products.supplierId));

export const productViews = (db: Executor) => productViewsWith(db, {});

export type ProductView = Awaited<ReturnType<ReturnType<typeof productViews>['execute']>>[number];

/** How many lots match `where`, which may name the lot's article, origin and seller (not its packaging). */
export async function countProductViews(db: Executor, where: SQL | undefined) {
  return (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(articles, eq(articles.id, products.articleId))
      .innerJoin(countries, eq(countries.id, products.originId))
      .innerJoin(accountsView, eq(accountsView.id, products.supplierId))
      .where(where)
  )[0]!.n;
}
