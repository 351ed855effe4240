import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { boxes, packagings } from './catalog.js';
import { productLinks } from './companies.js';
import { qualityClassEnum } from './listings.js';
import { countries } from './location.js';

/**
 * A supplier's price-list line (spec §3 "supplier product variant"). It hangs on the supplier's
 * product link, so the supplier and the article come from the link and go with it (cascade).
 * Prices are euros with 3 decimals (spec §5 step 0.001); weights are kg; volume is pallets.
 * The origin is a country (spec: origin = id, name, alpha2).
 */
export const supplierVariants = pgTable(
  'supplier_variants',
  {
    id: serial('id').primaryKey(),
    productLinkId: integer('product_link_id')
      .notNull()
      .references(() => productLinks.id, { onDelete: 'cascade' }),
    originId: integer('origin_id').references(() => countries.id, { onDelete: 'restrict' }),
    packagingId: integer('packaging_id').references(() => packagings.id, { onDelete: 'restrict' }),
    boxId: integer('box_id').references(() => boxes.id, { onDelete: 'restrict' }),
    caliber: text('caliber').notNull().default(''),
    /** EU class of the offered goods; null when the supplier did not state it (lines made before decision 915 too). */
    qualityClass: qualityClassEnum('quality_class'),
    /** Unknown (null) until the operator types it; the price consistency rule needs it. */
    weightPiece: numeric('weight_piece', { precision: 12, scale: 3 }),
    nbPiece: integer('nb_piece').notNull().default(1),
    priceKg: numeric('price_kg', { precision: 12, scale: 3 }).notNull().default('0'),
    priceColis: numeric('price_colis', { precision: 12, scale: 3 }).notNull().default('0'),
    pricePiece: numeric('price_piece', { precision: 12, scale: 3 }).notNull().default('0'),
    volume: numeric('volume', { precision: 12, scale: 3 }).notNull().default('0'),
    // No database default: SQL's current_date is the server's (UTC) day, not the Paris day the app
    // means by "today" — every row gets its dates from newVariantRow (todayInParis).
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('supplier_variants_link_idx').on(t.productLinkId),
    // The overview filters by validity range; this index serves the overlap test.
    index('supplier_variants_dates_idx').on(t.startDate, t.endDate),
    check('supplier_variants_nb_piece_min', sql`${t.nbPiece} >= 1`),
    check(
      'supplier_variants_nonneg',
      sql`${t.priceKg} >= 0 and ${t.priceColis} >= 0 and ${t.pricePiece} >= 0 and ${t.volume} >= 0 and coalesce(${t.weightPiece}, 0) >= 0`,
    ),
    check('supplier_variants_dates_order', sql`${t.startDate} <= ${t.endDate}`),
  ],
);
