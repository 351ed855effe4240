import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminProductQuery, ProductStatus } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { auctionEndedSql } from '../../db/auction-phase.js';
import { foldedSearch } from '../../db/fold.js';
import { articles, countries, products } from '../../db/schema/index.js';
import { accountsView } from '../../companies/users/users.read-model.js';
import { countProductViews, productViews } from './product-view.js';

/**
 * The operator's lot search (the products module's admin list, its bulk selection and CSV export), a
 * read model of the marketplace's lots: a page, the ids and the count of the lots matching the filters.
 */
type Filters = Omit<AdminProductQuery, 'page' | 'size'>;

/**
 * The status the lot lists show (the marketplace's `effectiveStatus`) computed in SQL, so the list can
 * filter and count on it: an auction past its end and a fixed-price lot past its day read EXPIRED
 * before the close job reaches them. `today` is the day `available_until` is compared with.
 */
const shownStatus = (today: string) => sql<ProductStatus>`case
  when ${auctionEndedSql()} then 'EXPIRED'
  when ${products.status} = 'ENABLED' and ${products.auctionStartDate} is null and ${products.availableUntil} < ${today}::date then 'EXPIRED'
  else ${products.status}::text end`;

function filters(f: Filters, today: string): SQL | undefined {
  return and(
    // Lot name, article in every language (the jsonb as text holds them all), seller, origin, caliber.
    foldedSearch(f.q, [products.name, articles.article, sql`${articles.names}::text`, accountsView.companyName, countries.name, products.caliber]),
    f.status ? sql`(${shownStatus(today)}) = ${f.status}` : undefined,
    f.family ? eq(articles.family, f.family) : undefined,
  );
}

/** Admin lot list with search and filters (decision 641): a read model over the lot tables. */
export function page(db: Executor, f: Filters, today: string, limit: number, offset: number) {
  return productViews(db).where(filters(f, today)).orderBy(desc(products.createdAt), desc(products.id)).limit(limit).offset(offset);
}

/** The ids of the matches in the list's order, at most `limit` (bulk "select all matching"). */
export function ids(db: Executor, f: Filters, today: string, limit: number) {
  return db
    .select({ id: products.id })
    .from(products)
    .innerJoin(articles, eq(articles.id, products.articleId))
    .innerJoin(countries, eq(countries.id, products.originId))
    .innerJoin(accountsView, eq(accountsView.id, products.supplierId))
    .where(filters(f, today))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

export function count(db: Executor, f: Filters, today: string) {
  return countProductViews(db, filters(f, today));
}
