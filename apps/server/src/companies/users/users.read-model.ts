// The accounts as other modules see them (the data wall, decision 1005): every column of `users` but the
// password hash and the bookkeeping timestamps. Lists join the read model like a table (PostgreSQL
// inlines it, so the plan is the join it replaces); one account is read by a function.
import { and, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { cities, countries, users } from '../../db/schema/index.js';

const accountColumns = {
  id: users.id,
  email: users.email,
  category: users.category,
  companyName: users.companyName,
  active: users.active,
  address: users.address,
  postalCode: users.postalCode,
  countryId: users.countryId,
  cityId: users.cityId,
  vatId: users.vatId,
  globalGapNumber: users.globalGapNumber,
  registrationId: users.registrationId,
  legalForm: users.legalForm,
  shareCapital: users.shareCapital,
  registryCity: users.registryCity,
  invoicePrefix: users.invoicePrefix,
  iban: users.iban,
  bic: users.bic,
  gs1CompanyPrefix: users.gs1CompanyPrefix,
};

const accountsQuery = new QueryBuilder().select(accountColumns).from(users);

/** The accounts read model as a Drizzle subquery (alias `account`), joined like a table. */
export const accountsView = accountsQuery.as('account');

/** The accounts read model as an SQL fragment, `join ${accountRows} a on …` in queries written in SQL (columns by their SQL names). */
export const accountRows = sql`${accountsQuery}`; // drizzle puts a query in parentheses

/** One account with its city's name and its country (name, alpha2); undefined when there is none. */
export async function accountWithPlace(db: Executor, id: number) {
  return (
    await db
      .select({ ...accountColumns, city: cities.name, countryName: countries.name, alpha2: countries.alpha2 })
      .from(users)
      .leftJoin(cities, eq(cities.id, users.cityId))
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(eq(users.id, id))
  )[0];
}

/** The ids of the operator's active admin accounts, in id order. */
export async function activeAdminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.category, 'admin'), eq(users.active, true)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** The account's GS1 company prefix (issue 37), null when it has none or does not exist. */
export async function gs1PrefixOf(db: Executor, id: number): Promise<string | null> {
  return (await db.select({ prefix: users.gs1CompanyPrefix }).from(users).where(eq(users.id, id)))[0]?.prefix ?? null;
}
