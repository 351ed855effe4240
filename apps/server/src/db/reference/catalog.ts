import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Db } from '../client.js';
import { articles, boxes, certificates, packagings, transports } from '../schema/index.js';
import type { ArticleNames } from '../schema/index.js';

/** A box, packaging or certificate: the spec's `name` and its name in each interface language. */
export interface CatalogEntry {
  name: string;
  names: ArticleNames;
}

export interface CatalogFile {
  articles: Array<{ code: string; family: 'fruits' | 'legumes'; subfamily: string; names: ArticleNames }>;
  boxes: CatalogEntry[];
  packagings: CatalogEntry[];
  certificates: CatalogEntry[];
  transports: Array<{ carrier: string; price: number }>;
}

const CATALOG_FILE = path.join(import.meta.dirname, 'catalog.json');

export const readCatalogFile = (): CatalogFile => JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as CatalogFile;

/**
 * The catalog every database needs. Articles, boxes, packagings and certificates are added when
 * missing (by code or name), so a later release can extend the file and existing databases pick the
 * new rows up; nothing is deleted, and only the translated names of boxes, packagings and
 * certificates are updated from the file. Carriers are operator data after the first start, so
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
      // The file is the reference for the translations of its own entries (decision 640): they follow it.
      await tx
        .insert(table)
        .values(names.map((e) => ({ name: e.name, names: e.names })))
        .onConflictDoUpdate({ target: table.name, set: { names: sql`excluded.names` } });
    }
    const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from transports`)).rows as [{ n: number }];
    if (n === 0) await tx.insert(transports).values(data.transports.map((t) => ({ carrier: t.carrier, price: t.price.toFixed(2) })));
  });
}

/**
 * What the catalog in the database follows: the file, the code that writes it, and the migrations
 * applied. Kept as the comment of the articles table after each sync.
 */
export function catalogStamp(): string {
  return createHash('sha256')
    .update(readFileSync(CATALOG_FILE))
    .update(syncCatalog.toString())
    .update(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json')))
    .digest('hex');
}

/**
 * The catalog sync of a start (decision 843): skipped when nothing it depends on changed since the
 * last one (the stamp above), so a restart does not rewrite hundreds of rows. True when it ran.
 */
export async function syncCatalogOnChange(db: Db): Promise<boolean> {
  const stamp = `primeur catalog ${catalogStamp()}`;
  const { rows } = await db.execute<{ stamp: string | null }>(sql`select obj_description('articles'::regclass, 'pg_class') as stamp`);
  if (rows[0]?.stamp === stamp) return false;
  await syncCatalog(db);
  // A fixed prefix and a hex digest: nothing to escape.
  await db.execute(sql.raw(`comment on table articles is '${stamp}'`));
  return true;
}
