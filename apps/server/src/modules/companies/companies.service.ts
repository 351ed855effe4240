import type { z } from 'zod';
import type { addCompany, Incoterm } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import { catalogService } from '../catalog/catalog.service.js';
import { contactsService } from '../contacts/contacts.service.js';
import { locationService } from '../location/location.service.js';
import { productLinksService } from '../product-links/product-links.service.js';
import { presentClient, presentSupplier, type CompanyParts } from './companies.presenter.js';
import { companiesRepository as repo, type CompanyKind, type CompanyUpdate, type CompanyWithRefs } from './companies.repository.js';

export type { CompanyKind } from './companies.repository.js';

const LABEL: Record<CompanyKind, string> = { supplier: 'Supplier', client: 'Client' };
/** The incoterm under which the operator books the transport, so a carrier applies (spec §2). */
const CARRIER_INCOTERM: Record<CompanyKind, Incoterm> = { supplier: 'FOB', client: 'CIF' };

async function requireCompany(db: Executor, kind: CompanyKind, id: number, lock = false) {
  const row = lock ? await repo.findForUpdate(db, kind, id) : await repo.find(db, kind, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', `${LABEL[kind]} not found.`);
  return row;
}

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

/** Shared rules of suppliers and clients; the two route modules expose them with their own shapes. */
export const companiesService = {
  requireCompany: (db: Executor, kind: CompanyKind, id: number) => requireCompany(db, kind, id),
  /** The owner of a contact or product link, whatever its kind. */
  findById: (db: Executor, id: number) => repo.findById(db, id),

  supplier: async (db: Executor, id: number) => presentSupplier(...(await one(db, 'supplier', id))),
  client: async (db: Executor, id: number) => presentClient(...(await one(db, 'client', id))),
  suppliers: async (db: Db) => (await withParts(db, await repo.listWithRefs(db, 'supplier'))).map(([r, p]) => presentSupplier(r, p)),
  clients: async (db: Db) => (await withParts(db, await repo.listWithRefs(db, 'client'))).map(([r, p]) => presentClient(r, p)),
  options: (db: Db, kind: CompanyKind) => repo.listOptions(db, kind),

  /** New companies start with no certificates and CIF unless the payload says otherwise (spec §4). */
  async create(db: Db, kind: CompanyKind, input: z.output<typeof addCompany>) {
    const certificateIds = [...new Set(input.certificates ?? [])];
    try {
      return await db.transaction(async (tx) => {
        await catalogService.requireCertificates(tx, certificateIds);
        const row = await repo.insert(tx, kind, input.company, input.ict ?? 'CIF');
        await repo.replaceCertificates(tx, row.id, certificateIds);
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'companies_kind_name_uq')) {
        throw new HttpError(409, 'COMPANY_EXISTS', `A ${kind} named ${input.company} already exists.`, [{ path: 'company', message: 'companyExists' }]);
      }
      throw err;
    }
  },

  /**
   * Deletes the company with its certificates, contacts, product links and whatever hangs on them
   * (foreign keys cascade, in one statement inside one transaction). A row elsewhere that refers to
   * the company without cascading (a record that must survive) makes it a 409 and nothing changes.
   */
  async remove(db: Db, kind: CompanyKind, id: number) {
    try {
      await db.transaction(async (tx) => {
        await requireCompany(tx, kind, id, true);
        await repo.delete(tx, id);
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) {
        throw new HttpError(409, 'COMPANY_IN_USE', `This ${kind} is still referred to by other records and cannot be deleted.`);
      }
      throw err;
    }
  },

  /** Setting the incoterm always drops the carrier (spec §4), even when the value does not change. */
  setIct: (db: Db, kind: CompanyKind, id: number, ict: Incoterm) => change(db, kind, id, async () => ({ ict, transportId: null })),

  setCarrier: (db: Db, kind: CompanyKind, id: number, carrierId: number) =>
    change(db, kind, id, async (tx, row) => {
      await catalogService.requireTransport(tx, carrierId);
      if (row.ict !== CARRIER_INCOTERM[kind]) {
        throw new HttpError(
          409,
          'CARRIER_NOT_FOR_INCOTERM',
          `A ${kind} takes a carrier only under ${CARRIER_INCOTERM[kind]}; this one is ${row.ict}.`,
        );
      }
      return { transportId: carrierId };
    }),

  clearCarrier: (db: Db, kind: CompanyKind, id: number) => change(db, kind, id, async () => ({ transportId: null })),
  setDiscount: (db: Db, kind: CompanyKind, id: number, discount: number) =>
    change(db, kind, id, async () => ({ discount: discount.toFixed(2) })),

  setCertificates: (db: Db, kind: CompanyKind, id: number, certificateIds: number[]) =>
    change(db, kind, id, async (tx) => {
      await catalogService.requireCertificates(tx, certificateIds);
      await repo.replaceCertificates(tx, id, certificateIds);
      return {};
    }),

  setPackagings: (db: Db, id: number, packagings: string[]) => change(db, 'supplier', id, async () => ({ packagings })),

  /** A new country makes the city meaningless, so it is cleared (spec §4). */
  setCountry: (db: Db, id: number, countryId: number) =>
    change(db, 'supplier', id, async (tx) => {
      await locationService.assertCountry(tx as Db, countryId);
      return { countryId, cityId: null };
    }),

  setCity: (db: Db, id: number, cityId: number) =>
    change(db, 'supplier', id, async (tx, row) => {
      if (row.countryId === null) {
        throw new HttpError(409, 'NO_COUNTRY', 'Set the country of the supplier before its city.', [{ path: 'value', message: 'noCountry' }]);
      }
      await locationService.assertCityInCountry(tx as Db, row.countryId, cityId);
      return { cityId };
    }),

  setAddress: (db: Db, id: number, address: string) => change(db, 'supplier', id, async () => ({ address })),

  /** Cities a supplier can be placed in: those of its country (none until it has one). */
  async citiesOf(db: Db, id: number) {
    const row = await requireCompany(db, 'supplier', id);
    if (row.countryId === null) return [];
    const country = await locationService.assertCountry(db, row.countryId);
    return locationService.citiesOf(db, country.alpha2);
  },
};

/** Locks the company, computes the change (which may refuse) and applies it, all in one transaction. */
async function change(
  db: Db,
  kind: CompanyKind,
  id: number,
  compute: (tx: Executor, row: Awaited<ReturnType<typeof requireCompany>>) => Promise<CompanyUpdate>,
) {
  await db.transaction(async (tx) => {
    const row = await requireCompany(tx, kind, id, true);
    await repo.update(tx, id, await compute(tx, row));
  });
}
