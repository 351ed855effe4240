import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, companies, productLinks } from '../../db/schema/index.js';

const withProduct = (db: Executor) =>
  db
    .select({ link: productLinks, kind: companies.kind, article: articles })
    .from(productLinks)
    .innerJoin(articles, eq(articles.id, productLinks.articleId))
    .innerJoin(companies, eq(companies.id, productLinks.companyId));

export type LinkWithProduct = Awaited<ReturnType<ReturnType<typeof withProduct>['execute']>>[number];

export const productLinksRepository = {
  find: async (db: Executor, id: number) => (await withProduct(db).where(eq(productLinks.id, id)).limit(1))[0],
  listByCompanies: (db: Executor, companyIds: number[]) =>
    companyIds.length
      ? withProduct(db).where(inArray(productLinks.companyId, companyIds)).orderBy(asc(articles.article), asc(productLinks.id))
      : Promise.resolve([]),
  linkedArticleIds: async (db: Executor, companyId: number, articleIds: number[]) =>
    (
      await db
        .select({ articleId: productLinks.articleId })
        .from(productLinks)
        .where(and(eq(productLinks.companyId, companyId), inArray(productLinks.articleId, articleIds)))
    ).map((r) => r.articleId),
  insertMany: async (db: Executor, companyId: number, articleIds: number[]) =>
    db
      .insert(productLinks)
      .values(articleIds.map((articleId) => ({ companyId, articleId })))
      .returning({ id: productLinks.id }),
  delete: (db: Executor, id: number) => db.delete(productLinks).where(eq(productLinks.id, id)),
};
