import argon2 from 'argon2';
import { isStrongPassword, passwordScore, MIN_PASSWORD_SCORE } from '@primeur/shared/passwords';
import { HttpError } from './http-error.js';

/** argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the same work on a dummy hash, so the
 * answer time does not tell whether an account exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Refuses a common or easily guessed password (zxcvbn score below 3, decision 505) with WEAK_PASSWORD. */
export async function assertStrongPassword(password: string, userInputs: string[], path: string) {
  if (!(await isStrongPassword(password, userInputs))) {
    throw new HttpError(400, 'WEAK_PASSWORD', 'This password is too easy to guess.', [{ path, message: 'WEAK_PASSWORD' }]);
  }
}

/** The strength meter's answer (POST /auth/password-strength): the very score the refusal above uses. */
export async function passwordStrength(password: string, userInputs: string[]) {
  const score = await passwordScore(password, userInputs);
  return { score, strong: score >= MIN_PASSWORD_SCORE };
}
