import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, checkRegistrationId, type changeUserInfos, type CompanyLegal, type UserListQuery } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/password.js';
import * as locationService from '../../platform/location/location.service.js';
import type { SessionStore } from '../../plugins/session.js';
import { queueMailEvent } from '../../documents/email/delivery.js';
import { languageForCountry } from '../../documents/email/language.js';
import { renderFailedSignIns } from '../../documents/email/templates/failed-sign-ins.js';
import { renderAccountValidated } from '../../documents/email/templates/account-validated.js';
import { presentUserCard, presentUserInfo } from './users.presenter.js';
import * as changes from '../../events/changes.js';
import * as repo from './users.repository.js';
import { type NewUser } from './users.repository.js';

export function findByEmail(db: Db, email: string) {
  return repo.findByEmail(db, email);
}

export function create(db: Db, values: NewUser) {
  return repo.insert(db, values);
}

export async function info(db: Db, userId: number) {
  const row = await repo.findWithPlace(db, userId);
  if (!row) throw notFound('User');
  return presentUserInfo(row);
}

/**
 * The company's legal facts as stored (decision 968): the registration identifier checked by the
 * shared rule of its country (known here by id, whatever the form sent) and normalised, a 400 on
 * the `registrationId` path otherwise. Legal form, capital and registry city are kept for any country.
 */
export function legalValues(countryAlpha2: string, input: Partial<CompanyLegal>) {
  const check = checkRegistrationId(countryAlpha2, input.registrationId);
  if (!check.ok) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The company registration identifier is not valid for its country.', [
      { path: 'registrationId', message: check.problem },
    ]);
  }
  return {
    registrationId: check.value,
    legalForm: input.legalForm ?? null,
    shareCapital: input.shareCapital === null || input.shareCapital === undefined ? null : input.shareCapital.toFixed(2),
    registryCity: input.registryCity ?? null,
  };
}

/** The company's own settings (address, VAT id…); recorded in the history, on the user. */
export async function changeInfos(db: Db, userId: number, input: z.output<typeof changeUserInfos>) {
  await db.transaction(async (tx) => {
    const { country } = await locationService.assertCityInCountry(tx, input.country.id, input.city.id);
    const before = await repo.findById(tx, userId);
    if (!before) throw notFound('User');
    await repo.update(tx, userId, {
      address: input.address,
      postalCode: input.postalCode,
      vatId: input.vatId,
      globalGapNumber: input.globalGapNumber || null,
      countryId: input.country.id,
      cityId: input.city.id,
      ...legalValues(country.alpha2, input),
    });
    await changes.recordChange(tx, { id: userId }, 'user', userId, 'update', before, (await repo.findById(tx, userId))!);
  });
  return info(db, userId);
}

/**
 * The back office corrects a company's legal facts (decision 968): checked by the rule of the
 * company's own country, recorded in the history under the admin, answered as the updated card.
 */
export async function changeLegal(db: Db, adminId: number, userId: number, input: Partial<CompanyLegal>) {
  return db.transaction(async (tx) => {
    const row = await repo.lockWithPlace(tx, userId);
    if (!row) throw notFound('User');
    const values = legalValues(row.country?.alpha2 ?? '', input);
    await repo.update(tx, userId, values);
    const u = row.user;
    await changes.recordChange(
      tx,
      { id: adminId },
      'user',
      userId,
      'update',
      { registrationId: u.registrationId, legalForm: u.legalForm, shareCapital: u.shareCapital, registryCity: u.registryCity },
      values,
    );
    return presentUserCard((await repo.findWithPlace(tx, userId))!);
  });
}

/** Saves a seller's invoicing settings: the bank account and the invoice number prefix its invoices print. */
export async function setInvoicingSettings(db: Executor, userId: number, settings: { iban: string | null; bic: string | null; invoicePrefix: string | null }) {
  await repo.update(db, userId, settings);
}

/**
 * Saves a seller's GS1 company prefix (issue 37), null to go back to Primeur's internal pallet
 * numbers. A prefix is one company's: another account holding it is a 409, never a second numbering.
 */
export async function setGs1CompanyPrefix(db: Executor, userId: number, prefix: string | null) {
  try {
    await repo.update(db, userId, { gs1CompanyPrefix: prefix });
  } catch (e) {
    if (isUniqueViolation(e, 'users_gs1_prefix_uq')) {
      throw new HttpError(409, 'COMPANY_PREFIX_TAKEN', 'Another company on Primeur uses this GS1 company prefix.', [
        { path: 'gs1CompanyPrefix', message: 'prefixTaken' },
      ]);
    }
    throw e;
  }
}

/** Changes the password and ends the user's other sessions (the current one stays signed in). */
export async function changePassword(db: Db, store: SessionStore, userId: number, currentSessionId: string, oldPassword: string, newPassword: string) {
  const user = await repo.findById(db, userId);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new HttpError(400, 'WRONG_PASSWORD', 'The current password is wrong.', [{ path: 'oldPassword', message: 'wrongPassword' }]);
  }
  if (newPassword === oldPassword) {
    throw new HttpError(400, 'SAME_PASSWORD', 'The new password must differ from the current one.', [{ path: 'newPassword', message: 'SAME_PASSWORD' }]);
  }
  await assertStrongPassword(newPassword, [user.email, user.companyName], 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.update(tx, userId, { passwordHash });
    await store.destroyOthersOf(userId, currentSessionId, tx);
  });
  return { userId, exceptSessionId: currentSessionId };
}

/**
 * Tells the owner of an account that someone failed to sign in to it repeatedly (in its language): the
 * message and its `mail.queued` event in one transaction; the `mail-delivery` processor sends it.
 */
export async function warnFailedSignIns(db: Db, userId: number) {
  const row = await repo.findWithPlace(db, userId);
  if (!row) return;
  const { user } = row;
  const language = languageForCountry(row.country?.alpha2);
  const mail = renderFailedSignIns({ language, company: user.companyName, email: user.email });
  await db.transaction((tx) => queueMailEvent(tx, [{ ...mail, to: { name: user.companyName, address: user.email }, language, company: user.companyName }]));
}

export async function listCards(db: Db) {
  return (await repo.listWithPlace(db)).map(presentUserCard);
}

/** The admin list with search and filters: every match (the spec's array), or one page of them. */
export async function searchCards(db: Db, query: UserListQuery) {
  const { page, size, ...filters } = query;
  if (page === undefined && size === undefined) return (await repo.searchWithPlace(db, filters)).map(presentUserCard);
  const p = page ?? 1;
  const s = size ?? ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([repo.searchWithPlace(db, filters, s, (p - 1) * s), repo.countSearch(db, filters)]);
  return { items: rows.map(presentUserCard), page: p, size: s, total };
}

/** One batch of the admin list as filtered (the CSV export walks it batch by batch). */
export async function searchBatch(db: Db, filters: Omit<UserListQuery, 'page' | 'size'>, limit: number, offset: number) {
  return (await repo.searchWithPlace(db, filters, limit, offset)).map(presentUserCard);
}

/**
 * Admin toggle of an account (the spec's `PUT /api/admin/user/status/{userId}`): the other state, then
 * the whole list as the spec answers.
 */
export async function toggleStatus(db: Db, store: SessionStore, adminId: number, userId: number) {
  if (adminId === userId) throw new HttpError(409, 'CANNOT_DISABLE_SELF', 'You cannot disable your own account.');
  const user = await repo.findById(db, userId);
  if (!user) throw notFound('User');
  await setStatus(db, store, adminId, userId, !user.active);
  return listCards(db);
}

/**
 * Puts an account in the asked state; an account already in it is left alone (a retried bulk
 * request is done once). Deactivating ends every session of that user in the same transaction;
 * activating tells the company by email (queued with its `mail.queued` event in the transaction, sent
 * by the `mail-delivery` processor after the commit), as the registration page promises. Nobody
 * deactivates their own account.
 */
export async function setStatus(db: Db, store: SessionStore, adminId: number, userId: number, active: boolean) {
  if (adminId === userId && !active) throw new HttpError(409, 'CANNOT_DISABLE_SELF', 'You cannot disable your own account.');
  const changed = await db.transaction(async (tx) => {
    const row = await repo.lockWithPlace(tx, userId);
    if (!row) throw notFound('User');
    const { user } = row;
    if (user.active === active) return null;
    await repo.update(tx, userId, { active });
    // The history of changes (issue 26), in the same transaction: single toggles and bulk rows alike.
    await changes.recordChange(tx, { id: adminId }, 'user', userId, 'update', { active: user.active }, { active });
    if (!active) {
      await store.destroyAllFor(userId, tx);
      return true;
    }
    const language = languageForCountry(row.country?.alpha2);
    const mail = renderAccountValidated({ language, company: user.companyName, email: user.email });
    await queueMailEvent(tx, [{ ...mail, to: { name: user.companyName, address: user.email }, language, company: user.companyName }]);
    return true;
  });
  // After the commit: the user's live sockets close on every instance.
  if (changed && !active) store.onEnded({ userId });
}

/** The ids of the accounts the admin list shows for these filters, in its order, at most `limit`. */
export async function matchingIds(db: Db, filters: Omit<UserListQuery, 'page' | 'size'>, limit: number) {
  const [rows, total] = await Promise.all([repo.searchIds(db, filters, limit), repo.countSearch(db, filters)]);
  return { ids: rows.map((r) => r.id), total };
}
