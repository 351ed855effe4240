import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cities, countries } from './location.js';

export const categoryEnum = pgEnum('user_category', ['admin', 'client', 'supplier']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; the unique index makes registration races safe. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    category: categoryEnum('category').notNull(),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    countryId: integer('country_id').references(() => countries.id),
    cityId: integer('city_id').references(() => cities.id),
    vatId: text('vat_id').notNull(),
    globalGapNumber: text('global_gap_number'),
    /** SIREN/SIRET (checked, digits only) in France, the national identifier elsewhere (decision 968). */
    registrationId: text('registration_id'),
    /** What a French invoice prints under the seller (Code de commerce R123-237): "SAS", 10000.00 €, "Lyon". */
    legalForm: text('legal_form'),
    shareCapital: numeric('share_capital', { precision: 15, scale: 2 }),
    registryCity: text('registry_city'),
    /** The seller's invoice number prefix (company settings); null: derived from the company name. */
    invoicePrefix: text('invoice_prefix'),
    /** The seller's bank account printed on its sale invoices (decision 763); null: "bank details on request". */
    iban: text('iban'),
    bic: text('bic'),
    /** The seller's GS1 company prefix (issue 37): its pallets get SSCCs; null: Primeur's internal pallet numbers. */
    gs1CompanyPrefix: text('gs1_company_prefix'),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    // A GS1 company prefix is one company's: two accounts numbering pallets from it would repeat SSCCs.
    uniqueIndex('users_gs1_prefix_uq')
      .on(t.gs1CompanyPrefix)
      .where(sql`gs1_company_prefix is not null`),
    check('users_iban_shape', sql`${t.iban} is null or ${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check('users_bic_shape', sql`${t.bic} is null or ${t.bic} ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'`),
    check('users_share_capital_range', sql`${t.shareCapital} is null or ${t.shareCapital} >= 0`),
    check('users_gs1_prefix_shape', sql`${t.gs1CompanyPrefix} is null or ${t.gs1CompanyPrefix} ~ '^[013-9][0-9]{6,10}$'`),
    check('users_invoice_prefix_shape', sql`${t.invoicePrefix} is null or ${t.invoicePrefix} ~ '^[A-Z][A-Z0-9]{1,9}$'`),
  ],
);

/** Server-side sessions. The id is the SHA-256 of the cookie token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-in counters per key (email:… or ip:…) in a fixed window, shared by every instance. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
