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
});
