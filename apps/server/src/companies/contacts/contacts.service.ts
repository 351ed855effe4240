import type { z } from 'zod';
import type { addContact, Contact, modifyContact } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { findCompany, requireCompany, type CompanyKind } from '../companies/company-view.js';
import * as locationService from '../../platform/location/location.service.js';
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

export async function add(db: Db, input: z.output<typeof addContact>) {
  const [kind, ownerId]: [CompanyKind, number] = input.supplierId ? ['supplier', input.supplierId] : ['client', input.clientId!];
  await requireCompany(db, kind, ownerId);
  const phone = toE164(input.phone, await ownerCountry(db, ownerId));
  const id = await repo.insert(db, { companyId: ownerId, ...fields(input, phone) });
  return present((await repo.find(db, id))!);
}

/** Edits the contact's own fields; its owner stays the same. */
export async function modify(db: Db, input: z.output<typeof modifyContact>) {
  const current = await repo.find(db, input.id);
  if (!current) throw notFound('Contact');
  const phone = toE164(input.phone, await ownerCountry(db, current.contact.companyId));
  await repo.update(db, input.id, fields(input, phone));
  return present((await repo.find(db, input.id))!);
}

export async function remove(db: Db, id: number) {
  if (!(await repo.find(db, id))) throw notFound('Contact');
  await repo.delete(db, id);
}
