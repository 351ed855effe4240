import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The last invoice number given per seller and year (decision 762). A row is taken with
 * INSERT … ON CONFLICT DO UPDATE … RETURNING inside the transaction that writes the invoice, so it
 * stays locked until that transaction ends: concurrent invoices of one seller wait in line, and a
 * rollback gives the number back. A database sequence would leave a gap at every rollback.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** The selling company (a trading account: users hold the company data). */
    sellerCompanyId: integer('seller_company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerCompanyId, t.year] }),
    check('invoice_counters_year_range', sql`${t.year} between 2000 and 9999`),
    check('invoice_counters_last_number_positive', sql`${t.lastNumber} >= 1`),
  ],
);
