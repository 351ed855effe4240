import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificates, cities, companies, companyCertificates, countries, transports } from '../../db/schema/index.js';

export type CompanyKind = (typeof companies.$inferSelect)['kind'];
export type CompanyRow = typeof companies.$inferSelect;
export type CompanyUpdate = Partial<Omit<typeof companies.$inferInsert, 'id' | 'kind'>>;

/** A company with its carrier and place, the row every presenter starts from. */
const withRefs = (db: Executor) =>
  db
    .select({
      company: companies,
      carrier: { id: transports.id, carrier: transports.carrier, price: transports.price },
      country: { id: countries.id, name: countries.name, alpha2: countries.alpha2 },
      city: { id: cities.id, name: cities.name },
    })
    .from(companies)
    .leftJoin(transports, eq(transports.id, companies.transportId))
    .leftJoin(countries, eq(countries.id, companies.countryId))
    .leftJoin(cities, eq(cities.id, companies.cityId));

export type CompanyWithRefs = Awaited<ReturnType<ReturnType<typeof withRefs>['execute']>>[number];

const ofKind = (db: Executor, kind: CompanyKind, id: number) =>
  db
    .select()
    .from(companies)
    .where(and(eq(companies.kind, kind), eq(companies.id, id)))
    .limit(1);

export async function find(db: Executor, kind: CompanyKind, id: number) {
  return (await ofKind(db, kind, id))[0];
}

/** Locks the row so concurrent changes to one company (incoterm vs carrier) apply one after the other. */
export async function findForUpdate(db: Executor, kind: CompanyKind, id: number) {
  return (await ofKind(db, kind, id).for('update'))[0];
}

export async function findById(db: Executor, id: number) {
  return (await db.select().from(companies).where(eq(companies.id, id)).limit(1))[0];
}

export async function findWithRefs(db: Executor, kind: CompanyKind, id: number) {
  return (
    await withRefs(db)
      .where(and(eq(companies.kind, kind), eq(companies.id, id)))
      .limit(1)
  )[0];
}

export function listWithRefs(db: Executor, kind: CompanyKind) {
  return withRefs(db)
    .where(eq(companies.kind, kind))
    .orderBy(asc(sql`lower(${companies.company})`), asc(companies.id));
}

/**
 * The payment terms of the client record named `company`, case ignored (decision 956, the key of
 * decision 871 and of `companies_kind_name_uq`, so at most one row matches through that index).
 */
export async function clientTermsByName(db: Executor, company: string) {
  return (
    await db
      .select({ paymentTermDays: companies.paymentTermDays })
      .from(companies)
      .where(and(eq(companies.kind, 'client'), sql`lower(${companies.company}) = lower(${company})`))
      .limit(1)
  )[0];
}

export function listOptions(db: Executor, kind: CompanyKind) {
  return db
    .select({ id: companies.id, company: companies.company })
    .from(companies)
    .where(eq(companies.kind, kind))
    .orderBy(asc(sql`lower(${companies.company})`), asc(companies.id));
}

export async function insert(db: Executor, kind: CompanyKind, company: string, ict: 'FOB' | 'CIF') {
  return (await db.insert(companies).values({ kind, company, ict }).returning())[0]!;
}

export function update(db: Executor, id: number, values: CompanyUpdate) {
  return db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id));
}

function delete_(db: Executor, id: number) {
  return db.delete(companies).where(eq(companies.id, id));
}

export { delete_ as delete };

export function certificatesOf(db: Executor, companyIds: number[]) {
  return companyIds.length
    ? db
        .select({ companyId: companyCertificates.companyId, id: certificates.id, name: certificates.name })
        .from(companyCertificates)
        .innerJoin(certificates, eq(certificates.id, companyCertificates.certificateId))
        .where(inArray(companyCertificates.companyId, companyIds))
        .orderBy(asc(certificates.name))
    : Promise.resolve([]);
}

export async function replaceCertificates(db: Executor, companyId: number, certificateIds: number[]) {
  await db.delete(companyCertificates).where(eq(companyCertificates.companyId, companyId));
  if (certificateIds.length) {
    await db.insert(companyCertificates).values(certificateIds.map((certificateId) => ({ companyId, certificateId })));
  }
}
