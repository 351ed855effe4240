import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { articles, familyEnum } from './catalog.js';

/**
 * Scraped price rows (spec §3). Products are named as the price sources name them (family + name);
 * article_id links the catalog article of the same family and English name when there is one, so a
 * source's product the catalog does not know is still stored.
 */
/**
 * What a price is quoted per (decision 860). Lots are priced per kg, so only kg rows are ever set beside
 * a lot; a source quoting lettuce per piece keeps its rows but they never serve as a reference.
 */
export const priceUnitEnum = pgEnum('price_unit', ['kg', 'piece', 'box', 'bunch']);

const priceColumns = {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull(),
  source: text('source').notNull(),
  family: familyEnum('family').notNull(),
  name: text('name').notNull(),
  articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
  importId: integer('import_id').references(() => priceImports.id, { onDelete: 'set null' }),
  unit: priceUnitEnum('unit').notNull().default('kg'),
};

const money = (name: string) => numeric(name, { precision: 10, scale: 3 });

export const marketPrices = pgTable(
  'market_prices',
  {
    ...priceColumns,
    minPrice: money('min_price').notNull(),
    maxPrice: money('max_price').notNull(),
    avgPrice: money('avg_price').notNull(),
  },
  (t) => [
    uniqueIndex('market_prices_key_uq').on(t.date, t.source, t.family, t.name),
    index('market_prices_product_idx').on(t.family, t.name, t.date),
    // The market reference beside a lot looks rows up by their catalog article (decision 860).
    index('market_prices_article_idx').on(t.articleId, t.date),
    check('market_prices_order', sql`${t.minPrice} >= 0 and ${t.minPrice} <= ${t.avgPrice} and ${t.avgPrice} <= ${t.maxPrice}`),
  ],
);

export const growerPrices = pgTable(
  'grower_prices',
  {
    ...priceColumns,
    firstPrice: money('first_price').notNull(),
    secondPrice: money('second_price'),
    thirdPrice: money('third_price'),
    fourthPrice: money('fourth_price'),
    fifthPrice: money('fifth_price'),
    sixthPrice: money('sixth_price'),
    seventhPrice: money('seventh_price'),
    eighthPrice: money('eighth_price'),
    ninthPrice: money('ninth_price'),
    tenthPrice: money('tenth_price'),
    eleventhPrice: money('eleventh_price'),
    twelfthPrice: money('twelfth_price'),
    thirteenthPrice: money('thirteenth_price'),
    fourteenthPrice: money('fourteenth_price'),
    fifteenthPrice: money('fifteenth_price'),
  },
  (t) => [
    uniqueIndex('grower_prices_key_uq').on(t.date, t.source, t.family, t.name),
    index('grower_prices_product_idx').on(t.family, t.name, t.date),
    index('grower_prices_article_idx').on(t.articleId, t.date),
  ],
);

export const importOriginEnum = pgEnum('price_import_origin', ['upload', 'cli', 'schedule']);
export const importStatusEnum = pgEnum('price_import_status', ['ok', 'failed']);
export const priceTypeEnum = pgEnum('price_type', ['market', 'grower']);

/** One line per import attempt, kept for the dashboard's last-import status (and failures too). */
export const priceImports = pgTable(
  'price_imports',
  {
    id: serial('id').primaryKey(),
    origin: importOriginEnum('origin').notNull(),
    /** File name or source URL. */
    label: text('label').notNull(),
    type: priceTypeEnum('type'),
    status: importStatusEnum('status').notNull(),
    rowCount: integer('row_count').notNull().default(0),
    error: text('error'),
    line: integer('line'),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_imports_finished_idx').on(t.finishedAt)],
);
