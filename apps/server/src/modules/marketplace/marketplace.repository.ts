import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, countries, offers, packagings, products, purchaseRequests, users } from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** A lot with the names the screens show (article, origin, packaging, seller). */
export const productViews = (db: Executor) =>
  db
    .select({
      product: products,
      article: { id: articles.id, article: articles.article, family: articles.family },
      origin: { id: countries.id, name: countries.name, alpha2: countries.alpha2 },
      packaging: { id: packagings.id, name: packagings.name },
      seller: { id: users.id, companyName: users.companyName },
    })
    .from(products)
    .innerJoin(articles, eq(articles.id, products.articleId))
    .innerJoin(countries, eq(countries.id, products.originId))
    .innerJoin(packagings, eq(packagings.id, products.packagingId))
    .innerJoin(users, eq(users.id, products.supplierId));

export type ProductView = Awaited<ReturnType<ReturnType<typeof productViews>['execute']>>[number];

export const marketplaceRepository = {
  findById: async (db: Executor, id: number) => (await db.select().from(products).where(eq(products.id, id)).limit(1))[0],
  /** Locks the lot row for the rest of the transaction (edits race with the first bid). */
  lockById: async (db: Executor, id: number) =>
    (await db.select().from(products).where(eq(products.id, id)).for('update').limit(1))[0],
  findView: async (db: Executor, id: number) => (await productViews(db).where(eq(products.id, id)).limit(1))[0],
  listByIds: (db: Executor, ids: number[]) => productViews(db).where(inArray(products.id, ids)),
  /**
   * Open auctions (started, not ended by the database clock), soonest end first, each with its highest
   * offer: products_open_auctions_idx for the lots, one offers_product_amount_idx probe per lot.
   */
  listOpenAuctions: (db: Executor) =>
    db
      .select({
        product: products,
        article: { id: articles.id, article: articles.article, family: articles.family },
        origin: { id: countries.id, name: countries.name, alpha2: countries.alpha2 },
        packaging: { id: packagings.id, name: packagings.name },
        seller: { id: users.id, companyName: users.companyName },
        // Qualified by hand: a bare "id" inside the subquery would be captured by offers.
        highest: sql<string | null>`(select o.amount from offers o where o.product_id = "products"."id" order by o.amount desc nulls last limit 1)`,
      })
      .from(products)
      .innerJoin(articles, eq(articles.id, products.articleId))
      .innerJoin(countries, eq(countries.id, products.originId))
      .innerJoin(packagings, eq(packagings.id, products.packagingId))
      .innerJoin(users, eq(users.id, products.supplierId))
      .where(and(eq(products.status, 'IN_AUCTION'), gt(products.endsAt, sql`now()`), lte(products.auctionStartDate, sql`now()`)))
      .orderBy(asc(products.endsAt), asc(products.id)),
  listAll: (db: Executor) => productViews(db).orderBy(desc(products.createdAt), desc(products.id)),
  listBySupplier: (db: Executor, supplierId: number) =>
    productViews(db).where(eq(products.supplierId, supplierId)).orderBy(desc(products.createdAt), desc(products.id)),
  /** Fixed-price lots a buyer can order today. */
  listActive: (db: Executor, today: string) =>
    productViews(db)
      .where(and(eq(products.status, 'ENABLED'), isNull(products.auctionStartDate), gte(products.availableUntil, today)))
      .orderBy(desc(products.createdAt), desc(products.id)),
  insert: async (db: Executor, values: NewProduct) => (await db.insert(products).values(values).returning())[0]!,
  update: (db: Executor, id: number, values: Partial<NewProduct>) =>
    db.update(products).set({ ...values, updatedAt: new Date() }).where(eq(products.id, id)),
  delete: (db: Executor, id: number) => db.delete(products).where(eq(products.id, id)),
  /** Flips ENABLED ↔ DISABLED in one statement, so two admins toggling at once cannot skip a state. */
  toggleEnabled: async (db: Executor, id: number) =>
    (
      await db
        .update(products)
        .set({
          status: sql`case when ${products.status} = 'ENABLED' then 'DISABLED'::product_status else 'ENABLED'::product_status end`,
          updatedAt: new Date(),
        })
        .where(and(eq(products.id, id), sql`${products.status} in ('ENABLED', 'DISABLED')`))
        .returning({ id: products.id })
    ).length > 0,
  offerStats: async (db: Executor, productIds: number[]) => {
    if (productIds.length === 0) return new Map<number, { count: number; highest: number | null }>();
    const rows = await db
      .select({ productId: offers.productId, count: sql<number>`count(*)::int`, highest: sql<string | null>`max(${offers.amount})` })
      .from(offers)
      .where(sql`${offers.productId} in ${productIds}`)
      .groupBy(offers.productId);
    return new Map(rows.map((r) => [r.productId, { count: r.count, highest: r.highest === null ? null : Number(r.highest) }]));
  },
  hasOffers: async (db: Executor, productId: number) =>
    (await db.select({ id: offers.id }).from(offers).where(eq(offers.productId, productId)).limit(1)).length > 0,
  winners: async (db: Executor, offerIds: number[]) => {
    if (offerIds.length === 0) return new Map<number, { companyName: string; amount: number }>();
    const rows = await db
      .select({ id: offers.id, amount: offers.amount, companyName: users.companyName })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.userId))
      .where(sql`${offers.id} in ${offerIds}`);
    return new Map(rows.map((r) => [r.id, { companyName: r.companyName, amount: Number(r.amount) }]));
  },
  insertRequest: async (db: Executor, values: typeof purchaseRequests.$inferInsert) =>
    (await db.insert(purchaseRequests).values(values).returning())[0]!,
  requestsForSupplier: (db: Executor, supplierId: number) =>
    db
      .select({ request: purchaseRequests, productTitle: products.name, buyer: { companyName: users.companyName, email: users.email } })
      .from(purchaseRequests)
      .innerJoin(products, eq(products.id, purchaseRequests.productId))
      .innerJoin(users, eq(users.id, purchaseRequests.buyerId))
      .where(eq(products.supplierId, supplierId))
      .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.id)),
  articles: (db: Executor) =>
    db.select({ id: articles.id, article: articles.article, family: articles.family, names: articles.names }).from(articles).orderBy(articles.article),
  packagings: (db: Executor) => db.select({ id: packagings.id, name: packagings.name }).from(packagings).orderBy(packagings.name),
  articleExists: async (db: Executor, id: number) => (await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id))).length > 0,
  countryExists: async (db: Executor, id: number) => (await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id))).length > 0,
  packagingExists: async (db: Executor, id: number) =>
    (await db.select({ id: packagings.id }).from(packagings).where(eq(packagings.id, id))).length > 0,
};
