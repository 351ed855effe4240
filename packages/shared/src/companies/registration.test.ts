import { describe, expect, it } from 'vitest';
import { changeUserInfos } from '../schemas/users.js';
import { registration } from '../schemas/auth.js';
import { checkRegistrationId, luhnValid, REGISTRATION_ID_MAX_LENGTH, sirenOf } from './registration.js';

describe('checkRegistrationId, France', () => {
  it('accepts a SIREN with a right Luhn digit and refuses the same with a wrong one', () => {
    expect(checkRegistrationId('FR', '732829320')).toEqual({ ok: true, value: '732829320', kind: 'SIREN' });
    expect(checkRegistrationId('FR', '732829321')).toEqual({ ok: false, problem: 'registrationIdChecksum' });
  });

  it('accepts a SIRET with a right Luhn digit and refuses the same with a wrong one', () => {
    expect(checkRegistrationId('FR', '73282932000074')).toEqual({ ok: true, value: '73282932000074', kind: 'SIRET' });
    expect(checkRegistrationId('FR', '73282932000075')).toEqual({ ok: false, problem: 'registrationIdChecksum' });
  });

  it('takes spaces, dots and dashes and keeps the digits only', () => {
    expect(checkRegistrationId('FR', ' 732 829 320 ')).toEqual({ ok: true, value: '732829320', kind: 'SIREN' });
    expect(checkRegistrationId('FR', '732.829.320-00074')).toEqual({ ok: true, value: '73282932000074', kind: 'SIRET' });
  });

  it('refuses 8, 10, 13 and 15 digits, and letters', () => {
    for (const n of ['73282932', '7328293200', '7328293200007', '732829320000740', '73282932A'])
      expect(checkRegistrationId('FR', n)).toEqual({ ok: false, problem: 'registrationIdLength' });
  });

  it("checks La Poste's SIRETs by the sum of their digits, not by Luhn", () => {
    // 35600000049837: digits add up to 45, a multiple of 5, though Luhn fails.
    expect(luhnValid('35600000049837')).toBe(false);
    expect(checkRegistrationId('FR', '35600000049837')).toEqual({ ok: true, value: '35600000049837', kind: 'SIRET' });
    // 35600000000048 passes Luhn, but its digits add up to 26.
    expect(luhnValid('35600000000048')).toBe(true);
    expect(checkRegistrationId('FR', '35600000000048')).toEqual({ ok: false, problem: 'registrationIdChecksum' });
    // La Poste's SIREN itself follows Luhn.
    expect(checkRegistrationId('FR', '356000000')).toMatchObject({ ok: true, kind: 'SIREN' });
  });

  it('gives the SIREN of a SIRET, and none of a foreign or invalid number', () => {
    expect(sirenOf('FR', '73282932000074')).toBe('732829320');
    expect(sirenOf('FR', '732829320')).toBe('732829320');
    expect(sirenOf('FR', '732829321')).toBeNull();
    expect(sirenOf('ES', 'B04123456')).toBeNull();
  });
});

describe('checkRegistrationId, elsewhere', () => {
  it('keeps a national identifier as typed, trimmed, up to the limit and not above', () => {
    expect(checkRegistrationId('DE', '  HRB 12345  ')).toEqual({ ok: true, value: 'HRB 12345', kind: 'OTHER' });
    expect(checkRegistrationId('ES', 'B'.repeat(REGISTRATION_ID_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(checkRegistrationId('ES', 'B'.repeat(REGISTRATION_ID_MAX_LENGTH + 1))).toEqual({ ok: false, problem: 'registrationIdTooLong' });
  });

  it('is optional: empty or blank means none', () => {
    expect(checkRegistrationId('FR', '   ')).toEqual({ ok: true, value: null, kind: null });
    expect(checkRegistrationId('DE', null)).toEqual({ ok: true, value: null, kind: null });
  });

  it('refuses control characters', () => {
    expect(checkRegistrationId('DE', 'HRB\u0007 1')).toEqual({ ok: false, problem: 'controlCharacters' });
  });
});

describe('the profile and registration schemas', () => {
  const profile = { address: 'Rue 1', postalCode: '69001', vatId: 'FR40123456789', country: { id: 1, alpha2: 'FR' }, city: { id: 2 } };

  it('refuse a French SIREN with a wrong check digit on the registrationId path', () => {
    const r = changeUserInfos.safeParse({ ...profile, registrationId: '732829321' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['registrationId'], message: 'registrationIdChecksum' })]);
  });

  it('accept the legal facts and turn blanks into null', () => {
    const r = changeUserInfos.parse({ ...profile, registrationId: '', legalForm: ' SAS ', shareCapital: 10000.5, registryCity: ' ' });
    expect(r).toMatchObject({ registrationId: null, legalForm: 'SAS', shareCapital: 10000.5, registryCity: null });
  });

  it('refuse a share capital below zero or with fractions of a cent', () => {
    for (const shareCapital of [-1, 10.001, Number.NaN]) expect(changeUserInfos.safeParse({ ...profile, shareCapital }).success).toBe(false);
  });

  it('check the registration form by the country option it carries', () => {
    const base = {
      email: 'a@b.fr',
      password: 'long enough pass',
      companyName: 'Huerta',
      category: 'supplier',
      address: 'x',
      postalCode: '1',
      vatId: 'FR1',
      conditions: true,
      city: { id: 1 },
    };
    expect(registration.safeParse({ ...base, country: { id: 1, alpha2: 'FR' }, registrationId: '12345' }).success).toBe(false);
    expect(registration.safeParse({ ...base, country: { id: 1, alpha2: 'DE' }, registrationId: '12345' }).success).toBe(true);
  });
});
