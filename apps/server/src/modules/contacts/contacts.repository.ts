import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, contacts } from '../../db/schema/index.js';

export type NewContact = typeof contacts.$inferInsert;

/** A contact with its owner's kind, so it can be shown with supplierId or clientId (spec §3). */
const withOwner = (db: Executor) =>
  db.select({ contact: contacts, kind: companies.kind }).from(contacts).innerJoin(companies, eq(companies.id, contacts.companyId));

export type ContactWithOwner = Awaited<ReturnType<ReturnType<typeof withOwner>['execute']>>[number];

export const contactsRepository = {
  find: async (db: Executor, id: number) => (await withOwner(db).where(eq(contacts.id, id)).limit(1))[0],
  listByCompanies: (db: Executor, companyIds: number[]) =>
    companyIds.length
      ? withOwner(db).where(inArray(contacts.companyId, companyIds)).orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
      : Promise.resolve([]),
  insert: async (db: Executor, values: NewContact) => (await db.insert(contacts).values(values).returning({ id: contacts.id }))[0]!.id,
  update: (db: Executor, id: number, values: Partial<NewContact>) => db.update(contacts).set(values).where(eq(contacts.id, id)),
  delete: (db: Executor, id: number) => db.delete(contacts).where(eq(contacts.id, id)),
};
