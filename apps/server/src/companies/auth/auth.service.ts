import { categoryFromRegistration, type Registration } from '@primeur/shared';
import type { z } from 'zod';
import type { registration } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/password.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import * as locationService from '../../platform/location/location.service.js';
import * as usersService from '../users/users.service.js';
import type { LoginLimiter } from './login-limiter.js';

type RegistrationInput = z.output<typeof registration>;
export type { Registration };

const emailTaken = () => new HttpError(409, 'EMAIL_TAKEN', 'An account with this email already exists.');

/** Creates an inactive account: the operator validates it before the company can sign in. */
export async function register(db: Db, input: RegistrationInput) {
  await assertStrongPassword(input.password, [input.email, input.companyName], 'password');
  const { country } = await locationService.assertCityInCountry(db, input.country.id, input.city.id);
  const legal = usersService.legalValues(country.alpha2, input);
  if (await usersService.findByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await usersService.create(db, {
      email: input.email,
      passwordHash,
      category: categoryFromRegistration(input.category),
      companyName: input.companyName,
      address: input.address,
      postalCode: input.postalCode,
      countryId: input.country.id,
      cityId: input.city.id,
      vatId: input.vatId,
      globalGapNumber: input.globalGapNumber || null,
      ...legal,
      active: false,
    });
  } catch (err) {
    // Two registrations of one email racing: the unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Checks a sign-in. The attempt is counted before the (slow) hash check, so parallel guesses
 * cannot pass the limit; when the account's failures reach the per-address limit, its owner is
 * told by e-mail (once per account window), whichever address they came from.
 */
export async function authenticate(
  db: Db,
  limiter: LoginLimiter,
  email: string,
  password: string,
  ip: string,
  warnOwner?: (userId: number) => void,
  /** The device id from a valid device cookie for this account (decision 780), or null. */
  device: string | null = null,
) {
  const verdict = await limiter.attempt(email, ip, device);
  if (!verdict.allowed) {
    throw new HttpError(429, 'RATE_LIMITED', 'Too many failed sign-in attempts. Try again later.', undefined, {
      retryAfterSeconds: verdict.retryAfter,
    });
  }
  const user = await usersService.findByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    if (user && verdict.accountCount === limiter.limits.perAccountAddress) warnOwner?.(user.id);
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong email or password.');
  }
  await limiter.succeeded(email, ip, device);
  if (!user.active) {
    throw new HttpError(403, 'ACCOUNT_INACTIVE', 'Your account is awaiting validation by our team. You will receive an email once it is validated.');
  }
  return user;
}
