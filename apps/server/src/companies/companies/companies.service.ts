import type { z } from 'zod';
import { DEFAULT_INCOTERM, type addCompany, type Incoterm } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as contactsService from '../contacts/contacts.service.js';
import * as locationService from '../../platform/location/location.service.js';
import * as productLinksService from '../product-links/product-links.service.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import { presentClient, presentSupplier, type CompanyParts } from './companies.presenter.js';
import { findCompany, requireCompany } from './company-view.js';
import * as repo from './companies.repository.js';
import { type CompanyKind, type CompanyUpdate, type CompanyWithRefs } from './companies.repository.js';

export type { CompanyKind } from './companies.repository.js';

const LABEL: Record<CompanyKind, string> = { supplier: 'Supplier', client: 'Client' };
type Row = Awaited<ReturnType<typeof requireCompany>>;
/** The incoterm under which the operator books the transport, so a carrier applies (spec §2). */
const CARRIER_INCOTERM: Record<CompanyKind, Incoterm> = { supplier: 'FOB', client: 'CIF' };

/** Certificates, contacts and products of each company row, fetched in three queries whatever the count. */
async function withParts(db: Executor, rows: CompanyWithRefs[]) {
  const ids = rows.map((r) => r.company.id);
  const [certificates, contacts, products] = await Promise.all([
    repo.certificatesOf(db, ids),
    contactsService.listByCompanies(db, ids),
    productLinksService.listByCompanies(db, ids),
  ]);
  return rows.map((row) => {
    const id = row.company.id;
    const parts: CompanyParts = {
      certificates: certificates.filter((c) => c.companyId === id).map(({ id: cid, name }) => ({ id: cid, name })),
      contacts: contacts.filter((c) => (c.supplierId ?? c.clientId) === id),
      products: products.get(id) ?? [],
    };
    return [row, parts] as const;
  });
}

async function one(db: Executor, kind: CompanyKind, id: number) {
  const row = await repo.findWithRefs(db, kind, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', `${LABEL[kind]} not found.`);
  return (await withParts(db, [row]))[0]!;
}

/** The company as the history records it: its columns and its certificates' ids. */
async function snapshot(tx: Executor, id: number) {
  const row = await repo.findById(tx, id);
  if (!row) return null;
  const certificates = (await repo.certificatesOf(tx, [id])).map((c) => c.id).sort((a, b) => a - b);
  return { ...row, certificates };
}

/** How a write answers: the company as its routes present it (supplier or client), read in the write's transaction. */
export type CompanyView<T> = (tx: Executor, id: number) => Promise<T>;

/** Shared rules of suppliers and clients; the two route modules expose them with their own shapes. */
export { requireCompany };

export const findById = findCompany;

export async function supplier(db: Executor, id: number) {
  return presentSupplier(...(await one(db, 'supplier', id)));
}

export async function client(db: Executor, id: number) {
  return presentClient(...(await one(db, 'client', id)));
}

export async function suppliers(db: Db) {
  return (await withParts(db, await repo.listWithRefs(db, 'supplier'))).map(([r, p]) => presentSupplier(r, p));
}

export async function clients(db: Db) {
  return (await withParts(db, await repo.listWithRefs(db, 'client'))).map(([r, p]) => presentClient(r, p));
}

export function options(db: Db, kind: CompanyKind) {
  return repo.listOptions(db, kind);
}

/** New companies start with no certificates and CIF unless the payload says otherwise (spec §4). */
export async function create<T>(db: Db, actor: Actor | null, kind: CompanyKind, input: z.output<typeof addCompany>, view: CompanyView<T>): Promise<T> {
  const certificateIds = [...new Set(input.certificates ?? [])];
  try {
    return await db.transaction(async (tx) => {
      await catalogService.requireCertificates(tx, certificateIds);
      const row = await repo.insert(tx, kind, input.company, input.ict ?? DEFAULT_INCOTERM);
      await repo.replaceCertificates(tx, row.id, certificateIds);
      await changes.recordChange(tx, actor, kind, row.id, 'create', null, await snapshot(tx, row.id));
      return view(tx, row.id);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'companies_kind_name_uq')) {
      throw new HttpError(409, 'COMPANY_EXISTS', `A ${kind} named ${input.company} already exists.`, [{ path: 'company', message: 'companyExists' }]);
    }
    throw err;
  }
}

/**
 * Deletes the company with its certificates, contacts, product links and whatever hangs on them
 * (foreign keys cascade, in one statement inside one transaction). A row elsewhere that refers to
 * the company without cascading (a record that must survive) makes it a 409 and nothing changes.
 */
export async function remove(db: Db, actor: Actor | null, kind: CompanyKind, id: number) {
  try {
    await db.transaction(async (tx) => {
      await requireCompany(tx, kind, id, true);
      const before = await snapshot(tx, id);
      await repo.delete(tx, id);
      await changes.recordChange(tx, actor, kind, id, 'delete', before, null);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw new HttpError(409, 'COMPANY_IN_USE', `This ${kind} is still referred to by other records and cannot be deleted.`);
    }
    throw err;
  }
}

/** Setting the incoterm always drops the carrier (spec §4), even when the value does not change. */
export function setIct<T>(db: Db, actor: Actor | null, kind: CompanyKind, id: number, ict: Incoterm, view: CompanyView<T>) {
  return change(db, actor, kind, id, view, async () => ({ ict, transportId: null }));
}

export function setCarrier<T>(db: Db, actor: Actor | null, kind: CompanyKind, id: number, carrierId: number, view: CompanyView<T>) {
  return change(db, actor, kind, id, view, async (tx, row) => {
    await catalogService.requireTransport(tx, carrierId);
    if (row.ict !== CARRIER_INCOTERM[kind]) {
      throw new HttpError(409, 'CARRIER_NOT_FOR_INCOTERM', `A ${kind} takes a carrier only under ${CARRIER_INCOTERM[kind]}; this one is ${row.ict}.`);
    }
    return { transportId: carrierId };
  });
}

export function clearCarrier<T>(db: Db, actor: Actor | null, kind: CompanyKind, id: number, view: CompanyView<T>) {
  return change(db, actor, kind, id, view, async () => ({ transportId: null }));
}

export function setDiscount<T>(db: Db, actor: Actor | null, kind: CompanyKind, id: number, discount: number, view: CompanyView<T>) {
  return change(db, actor, kind, id, view, async () => ({ discount: discount.toFixed(2) }));
}

/** A client's payment terms in days from the invoice date (decision 956); the body schema bounds them. */
export function setPaymentTerms(db: Db, actor: Actor | null, id: number, days: number) {
  return change(db, actor, 'client', id, client, async () => ({ paymentTermDays: days }));
}

export function setCertificates<T>(db: Db, actor: Actor | null, kind: CompanyKind, id: number, certificateIds: number[], view: CompanyView<T>) {
  return change(db, actor, kind, id, view, async (tx) => {
    await catalogService.requireCertificates(tx, certificateIds);
    await repo.replaceCertificates(tx, id, certificateIds);
    return {};
  });
}

export function setPackagings(db: Db, actor: Actor | null, id: number, packagings: string[]) {
  return change(db, actor, 'supplier', id, supplier, async () => ({ packagings }));
}

/** A new country makes the city meaningless, so it is cleared (spec §4). */
export function setCountry(db: Db, actor: Actor | null, id: number, countryId: number) {
  return change(db, actor, 'supplier', id, supplier, async (tx) => {
    await locationService.assertCountry(tx, countryId);
    return { countryId, cityId: null };
  });
}

export function setCity(db: Db, actor: Actor | null, id: number, cityId: number) {
  return change(db, actor, 'supplier', id, supplier, async (tx, row) => {
    if (row.countryId === null) {
      throw new HttpError(409, 'NO_COUNTRY', 'Set the country of the supplier before its city.', [{ path: 'value', message: 'noCountry' }]);
    }
    await locationService.assertCityInCountry(tx, row.countryId, cityId);
    return { cityId };
  });
}

export function setAddress(db: Db, actor: Actor | null, id: number, address: string) {
  return change(db, actor, 'supplier', id, supplier, async () => ({ address }));
}

/** Cities a supplier can be placed in: those of its country (none until it has one). */
export async function citiesOf(db: Db, id: number) {
  const row = await requireCompany(db, 'supplier', id);
  if (row.countryId === null) return [];
  const country = await locationService.assertCountry(db, row.countryId);
  return locationService.citiesOf(db, country.alpha2);
}

/**
 * Locks the company, computes the change (which may refuse), applies it and reads the company back,
 * all in one transaction: the answer is the state this change produced, never a later one.
 */
function change<T>(
  db: Db,
  actor: Actor | null,
  kind: CompanyKind,
  id: number,
  view: CompanyView<T>,
  compute: (tx: Executor, row: Row) => Promise<CompanyUpdate>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const row = await requireCompany(tx, kind, id, true);
    const before = await snapshot(tx, id);
    await repo.update(tx, id, await compute(tx, row));
    await changes.recordChange(tx, actor, kind, id, 'update', before, await snapshot(tx, id));
    return view(tx, id);
  });
}
