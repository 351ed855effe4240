import { and, asc, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { GLOBALGAP_CERTIFICATE, type LotSort } from '@primeur/shared';
import type { LotListQuery } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { auctionOpenSql } from '../../db/auction-phase.js';
import { foldedSearch } from '../../db/fold.js';
import { supplierCertificates } from '../../companies/companies/company-view.js';
import { countProductViews, productViews, productViewsWith } from './product-view.js';
import { highestOfferSql, offersView, winningOfferIdSql } from '../auctions/auctions.read-model.js';
import { articles, certificates, countries, packagings, products } from '../../db/schema/index.js';
import { accountsView } from '../../companies/users/users.read-model.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** The list filters of lotListQuery as SQL conditions (the joins of productViews are in scope). */
function lotFilters(f: LotListQuery): SQL[] {
  const where: SQL[] = [];
  if (f.family) where.push(eq(articles.family, f.family));
  if (f.articleId) where.push(eq(products.articleId, f.articleId));
  if (f.origin) where.push(eq(countries.alpha2, f.origin));
  if (f.qualityClass) where.push(eq(products.qualityClass, f.qualityClass));
  if (f.certificate) where.push(sellerHolds(f.certificate));
  // Every word must appear somewhere in the lot's texts, accents and case ignored (db/fold.ts); the
  // article's names in the four languages also match by the word's stem ("Tomaten" finds "Tomate
  // ronde" and "Round tomato", decision 873).
  const search = foldedSearch(
    f.q,
    [products.name, variety(), products.description, products.caliber, accountsView.companyName],
    [articles.article, sql`${articles.names}->>'en'`, sql`${articles.names}->>'fr'`, sql`${articles.names}->>'de'`, sql`${articles.names}->>'es'`],
  );
  if (search) where.push(search);
  return where;
}

const variety = () => sql`coalesce(${products.variety}, '')`;

/**
 * The certificates of the seller's back-office supplier record: the one whose name is the seller's
 * company name, case ignored (decision 871: accounts and back-office companies are not linked by id).
 */
const sameCompany = sql`lower(${supplierCertificates.company}) = lower(${accountsView.companyName})`;

/** The lot's seller holds the certificate: in its back-office record, or GLOBALG.A.P. by its profile's number. */
function sellerHolds(certificateId: number): SQL {
  return sql`(exists (select 1 from ${supplierCertificates}
      where ${sameCompany} and ${supplierCertificates.certificateId} = ${certificateId})
    or (nullif(btrim(${accountsView.globalGapNumber}), '') is not null
      and exists (select 1 from ${certificates} where ${certificates.id} = ${certificateId} and ${certificates.name} = ${GLOBALGAP_CERTIFICATE})))`;
}

/** The back-office certificates of these sellers (decision 871), by seller id, in name order. */
export async function sellerCertificates(db: Executor, sellerIds: number[]) {
  const out = new Map<number, Array<{ id: number; name: string; names: { en: string; fr: string; de: string; es: string } | null }>>();
  if (sellerIds.length === 0) return out;
  const rows = await db
    .select({ sellerId: accountsView.id, id: certificates.id, name: certificates.name, names: certificates.names })
    .from(accountsView)
    .innerJoin(supplierCertificates, sameCompany)
    .innerJoin(certificates, eq(certificates.id, supplierCertificates.certificateId))
    .where(inArray(accountsView.id, [...new Set(sellerIds)]))
    .orderBy(asc(certificates.name));
  for (const r of rows) {
    const list = out.get(r.sellerId) ?? [];
    if (!list.some((c) => c.id === r.id)) list.push({ id: r.id, name: r.name, names: r.names });
    out.set(r.sellerId, list);
  }
  return out;
}

/**
 * The order of a lot list (decision 872), the lot id last so that pages never overlap. An auction's
 * price is its current one (the highest offer, else the starting price); "ending soonest" is an
 * auction's end and a fixed-price lot's last day.
 */
function orderOf(sort: LotSort | undefined, kind: 'market' | 'auctions'): SQL[] {
  const price = kind === 'auctions' ? sql`coalesce(${products.highestAmount}, ${products.price})` : sql`${products.price}`;
  switch (sort) {
    case 'price':
      return [asc(price), asc(products.id)];
    case '-price':
      return [desc(price), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'quantity':
      return [desc(products.quantity), asc(products.id)];
    case 'endsAt':
      return kind === 'auctions' ? [asc(products.endsAt), asc(products.id)] : [asc(products.availableUntil), asc(products.id)];
    default:
      return kind === 'auctions' ? [asc(products.endsAt), asc(products.id)] : [desc(products.createdAt), desc(products.id)];
  }
}

// A lot whose pallets are all sold (accepted purchase requests) leaves the marketplace (issue 21).
const onSale = (today: string) =>
  and(eq(products.status, 'ENABLED'), isNull(products.auctionStartDate), gte(products.availableUntil, today), gt(products.quantity, 0));

/**
 * Count of the lots matching the list's filters. The joins of productViews are made only when a
 * filter names their tables (family, origin, words); the plain list counts the lots' index alone.
 */
const countLots = async (db: Executor, base: SQL | undefined, f: LotListQuery) => {
  const where = and(base, ...lotFilters(f));
  if (!f.family && !f.origin && !f.q && !f.certificate) {
    return (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(where)
    )[0]!.n;
  }
  return countProductViews(db, where);
};

export async function findById(db: Executor, id: number) {
  return (await db.select().from(products).where(eq(products.id, id)).limit(1))[0];
}

/** What the disabled-lot rule needs of a lot (photos and the live feed ask it often: no other column). */
export async function findVisibility(db: Executor, id: number) {
  return (await db.select({ status: products.status, supplierId: products.supplierId }).from(products).where(eq(products.id, id)).limit(1))[0];
}

/** Locks the lot row for the rest of the transaction (edits race with the first bid). */
export async function lockById(db: Executor, id: number) {
  return (await db.select().from(products).where(eq(products.id, id)).for('update').limit(1))[0];
}

export async function findView(db: Executor, id: number) {
  return (await productViews(db).where(eq(products.id, id)).limit(1))[0];
}

export function listByIds(db: Executor, ids: number[]) {
  return productViews(db).where(inArray(products.id, ids));
}

/**
 * Open auctions (started, not ended by the database clock), soonest end first, each with its highest
 * offer: products_open_auctions_idx for the lots, one offers_product_amount_idx probe per lot.
 */
export function listOpenAuctions(db: Executor) {
  return productViewsWith(db, {
    // Qualified by hand: a bare "id" inside the subquery would be captured by offers.
    highest: highestOfferSql(sql`"products"."id"`),
  })
    .where(auctionOpenSql())
    .orderBy(asc(products.endsAt), asc(products.id));
}

/**
 * One page of open auctions, soonest end first, with their highest offer as place_bid keeps it on
 * the lot (products.highest_amount, migration 0002): offers are not read, so the page costs the
 * same at any offer count.
 */
export function openAuctionsPage(db: Executor, f: LotListQuery, limit: number, offset: number) {
  return productViewsWith(db, { highest: products.highestAmount })
    .where(and(auctionOpenSql(), ...lotFilters(f)))
    .orderBy(...orderOf(f.sort, 'auctions'))
    .limit(limit)
    .offset(offset);
}

export function countOpenAuctions(db: Executor, f: LotListQuery) {
  return countLots(db, auctionOpenSql(), f);
}

/** One page of the fixed-price lots on sale today, newest first (products_on_sale_idx). */
export function activePage(db: Executor, today: string, f: LotListQuery, limit: number, offset: number) {
  return productViews(db)
    .where(and(onSale(today), ...lotFilters(f)))
    .orderBy(...orderOf(f.sort, 'market'))
    .limit(limit)
    .offset(offset);
}

export function countActive(db: Executor, today: string, f: LotListQuery) {
  return countLots(db, onSale(today), f);
}

export function listAll(db: Executor) {
  return productViews(db).orderBy(desc(products.createdAt), desc(products.id));
}

export function listBySupplier(db: Executor, supplierId: number) {
  return productViews(db).where(eq(products.supplierId, supplierId)).orderBy(desc(products.createdAt), desc(products.id));
}

/** Fixed-price lots a buyer can order today. */
export function listActive(db: Executor, today: string) {
  return productViews(db).where(onSale(today)).orderBy(desc(products.createdAt), desc(products.id));
}

/** Many lots in one statement (a CSV import's chunk); ids in the order given. */
export async function insertMany(db: Executor, values: NewProduct[]) {
  return values.length ? db.insert(products).values(values).returning({ id: products.id }) : Promise.resolve([]);
}

export async function insert(db: Executor, values: NewProduct) {
  return (await db.insert(products).values(values).returning())[0]!;
}

export function update(db: Executor, id: number, values: Partial<NewProduct>) {
  return db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id));
}

function delete_(db: Executor, id: number) {
  return db.delete(products).where(eq(products.id, id));
}

export { delete_ as delete };

/** Flips ENABLED ↔ DISABLED in one statement, so two admins toggling at once cannot skip a state. */
export async function toggleEnabled(db: Executor, id: number) {
  return (
    await db
      .update(products)
      .set({
        status: sql`case when ${products.status} = 'ENABLED' then 'DISABLED'::product_status else 'ENABLED'::product_status end`,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, id), sql`${products.status} in ('ENABLED', 'DISABLED')`))
      .returning()
  )[0];
}

/** Sets a lot DISABLED whatever it was (a recall); answers the row after. */
export async function disable(db: Executor, id: number) {
  return (await db.update(products).set({ status: 'DISABLED', updatedAt: new Date() }).where(eq(products.id, id)).returning())[0]!;
}

/** Locks the auctions past their end that no bid transaction holds; a held one is taken on the next round. */
export async function lockAuctionsDue(tx: Executor, limit: number) {
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
 * Runs in a statement after lockAuctionsDue, so it sees every bid committed before the lock was taken
 * and the CURRENT end (a bid that moved it commits before the lock is ours). The winner is the leading
 * offer, unless the lot has a reserve its price did not reach: then it ends unsold (decision 403).
 */
export async function closeAuction(tx: Executor, productId: number) {
  return (
    await tx.execute<{ id: number; supplier_id: number | null; winning_offer_id: string | number | null }>(sql`
        update products p set status = 'EXPIRED', closed_at = clock_timestamp(), updated_at = clock_timestamp(),
          winning_offer_id = ${winningOfferIdSql(productId, sql`p.reserve_price`)}
        where p.id = ${productId} and p.status = 'IN_AUCTION' and p.ends_at <= clock_timestamp()
        returning p.id, p.supplier_id, p.winning_offer_id`)
  ).rows[0];
}

/** Fixed-price lots past their last day become EXPIRED; their ids and suppliers. */
export async function expireFixedPrice(tx: Executor, today: string) {
  return (
    await tx.execute<{ id: number; supplier_id: number | null }>(
      sql`update products set status = 'EXPIRED', updated_at = now() where status = 'ENABLED' and auction_start_date is null and available_until < ${today}::date returning id, supplier_id`,
    )
  ).rows.map((r) => ({ id: Number(r.id), supplierId: r.supplier_id === null ? null : Number(r.supplier_id) }));
}

export async function winners(db: Executor, offerIds: number[]) {
  if (offerIds.length === 0) return new Map<number, { companyName: string; amount: number }>();
  const rows = await db
    .select({ id: offersView.id, amount: offersView.amount, companyName: accountsView.companyName })
    .from(offersView)
    .innerJoin(accountsView, eq(accountsView.id, offersView.userId))
    .where(sql`${offersView.id} in ${offerIds}`);
  return new Map(rows.map((r) => [r.id, { companyName: r.companyName, amount: Number(r.amount) }]));
}

export function listArticles(db: Executor) {
  return db.select({ id: articles.id, article: articles.article, family: articles.family, names: articles.names }).from(articles).orderBy(articles.article);
}

export function listCertificates(db: Executor) {
  return db.select({ id: certificates.id, name: certificates.name, names: certificates.names }).from(certificates).orderBy(certificates.name);
}

export function listPackagings(db: Executor) {
  return db.select({ id: packagings.id, name: packagings.name }).from(packagings).orderBy(packagings.name);
}

export async function articleExists(db: Executor, id: number) {
  return (await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id))).length > 0;
}

export async function countryExists(db: Executor, id: number) {
  return (await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id))).length > 0;
}

export async function packagingExists(db: Executor, id: number) {
  return (await db.select({ id: packagings.id }).from(packagings).where(eq(packagings.id, id))).length > 0;
}

/** The hidden reserve of each lot (operator-only reads: the CSV export). */
export async function reservePrices(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: products.id, reservePrice: products.reservePrice }).from(products).where(inArray(products.id, ids));
}
