import { alias } from 'drizzle-orm/pg-core';
import { boxes, countries, packagings } from './schema/index.js';

/**
 * The optional references a supplier or client variant names, in the short form the screens show.
 * Both variant tables select them and left-join `variantOrigin`, `packagings` and `boxes` on their own
 * columns (each may be null).
 */
export const variantOrigin = alias(countries, 'origin');

export const variantRefColumns = {
  origin: { id: variantOrigin.id, name: variantOrigin.name, alpha2: variantOrigin.alpha2 },
  packaging: { id: packagings.id, name: packagings.name },
  box: { id: boxes.id, name: boxes.name },
};
