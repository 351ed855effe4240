import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, boxes, certificates, packagings, transports } from '../../db/schema/index.js';

export type ArticleRow = typeof articles.$inferSelect;
export type TransportRow = typeof transports.$inferSelect;
export type CatalogItemRow = typeof boxes.$inferSelect;

export function listArticles(db: Executor) {
  return db.select().from(articles).orderBy(asc(articles.family), asc(articles.subfamily), asc(articles.article));
}

export function findArticlesByIds(db: Executor, ids: number[]) {
  return ids.length ? db.select().from(articles).where(inArray(articles.id, ids)) : Promise.resolve([]);
}

export async function findArticleByCode(db: Executor, code: string) {
  return (await db.select().from(articles).where(eq(articles.code, code)).limit(1))[0];
}

export function listBoxes(db: Executor) {
  return db.select().from(boxes).orderBy(asc(boxes.name));
}

export function listPackagings(db: Executor) {
  return db.select().from(packagings).orderBy(asc(packagings.name));
}

export async function packagingByName(db: Executor, name: string) {
  return (await db.select().from(packagings).where(eq(packagings.name, name)))[0];
}

export function listCertificates(db: Executor) {
  return db.select().from(certificates).orderBy(asc(certificates.name));
}

export function findCertificatesByIds(db: Executor, ids: number[]) {
  return ids.length ? db.select().from(certificates).where(inArray(certificates.id, ids)) : Promise.resolve([]);
}

export function listTransports(db: Executor) {
  return db.select().from(transports).orderBy(asc(transports.carrier));
}

export async function findTransport(db: Executor, id: number) {
  return (await db.select().from(transports).where(eq(transports.id, id)).limit(1))[0];
}

export async function insertTransport(db: Executor, carrier: string, price: string) {
  return (await db.insert(transports).values({ carrier, price }).returning())[0]!;
}
