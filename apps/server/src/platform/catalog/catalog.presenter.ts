import type { Article, CatalogItem, Transport } from '@primeur/shared';
import type { ArticleRow, CatalogItemRow, TransportRow } from './catalog.repository.js';

export const presentArticle = (a: ArticleRow): Article => ({
  id: a.id,
  code: a.code,
  family: a.family,
  subfamily: a.subfamily,
  article: a.article,
  names: a.names,
});

export const presentTransport = (t: TransportRow): Transport => ({ id: t.id, carrier: t.carrier, price: Number(t.price) });

/** A box, packaging or certificate with its name in every language; the spec's name where the catalog has none. */
export const presentCatalogItem = (r: CatalogItemRow): CatalogItem => ({
  id: r.id,
  name: r.name,
  names: { en: r.names?.en || r.name, fr: r.names?.fr || r.name, de: r.names?.de || r.name, es: r.names?.es || r.name },
});
