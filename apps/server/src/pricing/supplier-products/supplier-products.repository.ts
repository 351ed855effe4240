import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { variantOrigin, variantRefColumns } from '../../db/variant-refs.js';
import { articles, boxes, packagings, supplierVariants } from '../../db/schema/index.js';
import { companyView } from '../../companies/companies/company-view.js';
import { productLinkView } from '../../companies/product-links/product-links.read-model.js';

export type VariantRow = typeof supplierVariants.$inferSelect;
export type NewVariantRow = typeof supplierVariants.$inferInsert;

/** A variant with everything the spec §3 shape names: supplier, link + article, origin, packaging, box. */
const withRefs = (db: Executor) =>
  db
    .select({
      variant: supplierVariants,
      link: { id: productLinkView.id },
      article: articles,
      supplier: { id: companyView.id, company: companyView.company, kind: companyView.kind, discount: companyView.discount },
      ...variantRefColumns,
    })
    .from(supplierVariants)
    .innerJoin(productLinkView, eq(productLinkView.id, supplierVariants.productLinkId))
    .innerJoin(articles, eq(articles.id, productLinkView.articleId))
    .innerJoin(companyView, eq(companyView.id, productLinkView.companyId))
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
    .where(and(gt(supplierVariants.id, afterId), supplierId === undefined ? undefined : eq(productLinkView.companyId, supplierId)))
    .orderBy(asc(supplierVariants.id))
    .limit(limit);
}

export function listByIds(db: Executor, ids: number[]) {
  return ids.length ? withRefs(db).where(inArray(supplierVariants.id, ids)).orderBy(asc(supplierVariants.id)) : Promise.resolve([]);
}

export function listBySupplier(db: Executor, supplierId: number) {
  return withRefs(db)
    .where(eq(productLinkView.companyId, supplierId))
    .orderBy(asc(articles.article), asc(supplierVariants.startDate), asc(supplierVariants.id));
}

/** The variant row alone, locked so two edits of one variant apply one after the other. */
export async function lockRow(db: Executor, id: number) {
  return (await db.select().from(supplierVariants).where(eq(supplierVariants.id, id)).for('update').limit(1))[0];
}

export async function findLink(db: Executor, linkId: number) {
  return (
    await db
      .select({ id: productLinkView.id, kind: companyView.kind })
      .from(productLinkView)
      .innerJoin(companyView, eq(companyView.id, productLinkView.companyId))
      .where(eq(productLinkView.id, linkId))
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
      .select({ id: companyView.id })
      .from(productLinkView)
      .innerJoin(companyView, and(eq(companyView.id, productLinkView.companyId), eq(companyView.kind, 'supplier')))
      .where(eq(productLinkView.articleId, articleId))
      .orderBy(asc(companyView.company))
  ).map((r) => r.id);
}
