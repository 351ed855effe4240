import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { variantOrigin, variantRefColumns } from '../../db/variant-refs.js';
import { articles, boxes, companies, packagings, productLinks, supplierVariants } from '../../db/schema/index.js';

export type VariantRow = typeof supplierVariants.$inferSelect;
export type NewVariantRow = typeof supplierVariants.$inferInsert;

/** A variant with everything the spec §3 shape names: supplier, link + article, origin, packaging, box. */
const withRefs = (db: Executor) =>
  db
    .select({
      variant: supplierVariants,
      link: productLinks,
      article: articles,
      supplier: { id: companies.id, company: companies.company, kind: companies.kind, discount: companies.discount },
      ...variantRefColumns,
    })
    .from(supplierVariants)
    .innerJoin(productLinks, eq(productLinks.id, supplierVariants.productLinkId))
    .innerJoin(articles, eq(articles.id, productLinks.articleId))
    .innerJoin(companies, eq(companies.id, productLinks.companyId))
    .leftJoin(variantOrigin, eq(variantOrigin.id, supplierVariants.originId))
    .leftJoin(packagings, eq(packagings.id, supplierVariants.packagingId))
    .leftJoin(boxes, eq(boxes.id, supplierVariants.boxId));

export type VariantWithRefs = Awaited<ReturnType<ReturnType<typeof withRefs>['execute']>>[number];

export async function find(db: Executor, id: number) {
  return (await withRefs(db).where(eq(supplierVariants.id, id)).limit(1))[0];
}

/** Variants after `afterId` in id order, of one supplier or all: the CSV export's batches (keyset, no offset drift). */
export function listAfter(db: Executor, supplierId: number | undefined, afterId: number, limit: number) {
  return withRefs(db)
    .where(and(gt(supplierVariants.id, afterId), supplierId === undefined ? undefined : eq(productLinks.companyId, supplierId)))
    .orderBy(asc(supplierVariants.id))
    .limit(limit);
}

export function listByIds(db: Executor, ids: number[]) {
  return ids.length ? withRefs(db).where(inArray(supplierVariants.id, ids)).orderBy(asc(supplierVariants.id)) : Promise.resolve([]);
}

export function listBySupplier(db: Executor, supplierId: number) {
  return withRefs(db).where(eq(productLinks.companyId, supplierId)).orderBy(asc(articles.article), asc(supplierVariants.startDate), asc(supplierVariants.id));
}

/** The variant row alone, locked so two edits of one variant apply one after the other. */
export async function lockRow(db: Executor, id: number) {
  return (await db.select().from(supplierVariants).where(eq(supplierVariants.id, id)).for('update').limit(1))[0];
}

export async function findLink(db: Executor, linkId: number) {
  return (
    await db
      .select({ id: productLinks.id, kind: companies.kind })
      .from(productLinks)
      .innerJoin(companies, eq(companies.id, productLinks.companyId))
      .where(eq(productLinks.id, linkId))
      .limit(1)
  )[0];
}

/** Many rows in one statement (a CSV import's chunk); ids in the order given. */
export async function insertMany(db: Executor, rows: NewVariantRow[]) {
  return rows.length ? db.insert(supplierVariants).values(rows).returning({ id: supplierVariants.id }) : Promise.resolve([]);
}

export async function insert(db: Executor, row: NewVariantRow) {
  return (await db.insert(supplierVariants).values(row).returning())[0]!;
}

export function update(db: Executor, id: number, patch: Partial<NewVariantRow>) {
  return db
    .update(supplierVariants)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(supplierVariants.id, id));
}

/** The deleted row, or undefined when there was none. */
async function delete_(db: Executor, id: number) {
  return (await db.delete(supplierVariants).where(eq(supplierVariants.id, id)).returning())[0];
}

export { delete_ as delete };

/** Suppliers whose product list holds the article (the request page's "allowed" suppliers). */
export async function supplierIdsForArticle(db: Executor, articleId: number) {
  return (
    await db
      .select({ id: companies.id })
      .from(productLinks)
      .innerJoin(companies, and(eq(companies.id, productLinks.companyId), eq(companies.kind, 'supplier')))
      .where(eq(productLinks.articleId, articleId))
      .orderBy(asc(companies.company))
  ).map((r) => r.id);
}
