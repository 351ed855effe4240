import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { certificates, companies, companyCertificates, contacts, events, productLinks, supplierVariants, transports, users } from './db/schema/index.js';
import { CHANGE_NAMES, type Actor } from './events/changes.js';
import * as companiesService from './companies/companies/companies.service.js';
import type { CompanyKind } from './companies/companies/companies.service.js';
import * as contactsService from './companies/contacts/contacts.service.js';
import * as supplierProductsService from './pricing/supplier-products/supplier-products.service.js';
import { D, H } from './demo-trades.js';

/**
 * The operator's recent edits for the demo's history of changes (/admin/activity, the timelines of
 * the supplier and client pages; decision 941). Beside app.ts, as demo-trade.ts: it goes through the
 * modules' services, which the db layer may not import.
 *
 * The seed writes every record as it is today, without history (its factories are not the app's
 * write paths). Each edit below first puts one field back to what it was before the edit (a plain
 * write, as the factories make, recorded nowhere), then makes the edit through the service the route
 * calls, with the demo admin as the actor, so the entry is the one the app itself writes. The record
 * ends as the seed made it: nothing else of the demo changes. Afterwards the entry is re-dated to
 * when the edit "happened" (as the demo trade re-dates its rows), oldest first, so ids and dates
 * run in the same order.
 */

const ADMIN = 'admin@example.com';

/** What an edit needs: the database and the acting admin. */
interface Ctx {
  db: Db;
  actor: Actor;
}

interface DemoEdit {
  /** How long before now it happened (ms). */
  ago: number;
  /** What it is, for the warning when its record is missing. */
  what: string;
  /** Puts the record back as it was before the edit, then makes the edit; false when the record is missing. */
  run: (c: Ctx) => Promise<boolean>;
}

/** The presenters' answer is not needed here. */
const noView = async () => null;

async function companyId(db: Db, kind: CompanyKind, name: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.kind, kind), eq(companies.company, name)));
  return row ?? null;
}

const discount = (kind: CompanyKind, name: string, was: number): DemoEdit['run'] => {
  return async ({ db, actor }) => {
    const row = await companyId(db, kind, name);
    if (!row) return false;
    await db
      .update(companies)
      .set({ discount: was.toFixed(2) })
      .where(eq(companies.id, row.id));
    await companiesService.setDiscount(db, actor, kind, row.id, Number(row.discount), noView);
    return true;
  };
};

/** The client moved to FOB: its carrier goes with the old incoterm (spec §4), both in one entry. */
const incotermFrom = (kind: CompanyKind, name: string, was: 'CIF' | 'FOB', carrier: string): DemoEdit['run'] => {
  return async ({ db, actor }) => {
    const row = await companyId(db, kind, name);
    const [t] = await db.select().from(transports).where(eq(transports.carrier, carrier));
    if (!row || !t || row.ict === was || row.transportId !== null) return false;
    await db.update(companies).set({ ict: was, transportId: t.id }).where(eq(companies.id, row.id));
    await companiesService.setIct(db, actor, kind, row.id, row.ict, noView);
    return true;
  };
};

const carrierSet = (name: string): DemoEdit['run'] => {
  return async ({ db, actor }) => {
    const row = await companyId(db, 'supplier', name);
    if (!row || row.transportId === null) return false;
    await db.update(companies).set({ transportId: null }).where(eq(companies.id, row.id));
    await companiesService.setCarrier(db, actor, 'supplier', row.id, row.transportId, noView);
    return true;
  };
};

const certificateAdded = (kind: CompanyKind, name: string, certificate: string): DemoEdit['run'] => {
  return async ({ db, actor }) => {
    const row = await companyId(db, kind, name);
    if (!row) return false;
    const held = await db
      .select({ id: certificates.id, name: certificates.name })
      .from(companyCertificates)
      .innerJoin(certificates, eq(certificates.id, companyCertificates.certificateId))
      .where(eq(companyCertificates.companyId, row.id));
    const added = held.find((c) => c.name === certificate);
    if (!added) return false;
    await db.delete(companyCertificates).where(and(eq(companyCertificates.companyId, row.id), eq(companyCertificates.certificateId, added.id)));
    await companiesService.setCertificates(
      db,
      actor,
      kind,
      row.id,
      held.map((c) => c.id),
      noView,
    );
    return true;
  };
};

const contactNote = (email: string, was: string | null): DemoEdit['run'] => {
  return async ({ db, actor }) => {
    const [c] = await db.select().from(contacts).where(eq(contacts.email, email));
    if (!c) return false;
    await db.update(contacts).set({ note: was }).where(eq(contacts.id, c.id));
    await contactsService.modify(db, actor, { id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, note: c.note });
    return true;
  };
};

/** The supplier's first price-list line (by id) had `more` pallets more before this edit. */
const volumeLowered = (supplier: string, more: number): DemoEdit['run'] => {
  return async ({ db, actor }) => {
    const owner = await companyId(db, 'supplier', supplier);
    if (!owner) return false;
    const [v] = await db
      .select({ id: supplierVariants.id, volume: supplierVariants.volume })
      .from(supplierVariants)
      .innerJoin(productLinks, eq(productLinks.id, supplierVariants.productLinkId))
      .where(eq(productLinks.companyId, owner.id))
      .orderBy(asc(supplierVariants.id))
      .limit(1);
    if (!v) return false;
    const now = Number(v.volume);
    await db
      .update(supplierVariants)
      .set({ volume: (now + more).toFixed(3) })
      .where(eq(supplierVariants.id, v.id));
    await supplierProductsService.edit(db, actor, 'volume', v.id, String(now));
    return true;
  };
};

/** Oldest first. */
export const DEMO_EDITS: DemoEdit[] = [
  { ago: 13 * D + 3 * H, what: 'discount of Huerta de Almería', run: discount('supplier', 'Huerta de Almería S.L.', 2) },
  { ago: 11 * D + 5 * H, what: 'incoterm of Primeurs de Rungis', run: incotermFrom('client', 'Primeurs de Rungis SAS', 'CIF', 'Nagel-Group') },
  { ago: 9 * D + 2 * H, what: "note of Berries del Condado's contact", run: contactNote('maria.lopez@berriescondado.es', null) },
  { ago: 7 * D + 6 * H, what: 'certificates of Cítricos del Turia', run: certificateAdded('supplier', 'Cítricos del Turia S.L.', 'IFS Food') },
  { ago: 5 * D + 1 * H, what: 'carrier of Les Vergers de Provence', run: carrierSet('Les Vergers de Provence') },
  { ago: 3 * D + 4 * H, what: 'volume of a Huerta de Almería line', run: volumeLowered('Huerta de Almería S.L.', 2) },
  { ago: 1 * D + 2 * H, what: 'discount of Nordisk Frukt', run: discount('client', 'Nordisk Frukt AB', 1.5) },
];

export interface ActivitySeedOptions {
  now?: number;
  warn?: (msg: string) => void;
}

/** Makes the demo edits through the services and dates their history entries. Returns how many were made. */
export async function seedActivity(db: Db, opts: ActivitySeedOptions = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const warn = opts.warn ?? console.warn;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN));
  if (!admin) return 0;
  let made = 0;
  for (const edit of DEMO_EDITS) {
    const [{ last }] = (await db.select({ last: sql<number>`coalesce(max(${events.id}), 0)::int` }).from(events)) as [{ last: number }];
    if (!(await edit.run({ db, actor: { id: admin.id } }))) {
      warn(`demo activity "${edit.what}" skipped: its record is not as the seed makes it`);
      continue;
    }
    await db
      .update(events)
      .set({ at: new Date(now - edit.ago) })
      .where(and(gt(events.id, last), inArray(events.name, CHANGE_NAMES)));
    made++;
  }
  return made;
}
