import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { companies, companyCertificates } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import * as repo from './companies.repository.js';
import { type CompanyKind } from './companies.repository.js';

/**
 * The companies read model other modules read (contacts, product links, pricing, the marketplace):
 * does a company of this kind exist, who owns a contact or link, and the company columns their lists
 * join (subqueries joined like a table, which PostgreSQL inlines: the plan is the join they replace).
 * It depends on the companies repository and tables only, so companies.service can build on
 * contacts and product links without an import circle.
 */
const LABEL: Record<CompanyKind, string> = { supplier: 'Supplier', client: 'Client' };

const qb = new QueryBuilder();
const companyColumns = qb.select({ id: companies.id, kind: companies.kind, company: companies.company, discount: companies.discount }).from(companies);

/** Every company's id, kind, name and discount, as a subquery to join like a table. */
export const companyView = companyColumns.as('company_view');

/** The same columns for the queries written in SQL: `join ${companyViewSql} c on c.id = …`. */
export const companyViewSql = sql`${companyColumns}`;

/** The certificates of each back-office supplier, by its name (decision 871's key), as a subquery. */
export const supplierCertificates = qb
  .select({ company: companies.company, certificateId: companyCertificates.certificateId })
  .from(companyCertificates)
  .innerJoin(companies, eq(companies.id, companyCertificates.companyId))
  .where(eq(companies.kind, 'supplier'))
  .as('supplier_certificates');

/** The company row, or 404; `lock` takes a row lock for the rest of the transaction. */
export async function requireCompany(exec: Executor, kind: CompanyKind, id: number, lock = false) {
  const row = lock ? await repo.findForUpdate(exec, kind, id) : await repo.find(exec, kind, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', `${LABEL[kind]} not found.`);
  return row;
}

/** The owner of a contact or product link, whatever its kind. */
export async function findCompany(exec: Executor, id: number) {
  return repo.findById(exec, id);
}

/**
 * The payment terms agreed with a buyer account, in days from the invoice date (decision 956): those
 * of the back-office client record with the account's company name, case ignored; null when there is
 * no such record (the caller applies the default).
 */
export async function clientPaymentTermDays(exec: Executor, companyName: string): Promise<number | null> {
  const name = companyName.trim();
  if (!name) return null;
  return (await repo.clientTermsByName(exec, name))?.paymentTermDays ?? null;
}

export type { CompanyKind };
