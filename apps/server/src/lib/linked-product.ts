import type { ProductLink } from '@primeur/shared';

type LinkedProduct = ProductLink['product'];

/**
 * An article as a product link (of a supplier or a client) shows it, spec §3: exactly the contract's
 * fields, whatever else the row carries.
 */
export const presentLinkedProduct = (article: LinkedProduct): LinkedProduct => ({
  id: article.id,
  code: article.code,
  family: article.family,
  subfamily: article.subfamily,
  article: article.article,
  names: article.names,
});
