import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { variantOrigin, variantRefColumns } from '../../db/variant-refs.js';
import { articles, boxes, clientPriceLists, clientVariants, packagings } from '../../db/schema/index.js';
import { companyView } from '../../companies/companies/company-view.js';
import { productLinkView } from '../../companies/product-links/product-links.read-model.js';

export type NewClientVariantRow = typeof clientVariants.$inferInsert;

const withRefs = (db: Executor) =>
  db
    .select({
      variant: clientVariants,
      link: { id: productLinkView.id },
      article: articles,
      ...variantRefColumns,
    })
    .from(clientVariants)
    .innerJoin(productLinkView, eq(productLinkView.id, clientVariants.productLinkId))
    .innerJoin(articles, eq(articles.id, productLinkView.articleId))
    .leftJoin(variantOrigin, eq(variantOrigin.id, clientVariants.originId))
    .leftJoin(packagings, eq(packagings.id, clientVariants.packagingId))
    .leftJoin(boxes, eq(boxes.id, clientVariants.boxId));

export type ClientVariantWithRefs = Awaited<ReturnType<ReturnType<typeof withRefs>['execute']>>[number];

export async function find(db: Executor, id: number) {
  return (await withRefs(db).where(eq(clientVariants.id, id)).limit(1))[0];
}

/** A client's variants by article name (English), then creation order. */
export function listByClient(db: Executor, clientId: number) {
  return withRefs(db).where(eq(productLinkView.companyId, clientId)).orderBy(asc(articles.family), asc(articles.article), asc(clientVariants.id));
}

/** Many rows in one statement (a CSV import's chunk); ids in the order given. */
export async function insertMany(db: Executor, rows: NewClientVariantRow[]) {
  return rows.length ? db.insert(clientVariants).values(rows).returning({ id: clientVariants.id }) : Promise.resolve([]);
}

export async function insert(db: Executor, row: NewClientVariantRow) {
  return (await db.insert(clientVariants).values(row).returning())[0]!;
}

/** Deletes a variant only when it hangs on a client's link; answers the deleted row (or undefined). */
async function delete_(db: Executor, id: number) {
  const [row] = await db
    .select({ id: clientVariants.id })
    .from(clientVariants)
    .innerJoin(productLinkView, eq(productLinkView.id, clientVariants.productLinkId))
    .innerJoin(companyView, and(eq(companyView.id, productLinkView.companyId), eq(companyView.kind, 'client')))
    .where(eq(clientVariants.id, id));
  if (!row) return undefined;
  return (await db.delete(clientVariants).where(eq(clientVariants.id, id)).returning())[0];
}

export { delete_ as delete };

/** One stored PDF per client: the newest replaces the previous. */
export async function savePriceList(db: Executor, row: typeof clientPriceLists.$inferInsert) {
  await db
    .insert(clientPriceLists)
    .values(row)
    .onConflictDoUpdate({
      target: clientPriceLists.clientId,
      set: { fileName: row.fileName, language: row.language, pdf: row.pdf, generatedAt: row.generatedAt },
    });
}

export async function latestPriceList(db: Executor, clientId: number) {
  return (await db.select().from(clientPriceLists).where(eq(clientPriceLists.clientId, clientId)).limit(1))[0];
}
