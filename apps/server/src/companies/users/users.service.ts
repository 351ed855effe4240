import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, type changeUserInfos, type UserListQuery } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/password.js';
import * as locationService from '../../platform/location/location.service.js';
import type { SessionStore } from '../../plugins/session.js';
import type { Mailer } from '../../documents/email/mailer.js';
import { deliverQueued, queueMail } from '../../documents/email/outbox.js';
import { languageForCountry } from '../../documents/email/language.js';
import { renderFailedSignIns } from '../../documents/email/templates/failed-sign-ins.js';
import { renderAccountValidated } from '../../documents/email/templates/account-validated.js';
import { presentUserCard, presentUserInfo } from './users.presenter.js';
import * as repo from './users.repository.js';
import { type NewUser } from './users.repository.js';
import { and, eq, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';

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

export async function changeInfos(db: Db, userId: number, input: z.output<typeof changeUserInfos>) {
  await locationService.assertCityInCountry(db, input.country.id, input.city.id);
  await repo.update(db, userId, {
    address: input.address,
    postalCode: input.postalCode,
    vatId: input.vatId,
    globalGapNumber: input.globalGapNumber || null,
    countryId: input.country.id,
    cityId: input.city.id,
  });
  return info(db, userId);
}

/** Changes the password and ends the user's other sessions (the current one stays signed in). */
export async function changePassword(db: Db, userId: number, currentSessionId: string, oldPassword: string, newPassword: string) {
  const user = await repo.findById(db, userId);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new HttpError(400, 'WRONG_PASSWORD', 'The current password is wrong.', [{ path: 'oldPassword', message: 'wrongPassword' }]);
  }
  if (newPassword === oldPassword) {
    throw new HttpError(400, 'SAME_PASSWORD', 'The new password must differ from the current one.', [{ path: 'newPassword', message: 'SAME_PASSWORD' }]);
  }
  assertStrongPassword(newPassword, [user.email, user.companyName], 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.update(tx, userId, { passwordHash });
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
  });
  return { userId, exceptSessionId: currentSessionId };
}

/** Tells the owner of an account that someone failed to sign in to it repeatedly (in its language). */
export async function warnFailedSignIns(db: Db, mailer: Mailer, userId: number) {
  const row = await repo.findWithPlace(db, userId);
  if (!row) return;
  const { user } = row;
  const language = languageForCountry(row.country?.alpha2);
  const mail = renderFailedSignIns({ language, company: user.companyName, email: user.email });
  const ids = await queueMail(db, [{ ...mail, to: { name: user.companyName, address: user.email }, language, company: user.companyName }]);
  await deliverQueued(db, mailer, ids);
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

/** Admin toggle of an account; disabling ends every session of that user in the same transaction. */
/**
 * Admin toggle of an account. Disabling ends every session of that user in the same transaction;
 * activating tells the company by email (queued in the transaction, sent after the commit), as the
 * registration page promises.
 */
export async function toggleStatus(db: Db, store: SessionStore, mailer: Mailer, adminId: number, userId: number) {
  if (adminId === userId) throw new HttpError(409, 'CANNOT_DISABLE_SELF', 'You cannot disable your own account.');
  const row = await repo.findWithPlace(db, userId);
  if (!row) throw notFound('User');
  const { user } = row;
  const mailIds = await db.transaction(async (tx) => {
    await repo.update(tx, userId, { active: !user.active });
    if (user.active) {
      await store.destroyAllFor(userId, tx);
      return [];
    }
    const language = languageForCountry(row.country?.alpha2);
    const mail = renderAccountValidated({ language, company: user.companyName, email: user.email });
    return queueMail(tx, [{ ...mail, to: { name: user.companyName, address: user.email }, language, company: user.companyName }]);
  });
  // After the commit: the user's live sockets close on every instance.
  if (user.active) store.onEnded({ userId });
  await deliverQueued(db, mailer, mailIds);
  return listCards(db);
}
