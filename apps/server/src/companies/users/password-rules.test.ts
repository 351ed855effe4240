import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../../db/factories.js';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function register(password: string, email = `p${Math.random().toString(36).slice(2)}@example.test`) {
  return ctx.app.inject({ method: 'POST', url: '/auth/register', payload: await registrationBody(ctx.db, { email, password }) });
}

describe('password rules', () => {
  it.each(['12345678', 'password', '        ', 'motdepasse', 'Passwort1', 'azertyuiop', 'Vergers du Sud'])(
    'refuses the weak password %j at registration',
    async (pw) => {
      const res = await register(pw);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', details: [{ path: 'password' }] });
    },
  );

  it('accepts a strong password at registration', async () => {
    expect((await register('Orange-grove 2026 Valencia')).statusCode).toBe(201);
  });

  it('refuses a new password equal to the current one, and a weak one, on change', async () => {
    const { cookie } = await signedIn(ctx, { password: 'Current-pass-Lyon-7' });
    const change = (oldPassword: string, newPassword: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/changePassword', headers: { cookie }, payload: { oldPassword, newPassword } });
    const same = await change('Current-pass-Lyon-7', 'Current-pass-Lyon-7');
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('SAME_PASSWORD');
    const weak = await change('Current-pass-Lyon-7', 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    expect((await change('Current-pass-Lyon-7', 'Brand new; Marseille 99')).statusCode).toBe(200);
  });

  describe('POST /auth/password-strength (the meter, decision 840)', () => {
    const check = (payload: unknown, cookie?: string) =>
      ctx.app.inject({ method: 'POST', url: '/auth/password-strength', payload: payload as object, headers: cookie ? { cookie } : {} });

    it('answers the score the registration refusal uses, for a visitor', async () => {
      for (const pw of ['12345678', 'motdepasse', 'Passwort1']) {
        const res = await check({ password: pw });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ strong: false });
        expect(res.json().score).toBeLessThan(3);
        expect((await register(pw)).json().code).toBe('WEAK_PASSWORD');
      }
      const strong = await check({ password: 'Orange-grove 2026 Valencia' });
      expect(strong.statusCode).toBe(200);
      expect(strong.json()).toMatchObject({ strong: true });
      expect(strong.json().score).toBeGreaterThanOrEqual(3);
    });

    it("counts the user's own data as guessable", async () => {
      const alone = await check({ password: 'Vergers du Sud 1' });
      const withCompany = await check({ password: 'Vergers du Sud 1', userInputs: ['vergers@example.test', 'Vergers du Sud 1'] });
      expect(withCompany.json().score).toBeLessThan(alone.json().score);
      expect(withCompany.json().strong).toBe(false);
    });

    it.each([
      ['an empty password', { password: '' }],
      ['a NUL byte', { password: 'abc\u0000def' }],
      ['a password past the length limit', { password: 'x'.repeat(257) }],
      ['too many user inputs', { password: 'Orange-grove 2026', userInputs: ['a', 'b', 'c', 'd', 'e'] }],
      ['a number', { password: 12345678 }],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, payload) => {
      const res = await check(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });
  });
});
