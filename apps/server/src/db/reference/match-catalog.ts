import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readCatalogFile } from './catalog.js';
import type { MatchCatalog } from '../../lib/offers/catalog-matcher.js';

/**
 * The reference catalog as the matcher sees it, numbered in file order, without a database: the
 * parser's tests and the documentation examples run against exactly what production databases hold.
 */
export function referenceMatchCatalog(): MatchCatalog {
  const file = readCatalogFile();
  const locations = JSON.parse(readFileSync(path.join(import.meta.dirname, 'locations.json'), 'utf8')) as {
    countries: Array<{ alpha2: string; name: string }>;
  };
  return {
    articles: file.articles.map((a, i) => ({ id: i + 1, code: a.code, names: a.names })),
    countries: locations.countries.map((c, i) => ({ id: i + 1, name: c.name, alpha2: c.alpha2 })),
    boxes: file.boxes.map((e, i) => ({ id: i + 1, name: e.name })),
    packagings: file.packagings.map((e, i) => ({ id: i + 1, name: e.name })),
  };
}
