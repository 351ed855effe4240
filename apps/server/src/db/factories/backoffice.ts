import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { articles, certificates, companies, companyCertificates, contacts, productLinks, transports } from '../schema/index.js';
import { placeIn } from '../factories.js';

/**
 * Builders of back-office rows (suppliers, clients, contacts, product links) on top of the catalog
 * reference data; the tests and the demo seed use them, so demo data is data the app accepts.
 */
let seq = 0;
const next = () => ++seq;

export interface CompanyFactoryInput {
  company?: string;
  ict?: 'FOB' | 'CIF';
  discount?: number;
  /** Certificate names from the catalog (e.g. 'GLOBALG.A.P.'). */
  certificates?: string[];
  /** Carrier name from the catalog; the incoterm must allow one (FOB for suppliers, CIF for clients). */
  carrier?: string;
  /** Article codes (e.g. 'CIT01'). */
  products?: string[];
  contacts?: ContactFactoryInput[];
}

export interface SupplierFactoryInput extends CompanyFactoryInput {
  packagings?: Array<'ifco' | 'europool'>;
  /** Country alpha2; no country when omitted. */
  country?: string;
  city?: string;
  address?: string;
}

export interface ClientFactoryInput extends CompanyFactoryInput {
  /** Payment terms in days from the invoice date (decision 956); the column's default (30) when omitted. */
  paymentTermDays?: number;
}

export interface ContactFactoryInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** E.164. */
  phone?: string;
  note?: string | null;
}

async function idsByName(db: Executor, table: 'certificates' | 'carriers', names: string[]) {
  if (!names.length) return [];
  const rows =
    table === 'certificates'
      ? await db.select({ id: certificates.id, name: certificates.name }).from(certificates).where(inArray(certificates.name, names))
      : await db.select({ id: transports.id, name: transports.carrier }).from(transports).where(inArray(transports.carrier, names));
  return names.map((n) => {
    const row = rows.find((r) => r.name === n);
    if (!row) throw new Error(`No ${n} in the catalog`);
    return row.id;
  });
}

async function fill(db: Executor, id: number, input: CompanyFactoryInput) {
  const certIds = await idsByName(db, 'certificates', input.certificates ?? []);
  if (certIds.length) await db.insert(companyCertificates).values(certIds.map((certificateId) => ({ companyId: id, certificateId })));
  if (input.products?.length) await linkProducts(db, id, input.products);
  for (const c of input.contacts ?? []) await createContact(db, id, c);
}

export async function createSupplier(db: Executor, input: SupplierFactoryInput = {}) {
  const n = next();
  const place = input.country ? await placeIn(db, input.country, input.city) : undefined;
  const [transportId] = await idsByName(db, 'carriers', input.carrier ? [input.carrier] : []);
  const [row] = await db
    .insert(companies)
    .values({
      kind: 'supplier',
      company: input.company ?? `Supplier ${n} ${Date.now()}`,
      ict: input.ict ?? 'CIF',
      transportId: transportId ?? null,
      discount: (input.discount ?? 0).toFixed(2),
      packagings: input.packagings ?? [],
      countryId: place?.country.id ?? null,
      cityId: place?.city.id ?? null,
      address: input.address ?? '',
    })
    .returning();
  await fill(db, row!.id, input);
  return row!;
}

export async function createClient(db: Executor, input: ClientFactoryInput = {}) {
  const n = next();
  const [transportId] = await idsByName(db, 'carriers', input.carrier ? [input.carrier] : []);
  const [row] = await db
    .insert(companies)
    .values({
      kind: 'client',
      company: input.company ?? `Client ${n} ${Date.now()}`,
      ict: input.ict ?? 'CIF',
      transportId: transportId ?? null,
      discount: (input.discount ?? 0).toFixed(2),
      ...(input.paymentTermDays === undefined ? {} : { paymentTermDays: input.paymentTermDays }),
    })
    .returning();
  await fill(db, row!.id, input);
  return row!;
}

export async function createContact(db: Executor, companyId: number, input: ContactFactoryInput = {}) {
  const n = next();
  const [row] = await db
    .insert(contacts)
    .values({
      companyId,
      firstName: input.firstName ?? `First${n}`,
      lastName: input.lastName ?? `Last${n}`,
      email: input.email ?? `contact${n}@example.test`,
      phone: input.phone ?? '+33142685300',
      note: input.note ?? null,
    })
    .returning();
  return row!;
}

export async function linkProducts(db: Executor, companyId: number, codes: string[]) {
  const rows = await db.select({ id: articles.id, code: articles.code }).from(articles).where(inArray(articles.code, codes));
  if (rows.length !== codes.length) throw new Error(`Unknown article codes among ${codes.join(', ')}`);
  return db
    .insert(productLinks)
    .values(rows.map((a) => ({ companyId, articleId: a.id })))
    .returning();
}

export const articleByCode = async (db: Executor, code: string) => (await db.select().from(articles).where(eq(articles.code, code)).limit(1))[0]!;
export const certificateByName = async (db: Executor, name: string) => (await db.select().from(certificates).where(eq(certificates.name, name)).limit(1))[0]!;
export const carrierByName = async (db: Executor, carrier: string) => (await db.select().from(transports).where(eq(transports.carrier, carrier)).limit(1))[0]!;
