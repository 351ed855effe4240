import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { articles, boxes, certificates, packagings, transports } from '../schema/index.js';
import type { ArticleNames } from '../schema/index.js';

export interface CatalogFile {
  articles: Array<{ code: string; family: 'fruits' | 'legumes'; subfamily: string; names: ArticleNames }>;
  boxes: string[];
  packagings: string[];
  certificates: string[];
  transports: Array<{ carrier: string; price: number }>;
}

const CATALOG_FILE = path.join(import.meta.dirname, 'catalog.json');

export const readCatalogFile = (): CatalogFile => JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as CatalogFile;

/**
 * The catalog every database needs. Articles, boxes, packagings and certificates are added when
 * missing (by code or name), so a later release can extend the file and existing databases pick the
 * new rows up; nothing is updated or deleted. Carriers are operator data after the first start, so
 * the file's carriers only fill an empty table.
 */
export async function syncCatalog(db: Db) {
  const data = readCatalogFile();
  await db.transaction(async (tx) => {
    await tx
      .insert(articles)
      .values(data.articles.map((a) => ({ code: a.code, family: a.family, subfamily: a.subfamily, article: a.names.en, names: a.names })))
      .onConflictDoNothing({ target: articles.code });
    for (const [table, names] of [
      [boxes, data.boxes],
      [packagings, data.packagings],
      [certificates, data.certificates],
    ] as const) {
      await tx.insert(table).values(names.map((name) => ({ name }))).onConflictDoNothing();
    }
    const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from transports`)).rows as [{ n: number }];
    if (n === 0) await tx.insert(transports).values(data.transports.map((t) => ({ carrier: t.carrier, price: t.price.toFixed(2) })));
  });
}
