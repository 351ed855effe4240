import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, boxes, certificates, packagings, transports } from '../../db/schema/index.js';

export type ArticleRow = typeof articles.$inferSelect;
export type TransportRow = typeof transports.$inferSelect;

export const catalogRepository = {
  listArticles: (db: Executor) =>
    db.select().from(articles).orderBy(asc(articles.family), asc(articles.subfamily), asc(articles.article)),
  findArticlesByIds: (db: Executor, ids: number[]) => (ids.length ? db.select().from(articles).where(inArray(articles.id, ids)) : Promise.resolve([])),
  findArticleByCode: async (db: Executor, code: string) => (await db.select().from(articles).where(eq(articles.code, code)).limit(1))[0],
  listBoxes: (db: Executor) => db.select().from(boxes).orderBy(asc(boxes.name)),
  listPackagings: (db: Executor) => db.select().from(packagings).orderBy(asc(packagings.name)),
  listCertificates: (db: Executor) => db.select().from(certificates).orderBy(asc(certificates.name)),
  findCertificatesByIds: (db: Executor, ids: number[]) =>
    ids.length ? db.select().from(certificates).where(inArray(certificates.id, ids)) : Promise.resolve([]),
  listTransports: (db: Executor) => db.select().from(transports).orderBy(asc(transports.carrier)),
  findTransport: async (db: Executor, id: number) => (await db.select().from(transports).where(eq(transports.id, id)).limit(1))[0],
  insertTransport: async (db: Executor, carrier: string, price: string) =>
    (await db.insert(transports).values({ carrier, price }).returning())[0]!,
};
