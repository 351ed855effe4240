import { z } from 'zod';
import { CALIBER_MAX_LENGTH, UNCHECKED_PAGE_SIZE } from '../constants/limits.js';
import { dbId, isoDate, multilineText, text } from './common.js';
import { QUALITY_CLASSES } from '../constants/marketplace.js';
import { qualityClass } from './marketplace.js';
import { supplierVariant, threeDecimals } from './supplier-products.js';

/** The best catalog entry found for a word of the offer, with how sure the match is (0..1). */
export const catalogMatch = z.object({
  id: z.number().int(),
  label: z.string(),
  score: z.number(),
  code: z.string().optional(),
  alpha2: z.string().optional(),
});
export type CatalogMatch = z.infer<typeof catalogMatch>;

/** Spec §3 "second object of lookalike shape with the same names": the catalog matches of the row. */
export const lookalike = z.object({
  productName: catalogMatch.nullable(),
  productAlternatives: z.array(catalogMatch),
  origin: catalogMatch.nullable(),
  packaging: catalogMatch.nullable(),
  box: catalogMatch.nullable(),
});
export type Lookalike = z.infer<typeof lookalike>;

export const inboundMessage = z.object({
  id: z.number().int(),
  source: z.enum(['whatsapp', 'paste']),
  fromPhone: z.string().nullable(),
  body: z.string(),
  receivedAt: z.string(),
});

/** An imported offer line awaiting review (spec §3 "unchecked product"). Prices in euros, volume in pallets. */
export const uncheckedProduct = z.object({
  id: z.number().int(),
  supplier: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  productName: z.string(),
  origin: z.string(),
  packaging: z.string(),
  box: z.string(),
  caliber: z.string(),
  /** The EU class the offer states ("cat I", "Kl. II", "Extra"); null when it states none (decision 915). */
  qualityClass: z.enum(QUALITY_CLASSES).nullable(),
  priceKg: z.number().nullable(),
  priceColis: z.number().nullable(),
  pricePiece: z.number().nullable(),
  volume: z.number().nullable(),
  startDate: z.string().nullable(),
  lookalike,
  /** The message line this row was read from, and the whole message. */
  line: z.string(),
  message: inboundMessage,
});
export type UncheckedProduct = z.infer<typeof uncheckedProduct>;

/** GET …/supplier/unchecked?page=&size= — pages start at 0 (spec §9). */
export const uncheckedPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(UNCHECKED_PAGE_SIZE),
});

/** A page in the shape the spec's client reads (`content`) plus the usual paging data. */
export const uncheckedPage = z.object({
  content: z.array(uncheckedProduct),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  first: z.boolean(),
  last: z.boolean(),
});
export type UncheckedPage = z.infer<typeof uncheckedPage>;

/** A received message that could not be parsed (kept with its error) or is still waiting (decision 522). */
export const unparsedMessage = z.object({
  id: z.number().int(),
  source: z.enum(['whatsapp', 'paste']),
  fromPhone: z.string().nullable(),
  body: z.string(),
  receivedAt: z.string(),
  status: z.enum(['pending', 'parsing', 'parsed', 'failed']),
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type UnparsedMessage = z.infer<typeof unparsedMessage>;

export const MAX_PASTED_MESSAGE = 20_000;

/** Staff paste a supplier's message on the page; it is imported like a WhatsApp one. */
export const importUncheckedBody = z.object({
  text: multilineText().trim().min(1, 'required').max(MAX_PASTED_MESSAGE, 'tooLong'),
  supplierId: dbId.nullable().optional(),
});
export const importUncheckedResult = z.object({ imported: z.number().int(), rows: z.array(uncheckedProduct) });

const price = z.number().min(0, 'nonNegative').max(1_000_000).refine(threeDecimals, 'threeDecimals').nullable().optional();

/**
 * The unshown "move" call (`POST …/supplier/unchecked/{id}/move`): the row as staff corrected it in
 * the form. Ids are catalog ids; a missing supplier or product is refused with the §8 texts.
 */
export const moveUncheckedBody = z.object({
  supplierId: dbId.nullable(),
  productId: dbId.nullable(),
  originId: dbId.nullable().optional(),
  packagingId: dbId.nullable().optional(),
  boxId: dbId.nullable().optional(),
  caliber: text().trim().max(CALIBER_MAX_LENGTH).optional(),
  /**
   * The class staff confirmed or chose: a class outside the list is 400 UNKNOWN_QUALITY_CLASS; null moves
   * the line without a class; left out, the offer's own class goes over (decision 915).
   */
  qualityClass: qualityClass.nullable().optional(),
  priceKg: price,
  priceColis: price,
  pricePiece: price,
  volume: z.number().min(0, 'nonNegative').max(100_000).nullable().optional(),
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
});
export const moveUncheckedResult = z.object({ variant: supplierVariant });
export type MoveUncheckedBody = z.infer<typeof moveUncheckedBody>;

/** Days an offer stays valid when the form gives only its start (decision 141). */
export const UNCHECKED_DEFAULT_VALIDITY_DAYS = 7;
