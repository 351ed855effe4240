/** Scraped price constants (spec §3, §9). */
export const PRICE_TYPES = ['market', 'grower'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** Grower (origin clock auction) prices have 15 cuts: firstPrice … fifteenthPrice. */
export const GROWER_PRICE_COLUMNS = [
  'firstPrice',
  'secondPrice',
  'thirdPrice',
  'fourthPrice',
  'fifthPrice',
  'sixthPrice',
  'seventhPrice',
  'eighthPrice',
  'ninthPrice',
  'tenthPrice',
  'eleventhPrice',
  'twelfthPrice',
  'thirteenthPrice',
  'fourteenthPrice',
  'fifteenthPrice',
] as const;
export type GrowerPriceColumn = (typeof GROWER_PRICE_COLUMNS)[number];
export const MARKET_PRICE_COLUMNS = ['minPrice', 'maxPrice', 'avgPrice'] as const;
/** Columns every import row carries, before its price columns. */
export const PRICE_KEY_COLUMNS = ['date', 'source', 'family', 'name'] as const;
/** What a price row is quoted per; an import row without a unit is per kg (decision 860). */
export const PRICE_UNITS = ['kg', 'piece', 'box', 'bunch'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
/** Columns an import row may carry besides its key and its prices. */
export const PRICE_OPTIONAL_COLUMNS = ['unit'] as const;
export const PRICE_HISTORY_RANGES = [30, 90] as const;
/** An import file holds at most this many rows (a day of every market is a few thousand). */
export const PRICE_IMPORT_MAX_ROWS = 20_000;
export const PRICE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
