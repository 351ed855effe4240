import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, productLinks } from '../../db/schema/index.js';
import { companyView } from '../companies/company-view.js';

const withProduct = (db: Executor) =>
  db
    .select({ link: productLinks, kind: companyView.kind, article: articles })
    .from(productLinks)
    .innerJoin(articles, eq(articles.id, productLinks.articleId))
    .innerJoin(companyView, eq(companyView.id, productLinks.companyId));

export type LinkWithProduct = Awaited<ReturnType<ReturnType<typeof withProduct>['execute']>>[number];

export async function find(db: Executor, id: number) {
  return (await withProduct(db).where(eq(productLinks.id, id)).limit(1))[0];
}

export function listByCompanies(db: Executor, companyIds: number[]) {
  return companyIds.length
    ? withProduct(db).where(inArray(productLinks.companyId, companyIds)).orderBy(asc(articles.article), asc(productLinks.id))
    : Promise.resolve([]);
}

export async function linkedArticleIds(db: Executor, companyId: number, articleIds: number[]) {
  return (
    await db
      .select({ articleId: productLinks.articleId })
      .from(productLinks)
      .where(and(eq(productLinks.companyId, companyId), inArray(productLinks.articleId, articleIds)))
  ).map((r) => r.articleId);
}

export async function insertMany(db: Executor, companyId: number, articleIds: number[]) {
  return db
    .insert(productLinks)
    .values(articleIds.map((articleId) => ({ companyId, articleId })))
    .returning({ id: productLinks.id, companyId: productLinks.companyId, articleId: productLinks.articleId });
}

function delete_(db: Executor, id: number) {
  return db.delete(productLinks).where(eq(productLinks.id, id));
}

export { delete_ as delete };
