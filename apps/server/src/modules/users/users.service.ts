import type { z } from 'zod';
import type { changeUserInfos } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { locationService } from '../location/location.service.js';
import type { SessionStore } from '../../plugins/session.js';
import type { Mailer } from '../../documents/email/mailer.js';
import { deliverQueued, queueMail } from '../../documents/email/outbox.js';
import { languageForCountry } from '../../documents/email/language.js';
import { renderAccountValidated } from '../../documents/email/templates/account-validated.js';
import { presentUserCard, presentUserInfo } from './users.presenter.js';
import { usersRepository as repo, type NewUser } from './users.repository.js';
import { and, eq, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';

export const usersService = {
  findByEmail: (db: Db, email: string) => repo.findByEmail(db, email),
  create: (db: Db, values: NewUser) => repo.insert(db, values),

  async info(db: Db, userId: number) {
    const row = await repo.findWithPlace(db, userId);
    if (!row) throw notFound('User');
    return presentUserInfo(row);
  },

  async changeInfos(db: Db, userId: number, input: z.output<typeof changeUserInfos>) {
    await locationService.assertCityInCountry(db, input.country.id, input.city.id);
    await repo.update(db, userId, {
      address: input.address,
      postalCode: input.postalCode,
      vatId: input.vatId,
      globalGapNumber: input.globalGapNumber || null,
      countryId: input.country.id,
      cityId: input.city.id,
    });
    return usersService.info(db, userId);
  },

  /** Changes the password and ends the user's other sessions (the current one stays signed in). */
  async changePassword(db: Db, userId: number, currentSessionId: string, oldPassword: string, newPassword: string) {
    const user = await repo.findById(db, userId);
    if (!user) throw notFound('User');
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new HttpError(400, 'WRONG_PASSWORD', 'The current password is wrong.', [{ path: 'oldPassword', message: 'wrongPassword' }]);
    }
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await repo.update(tx, userId, { passwordHash });
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
    });
  },

  async listCards(db: Db) {
    return (await repo.listWithPlace(db)).map(presentUserCard);
  },

  /** Admin toggle of an account; disabling ends every session of that user in the same transaction. */
  /**
   * Admin toggle of an account. Disabling ends every session of that user in the same transaction;
   * activating tells the company by email (queued in the transaction, sent after the commit), as the
   * registration page promises.
   */
  async toggleStatus(db: Db, store: SessionStore, mailer: Mailer, adminId: number, userId: number) {
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
    await deliverQueued(db, mailer, mailIds);
    return usersService.listCards(db);
  },
};
