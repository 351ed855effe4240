import type { Article, Transport } from '@primeur/shared';
import type { ArticleRow, TransportRow } from './catalog.repository.js';

export const presentArticle = (a: ArticleRow): Article => ({
  id: a.id,
  code: a.code,
  family: a.family,
  subfamily: a.subfamily,
  article: a.article,
  names: a.names,
});

export const presentTransport = (t: TransportRow): Transport => ({ id: t.id, carrier: t.carrier, price: Number(t.price) });
