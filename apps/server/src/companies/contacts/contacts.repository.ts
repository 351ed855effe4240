import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import { companyView } from '../companies/company-view.js';

export type NewContact = typeof contacts.$inferInsert;

/** A contact with its owner's kind, so it can be shown with supplierId or clientId (spec §3). */
const withOwner = (db: Executor) =>
  db.select({ contact: contacts, kind: companyView.kind }).from(contacts).innerJoin(companyView, eq(companyView.id, contacts.companyId));

export type ContactWithOwner = Awaited<ReturnType<ReturnType<typeof withOwner>['execute']>>[number];

export async function find(db: Executor, id: number) {
  return (await withOwner(db).where(eq(contacts.id, id)).limit(1))[0];
}

export function listByCompanies(db: Executor, companyIds: number[]) {
  return companyIds.length
    ? withOwner(db).where(inArray(contacts.companyId, companyIds)).orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    : Promise.resolve([]);
}

export async function insert(db: Executor, values: NewContact) {
  return (await db.insert(contacts).values(values).returning({ id: contacts.id }))[0]!.id;
}

export function update(db: Executor, id: number, values: Partial<NewContact>) {
  return db.update(contacts).set(values).where(eq(contacts.id, id));
}

function delete_(db: Executor, id: number) {
  return db.delete(contacts).where(eq(contacts.id, id));
}

export { delete_ as delete };
