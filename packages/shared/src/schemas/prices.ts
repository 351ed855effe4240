import { z } from 'zod';
import { FAMILIES } from '../constants/limits.js';
import { isoDate, text } from './common.js';
import { GROWER_PRICE_COLUMNS, PRICE_HISTORY_RANGES, PRICE_TYPES } from '../constants/prices.js';

export const priceType = z.enum(PRICE_TYPES);
export const family = z.enum(FAMILIES);

export const scrapedPricesQuery = z.object({ date: isoDate, type: priceType });

/** Movement against the previous day that has data for the same product and source. */
export const priceChange = z.object({
  direction: z.enum(['up', 'flat', 'down']),
  previousDate: z.string(),
  previousPrice: z.number(),
});

const rowBase = {
  id: z.number().int(),
  date: z.string(),
  family,
  name: z.string(),
  source: z.string(),
  articleId: z.number().int().nullable(),
  /** The linked catalog article's names per language, so the table can show the reader's language. */
  articleNames: z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() }).nullable(),
  change: priceChange.nullable(),
};

export const marketPriceRow = z.object({
  ...rowBase,
  minPrice: z.number(),
  maxPrice: z.number(),
  avgPrice: z.number(),
});
export type MarketPriceRow = z.infer<typeof marketPriceRow>;

const growerCuts = Object.fromEntries(GROWER_PRICE_COLUMNS.map((c) => [c, z.number().nullable()])) as Record<
  (typeof GROWER_PRICE_COLUMNS)[number],
  z.ZodNullable<z.ZodNumber>
>;
export const growerPriceRow = z.object({ ...rowBase, ...growerCuts });
export type GrowerPriceRow = z.infer<typeof growerPriceRow>;

export const scrapedPricesResponse = z.union([z.array(marketPriceRow), z.array(growerPriceRow)]);

export const priceHistoryQuery = z.object({
  type: priceType,
  family,
  name: text().trim().min(1).max(100),
  days: z.coerce
    .number()
    .int()
    .refine((n) => (PRICE_HISTORY_RANGES as readonly number[]).includes(n), 'days must be 30 or 90')
    .default(30),
  /** Last day of the range; today when absent. */
  to: isoDate.optional(),
});

/** One day of a product's history, all sources together. Market: min–max band and average; grower: first cut and average of the cuts. */
export const priceHistoryPoint = z.object({
  date: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  first: z.number().nullable(),
});
export const priceHistoryResponse = z.object({
  type: priceType,
  family,
  name: z.string(),
  from: z.string(),
  to: z.string(),
  points: z.array(priceHistoryPoint),
});
export type PriceHistory = z.infer<typeof priceHistoryResponse>;

export const importOrigin = z.enum(['upload', 'cli', 'schedule']);
export type ImportOrigin = z.infer<typeof importOrigin>;

export const priceImportRecord = z.object({
  id: z.number().int(),
  origin: importOrigin,
  label: z.string(),
  type: priceType.nullable(),
  status: z.enum(['ok', 'failed']),
  rowCount: z.number().int(),
  error: z.string().nullable(),
  line: z.number().int().nullable(),
  finishedAt: z.string(),
});
export type PriceImportRecord = z.infer<typeof priceImportRecord>;

export const priceImportResult = z.object({
  type: priceType,
  rowCount: z.number().int(),
  dates: z.array(z.string()),
  import: priceImportRecord,
});
export type PriceImportResult = z.infer<typeof priceImportResult>;

/** How many price rows a table holds, over how many days, from the first day to the last (null when empty). */
export const storedPrices = z.object({ rows: z.number().int(), days: z.number().int(), from: z.string().nullable(), to: z.string().nullable() });
export type StoredPrices = z.infer<typeof storedPrices>;

export const priceImportStatus = z.object({
  schedule: z.object({
    enabled: z.boolean(),
    hour: z.number().int(),
    sourceCount: z.number().int(),
    nextRunAt: z.string().nullable(),
  }),
  lastScheduled: priceImportRecord.nullable(),
  recent: z.array(priceImportRecord),
  /**
   * The prices the tables hold, however they came (imports, scheduled fetches or the demo seed), so
   * the panel never says "no import" beside 90 days of prices (issue 16).
   */
  stored: z.object({ market: storedPrices, grower: storedPrices }),
});
export type PriceImportStatus = z.infer<typeof priceImportStatus>;

/** The JSON import body: `{ type, rows }`, each row with the key columns and the type's price columns. */
export const priceImportJson = z.object({
  type: priceType,
  rows: z.array(z.record(z.string(), z.unknown())),
});

/** A refused import: the error body plus the refused line (CSV) or row (JSON) number. */
export const priceImportError = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  line: z.number().int().optional(),
  /** The reason as a machine key and its values (the web translates it). */
  reason: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).optional(),
});
