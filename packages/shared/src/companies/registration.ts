import { SINGLE_LINE_TEXT } from '../schemas/common.js';

/**
 * A company's registration identifier (EN 16931 BT-30 for a seller, BT-47 for a buyer), one rule for
 * the server and the forms (decision 968).
 * - France: the SIREN (9 digits) or the SIRET (14 digits: SIREN + establishment number), both with the
 *   Luhn check digit. La Poste's establishments are the exception INSEE documents: their SIRET (SIREN
 *   356000000) does not pass Luhn, their digits add up to a multiple of 5 instead.
 * - Elsewhere: the national identifier as typed (CIF, Handelsregister, KvK…), optional, trimmed, one
 *   line, bounded; no national rule is checked.
 * Spaces, dots and dashes between the digits of a French number are accepted and dropped.
 */

export const REGISTRATION_ID_MAX_LENGTH = 40;
export const LEGAL_FORM_MAX_LENGTH = 60;
export const REGISTRY_CITY_MAX_LENGTH = 100;
/** The largest share capital the profile accepts, in euros (a trillion: no company has more). */
export const SHARE_CAPITAL_MAX = 1_000_000_000_000;
/** ISO 6523 ICD of the SIREN, the scheme of a French BT-30 / BT-47 (Factur-X, French CIUS). */
export const SIREN_SCHEME_ID = '0002';
export const LA_POSTE_SIREN = '356000000';

export type RegistrationIdProblem = 'registrationIdLength' | 'registrationIdChecksum' | 'registrationIdTooLong' | 'controlCharacters';

export type RegistrationIdCheck = { ok: true; value: string | null; kind: 'SIREN' | 'SIRET' | 'OTHER' | null } | { ok: false; problem: RegistrationIdProblem };

/** The Luhn check on a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function siretValid(siret: string): boolean {
  if (siret.startsWith(LA_POSTE_SIREN)) {
    const sum = [...siret].reduce((s, c) => s + Number(c), 0);
    return sum % 5 === 0;
  }
  return luhnValid(siret);
}

/**
 * Checks and normalises a registration identifier for a company of `country` (ISO alpha-2, upper
 * case; null when not known yet, then only the bounds are checked). Empty means none.
 */
export function checkRegistrationId(country: string | null | undefined, raw: string | null | undefined): RegistrationIdCheck {
  const value = (raw ?? '').trim();
  if (value === '') return { ok: true, value: null, kind: null };
  if (!SINGLE_LINE_TEXT.test(value)) return { ok: false, problem: 'controlCharacters' };
  if (value.length > REGISTRATION_ID_MAX_LENGTH) return { ok: false, problem: 'registrationIdTooLong' };
  if (country !== 'FR') return { ok: true, value: value.replace(/\s+/g, ' '), kind: 'OTHER' };
  const digits = value.replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(digits) || (digits.length !== 9 && digits.length !== 14)) return { ok: false, problem: 'registrationIdLength' };
  if (digits.length === 9 ? !luhnValid(digits) : !siretValid(digits)) return { ok: false, problem: 'registrationIdChecksum' };
  return { ok: true, value: digits, kind: digits.length === 9 ? 'SIREN' : 'SIRET' };
}

/** The SIREN of a valid French SIREN or SIRET (its first nine digits); null for anything else. */
export function sirenOf(country: string, registrationId: string | null | undefined): string | null {
  const c = checkRegistrationId(country, registrationId);
  return c.ok && (c.kind === 'SIREN' || c.kind === 'SIRET') ? c.value!.slice(0, 9) : null;
}
