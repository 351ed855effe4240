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

export const companiesRepository = {
  find: async (db: Executor, kind: CompanyKind, id: number) =>
    (await db.select().from(companies).where(and(eq(companies.kind, kind), eq(companies.id, id))).limit(1))[0],
  /** Locks the row so concurrent changes to one company (incoterm vs carrier) apply one after the other. */
  findForUpdate: async (db: Executor, kind: CompanyKind, id: number) =>
    (await db.select().from(companies).where(and(eq(companies.kind, kind), eq(companies.id, id))).limit(1).for('update'))[0],
  findById: async (db: Executor, id: number) => (await db.select().from(companies).where(eq(companies.id, id)).limit(1))[0],
  findWithRefs: async (db: Executor, kind: CompanyKind, id: number) =>
    (await withRefs(db).where(and(eq(companies.kind, kind), eq(companies.id, id))).limit(1))[0],
  listWithRefs: (db: Executor, kind: CompanyKind) =>
    withRefs(db).where(eq(companies.kind, kind)).orderBy(asc(sql`lower(${companies.company})`), asc(companies.id)),
  listOptions: (db: Executor, kind: CompanyKind) =>
    db
      .select({ id: companies.id, company: companies.company })
      .from(companies)
      .where(eq(companies.kind, kind))
      .orderBy(asc(sql`lower(${companies.company})`), asc(companies.id)),
  insert: async (db: Executor, kind: CompanyKind, company: string, ict: 'FOB' | 'CIF') =>
    (await db.insert(companies).values({ kind, company, ict }).returning())[0]!,
  update: (db: Executor, id: number, values: CompanyUpdate) =>
    db.update(companies).set({ ...values, updatedAt: new Date() }).where(eq(companies.id, id)),
  delete: (db: Executor, id: number) => db.delete(companies).where(eq(companies.id, id)),
  certificatesOf: (db: Executor, companyIds: number[]) =>
    companyIds.length
      ? db
          .select({ companyId: companyCertificates.companyId, id: certificates.id, name: certificates.name })
          .from(companyCertificates)
          .innerJoin(certificates, eq(certificates.id, companyCertificates.certificateId))
          .where(inArray(companyCertificates.companyId, companyIds))
          .orderBy(asc(certificates.name))
      : Promise.resolve([]),
  async replaceCertificates(db: Executor, companyId: number, certificateIds: number[]) {
    await db.delete(companyCertificates).where(eq(companyCertificates.companyId, companyId));
    if (certificateIds.length) {
      await db.insert(companyCertificates).values(certificateIds.map((certificateId) => ({ companyId, certificateId })));
    }
  },
};
