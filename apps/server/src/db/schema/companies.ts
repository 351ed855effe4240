import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { articles, certificates, transports } from './catalog.js';
import { cities, countries } from './location.js';

/**
 * Suppliers and clients of the back office share one table (decision 100): same fields, same
 * contacts and product links; `kind` tells them apart and the modules expose each with its own shape.
 */
export const companyKindEnum = pgEnum('company_kind', ['supplier', 'client']);
export const incotermEnum = pgEnum('incoterm', ['FOB', 'CIF']);

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    kind: companyKindEnum('kind').notNull(),
    company: text('company').notNull(),
    ict: incotermEnum('ict').notNull().default('CIF'),
    /** The carrier; restrict: a carrier in use cannot disappear under a company. */
    transportId: integer('transport_id').references(() => transports.id, { onDelete: 'restrict' }),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Supplier packaging options (spec §9: ifco, europool); always empty for clients. */
    packagings: text('packagings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    countryId: integer('country_id').references(() => countries.id),
    cityId: integer('city_id').references(() => cities.id),
    address: text('address').notNull().default(''),
    /**
     * A client's payment terms in days from the invoice date (decision 956); the default is the term
     * every invoice had before, so existing clients keep it. The API bounds it by the legal caps
     * (packages/shared, MAX_PAYMENT_TERM_DAYS); the check only keeps nonsense out. Unused for suppliers.
     */
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_kind_name_uq').on(t.kind, sql`lower(${t.company})`),
    check('companies_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
    check('companies_payment_term_days_range', sql`${t.paymentTermDays} >= 0 and ${t.paymentTermDays} <= 365`),
    check('companies_packagings_known', sql`${t.packagings} <@ array['ifco','europool']::text[]`),
  ],
);

export const companyCertificates = pgTable(
  'company_certificates',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.certificateId] })],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** E.164, e.g. +34950123456. */
    phone: text('phone').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_company_idx').on(t.companyId)],
);

/** The articles a company deals in (spec "supplier product link"); price-list variants hang on these. */
export const productLinks = pgTable(
  'product_links',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_links_company_article_uq').on(t.companyId, t.articleId)],
);
