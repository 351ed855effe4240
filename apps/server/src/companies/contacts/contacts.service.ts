import type { z } from 'zod';
import type { addContact, Contact, modifyContact } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { findCompany, requireCompany, type CompanyKind } from '../companies/company-view.js';
import * as locationService from '../../platform/location/location.service.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import { toE164 } from './phone.js';
import * as repo from './contacts.repository.js';
import { type ContactWithOwner } from './contacts.repository.js';

const present = ({ contact, kind }: ContactWithOwner): Contact => ({
  id: contact.id,
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  phone: contact.phone,
  note: contact.note,
  supplierId: kind === 'supplier' ? contact.companyId : null,
  clientId: kind === 'client' ? contact.companyId : null,
});

/** The owner's country code, used to read a phone number typed without its international prefix. */
async function ownerCountry(db: Executor, companyId: number) {
  const owner = await findCompany(db, companyId);
  if (!owner?.countryId) return null;
  return (await locationService.assertCountry(db, owner.countryId)).alpha2;
}

const fields = (input: z.output<typeof modifyContact> | z.output<typeof addContact>, phone: string) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  phone,
  note: input.note ? input.note : null,
});

export async function listByCompanies(db: Executor, companyIds: number[]) {
  return (await repo.listByCompanies(db, companyIds)).map(present);
}

export async function listFor(db: Db, kind: CompanyKind, companyId: number) {
  await requireCompany(db, kind, companyId);
  return listByCompanies(db, [companyId]);
}

export async function add(db: Db, actor: Actor | null, input: z.output<typeof addContact>) {
  const [kind, ownerId]: [CompanyKind, number] = input.supplierId ? ['supplier', input.supplierId] : ['client', input.clientId!];
  return db.transaction(async (tx) => {
    await requireCompany(tx, kind, ownerId);
    const phone = toE164(input.phone, await ownerCountry(tx, ownerId));
    const id = await repo.insert(tx, { companyId: ownerId, ...fields(input, phone) });
    const created = (await repo.find(tx, id))!;
    await changes.recordChange(tx, actor, 'contact', id, 'create', null, created.contact);
    return present(created);
  });
}

/** Edits the contact's own fields; its owner stays the same. */
export async function modify(db: Db, actor: Actor | null, input: z.output<typeof modifyContact>) {
  return db.transaction(async (tx) => {
    const current = await repo.find(tx, input.id);
    if (!current) throw notFound('Contact');
    const phone = toE164(input.phone, await ownerCountry(tx, current.contact.companyId));
    await repo.update(tx, input.id, fields(input, phone));
    const after = (await repo.find(tx, input.id))!;
    await changes.recordChange(tx, actor, 'contact', input.id, 'update', current.contact, after.contact);
    return present(after);
  });
}

export async function remove(db: Db, actor: Actor | null, id: number) {
  await db.transaction(async (tx) => {
    const current = await repo.find(tx, id);
    if (!current) throw notFound('Contact');
    await repo.delete(tx, id);
    await changes.recordChange(tx, actor, 'contact', id, 'delete', current.contact, null);
  });
}
