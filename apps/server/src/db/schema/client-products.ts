import { sql } from 'drizzle-orm';
import { check, customType, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { boxes, packagings } from './catalog.js';
import { companies, productLinks } from './companies.js';
import { countries } from './location.js';

/**
 * A variant a client buys (spec §3 "client product variant"): what its price list shows for one
 * product. Every field left empty (null, or '' for the caliber) means "any": the price list then
 * takes the best supplier offer whatever that field is (decision 142).
 */
export const clientVariants = pgTable(
  'client_variants',
  {
    id: serial('id').primaryKey(),
    productLinkId: integer('product_link_id')
      .notNull()
      .references(() => productLinks.id, { onDelete: 'cascade' }),
    originId: integer('origin_id').references(() => countries.id, { onDelete: 'restrict' }),
    boxId: integer('box_id').references(() => boxes.id, { onDelete: 'restrict' }),
    packagingId: integer('packaging_id').references(() => packagings.id, { onDelete: 'restrict' }),
    caliber: text('caliber').notNull().default(''),
    /** kg. */
    weightPiece: numeric('weight_piece', { precision: 12, scale: 3 }),
    nbPiece: integer('nb_piece').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_variants_link_idx').on(t.productLinkId),
    check('client_variants_nb_piece_min', sql`${t.nbPiece} >= 1`),
    check('client_variants_weight_nonneg', sql`coalesce(${t.weightPiece}, 0) >= 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The last generated price list of each client, kept in the database so that the download that
 * follows the generate call works on any instance behind the load balancer (decision 143).
 */
export const clientPriceLists = pgTable(
  'client_price_lists',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    language: text('language').notNull(),
    pdf: bytea('pdf').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_price_lists_client_uq').on(t.clientId)],
);
