import { z } from 'zod';
import { CALIBER_MAX_LENGTH } from '../constants/limits.js';
import { QUALITY_CLASSES } from '../constants/marketplace.js';
import { namedItem } from './catalog.js';
import { country } from './location.js';
import { productLink } from './product-links.js';
import { dbId, dbIdText, isoDate, text } from './common.js';
import { companyOption } from './companies.js';

/** The fields of a variant that `PUT …/userProduct/supplier/{action}/{id}/{value}` may set. */
export const VARIANT_ACTIONS = [
  'origin',
  'packaging',
  'box',
  'caliber',
  // EXTRA, I or II (decision 915); a line's class is changed, not cleared, as its origin is.
  'qualityClass',
  'weightPiece',
  'nbPiece',
  'priceKg',
  'priceColis',
  'pricePiece',
  'volume',
  'startDate',
  'endDate',
  // Both dates at once (`YYYY-MM-DD_YYYY-MM-DD`): the range picker moves them together, and two
  // separate calls could each break start <= end on the way.
  'dates',
] as const;
export type VariantAction = (typeof VARIANT_ACTIONS)[number];

/** Three decimals at most (spec §5: step 0.001). */
export const threeDecimals = (v: number) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;

/** Spec §9: discounted price = price − price × discount / 100. */
export const discountedPrice = (price: number, discountPercent: number) => price - (price * discountPercent) / 100;

/** A supplier product variant as spec §3 lists it. */
export const supplierVariant = z.object({
  id: z.number().int(),
  supplier: companyOption,
  supplierProductList: productLink,
  origin: country.nullable(),
  packaging: namedItem.nullable(),
  box: namedItem.nullable(),
  caliber: z.string(),
  /** EU class of the offered goods; null when the supplier did not state it (decision 915). */
  qualityClass: z.enum(QUALITY_CLASSES).nullable(),
  weightPiece: z.number().nullable(),
  nbPiece: z.number().int(),
  priceKg: z.number(),
  priceColis: z.number(),
  pricePiece: z.number(),
  volume: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});
export type SupplierVariant = z.infer<typeof supplierVariant>;

export const variantEditParams = z.object({
  action: z.enum(VARIANT_ACTIONS),
  id: dbIdText,
  value: text().min(1).max(100),
});

/** The unshown add-variant call: a blank variant with the §3 defaults, or a copy of `copyOf`. */
export const addVariantBody = z.object({
  productLinkId: dbId,
  copyOf: dbId.optional(),
});
export type AddVariantBody = z.infer<typeof addVariantBody>;

/**
 * The overview's class filter: a class, or `none` for the lines whose class the supplier did not
 * state (decision 960). Only this filter takes `none`: a variant's own class stays one of the
 * classes or null, and lots always have one.
 */
export const CLASS_NOT_STATED = 'none';
export const OVERVIEW_CLASS_FILTERS = [...QUALITY_CLASSES, CLASS_NOT_STATED] as const;
export type OverviewClassFilter = (typeof OVERVIEW_CLASS_FILTERS)[number];

const dateRangeQuery = {
  startDate: isoDate,
  endDate: isoDate,
};

/** GET …/supplier/productDetails: the overview of one article over a date range. */
export const overviewQuery = z
  .object({
    productId: dbIdText,
    ...dateRangeQuery,
    originId: dbIdText.optional(),
    caliber: text().trim().max(CALIBER_MAX_LENGTH).optional(),
    /**
     * Lines of this class only, or with `none` those without a stated class (decision 960); another
     * value answers 400 UNKNOWN_QUALITY_CLASS, as the lot lists' filter (decision 942).
     */
    qualityClass: z.enum(OVERVIEW_CLASS_FILTERS, { error: 'unknownQualityClass' }).optional(),
  })
  .refine((q) => q.startDate <= q.endDate, { message: 'startAfterEnd', path: ['endDate'] });

export const overviewVariant = supplierVariant.omit({ supplier: true, supplierProductList: true }).extend({
  discountedPriceKg: z.number(),
});
export const overviewSupplier = z.object({
  supplier: companyOption,
  discount: z.number(),
  volume: z.number(),
  /** Volume-weighted discounted price per kg of this supplier's lines; null when their volume is 0. */
  average: z.number().nullable(),
  variants: z.array(overviewVariant),
});
export const overview = z.object({
  /** Σ(discounted priceKg × volume) / Σ volume over the lines shown; null when Σ volume is 0. */
  average: z.number().nullable(),
  volume: z.number(),
  suppliers: z.array(overviewSupplier),
});
export type Overview = z.infer<typeof overview>;

/** GET …/supplier/productDetails/distinct: the origins and calibers the filters can offer. */
export const overviewDistinctQuery = z
  .object({ productId: dbIdText, ...dateRangeQuery })
  .refine((q) => q.startDate <= q.endDate, { message: 'startAfterEnd', path: ['endDate'] });
export const overviewDistinct = z.object({ origins: z.array(country), calibers: z.array(z.string()) });
export type OverviewDistinct = z.infer<typeof overviewDistinct>;
