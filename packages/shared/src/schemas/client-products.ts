import { z } from 'zod';
import { CALIBER_MAX_LENGTH } from '../constants/limits.js';
import { isoDay } from '../dates.js';
import { dbId, dbIdText, text } from './common.js';
import { namedItem } from './catalog.js';
import { country } from './location.js';
import { productLink } from './product-links.js';
import { threeDecimals } from './supplier-products.js';

/** A client product variant (spec §3): what the client's price list shows for one of its products. */
export const clientVariant = z.object({
  id: z.number().int(),
  clientProductList: productLink,
  origin: country.nullable(),
  box: namedItem.nullable(),
  packaging: namedItem.nullable(),
  caliber: z.string(),
  weightPiece: z.number().nullable(),
  nbPiece: z.number().int(),
});
export type ClientVariant = z.infer<typeof clientVariant>;

/**
 * `POST /api/intern/userProduct/user/client/product/add/{clientId}`: a variant of one of the
 * client's products, copied from a supplier variant of the same product (`supplierVariantId`),
 * or from the fields given. Empty fields mean "any" on the price list.
 */
export const addClientVariant = z.object({
  productId: dbId,
  supplierVariantId: dbId.optional(),
  originId: dbId.nullable().optional(),
  boxId: dbId.nullable().optional(),
  packagingId: dbId.nullable().optional(),
  caliber: text().trim().max(CALIBER_MAX_LENGTH, 'caliberInvalid').optional(),
  weightPiece: z.number().min(0, 'nonNegative').max(100_000).refine(threeDecimals, 'threeDecimals').nullable().optional(),
  nbPiece: z.number().int().min(1, 'integerAtLeastOne').max(100_000).optional(),
});
export type AddClientVariant = z.infer<typeof addClientVariant>;

export const clientIdParam = z.object({ clientId: dbIdText });

/** Answer of `POST /api/intern/client/{id}/generatePriceList`. */
export const generatedPriceList = z.object({
  clientId: z.number().int(),
  company: z.string(),
  fileName: z.string(),
  language: z.enum(['en', 'fr', 'de', 'es']),
  generatedAt: z.string(),
  lines: z.number().int(),
  pricedLines: z.number().int(),
  pages: z.number().int(),
  bytes: z.number().int(),
});
export type GeneratedPriceList = z.infer<typeof generatedPriceList>;

/**
 * `<company>-<dd-MM>.pdf` (spec §7), the day on the market's clock (Paris, decision 580): a list made
 * at 00:30 in Paris is named after that day, not after the UTC day before. Characters a file system
 * refuses become "_".
 */
export function priceListFileName(company: string, day: Date): string {
  const [, mm, dd] = isoDay(day).split('-');
  const safe =
    [...company]
      .map((ch) => (/[\\/:*?"<>|]/.test(ch) || ch.charCodeAt(0) < 32 ? '_' : ch))
      .join('')
      .trim() || 'client';
  return `${safe}-${dd}-${mm}.pdf`;
}
