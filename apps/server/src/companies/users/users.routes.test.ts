import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser, placeIn } from '../../db/factories.js';
import { outbox, sessions, users } from '../../db/schema/index.js';
import { createTestApp, login, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { eventsOf } from '../../events/events.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/users/isLoggedIn', () => {
  it.each([
    ['admin', 1, 'ADMIN'],
    ['client', 2, 'CLIENT'],
    ['supplier', 3, 'SUPPLIER'],
  ] as const)('answers a list whose first element is the authorities of a %s', async (category, roleId, name) => {
    const { cookie } = await signedIn(ctx, { category });
    const res = await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([[{ roleId, name }]]);
  });

  it('answers 401 without a session or with a forged one', async () => {
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: 'primeur_sid=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
  });

  it('expires a session idle for longer than the idle limit', async () => {
    const { user, cookie } = await signedIn(ctx);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - ctx.config.session.idleMs - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie } })).statusCode).toBe(401);
  });

  it('expires a session past its absolute lifetime', async () => {
    const { user, cookie } = await signedIn(ctx);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('GET /api/users/userInfos', () => {
  it('answers the signed-in user with city and country', async () => {
    const { user, cookie } = await signedIn(ctx, {
      category: 'supplier',
      country: 'ES',
      city: 'Almería',
      companyName: 'Finca Sol',
      globalGapNumber: '4049929',
    });
    const res = await ctx.app.inject({ url: '/api/users/userInfos', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: user.id,
      username: user.email,
      companyName: 'Finca Sol',
      category: 'supplier',
      city: { name: 'Almería' },
      country: { alpha2: 'ES', name: 'Spain' },
      globalGapNumber: '4049929',
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });
});

describe('POST /api/users/changeUserInfos', () => {
  it('updates the editable company data', async () => {
    const { cookie } = await signedIn(ctx);
    const de = await placeIn(ctx.db, 'DE', 'Hamburg');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/changeUserInfos',
      headers: { cookie },
      payload: {
        address: 'Banksstraße 1',
        postalCode: '20097',
        vatId: 'DE999',
        globalGapNumber: null,
        country: { id: de.country.id },
        city: { id: de.city.id },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: 'Banksstraße 1', postalCode: '20097', vatId: 'DE999', city: { name: 'Hamburg' }, country: { alpha2: 'DE' } });
  });

  it.each(['address', 'postalCode', 'vatId'])('refuses an empty %s and changes nothing', async (field) => {
    const { user, cookie } = await signedIn(ctx);
    const fr = await placeIn(ctx.db, 'FR');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/changeUserInfos',
      headers: { cookie },
      payload: { address: 'A', postalCode: 'B', vatId: 'C', country: { id: fr.country.id }, city: { id: fr.city.id }, [field]: '' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.address).toBe(user.address);
  });

  it('refuses a city outside the country', async () => {
    const { cookie } = await signedIn(ctx);
    const fr = await placeIn(ctx.db, 'FR');
    const es = await placeIn(ctx.db, 'ES');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/changeUserInfos',
      headers: { cookie },
      payload: { address: 'A', postalCode: 'B', vatId: 'C', country: { id: fr.country.id }, city: { id: es.city.id } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the company registration identifier and legal facts (decision 968)', () => {
  const change = async (cookie: string, alpha2: string, extra: Record<string, unknown>, countryExtra: Record<string, unknown> = {}) => {
    const place = await placeIn(ctx.db, alpha2);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/users/changeUserInfos',
      headers: { cookie },
      payload: { address: 'A', postalCode: 'B', vatId: 'C', country: { id: place.country.id, ...countryExtra }, city: { id: place.city.id }, ...extra },
    });
  };

  it('stores a French SIRET typed with spaces as its 14 digits, with the legal form, capital and RCS city', async () => {
    const { user, cookie } = await signedIn(ctx);
    const res = await change(cookie, 'FR', { registrationId: '732 829 320 00074', legalForm: 'SAS', shareCapital: 15000.5, registryCity: 'Lyon' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ registrationId: '73282932000074', legalForm: 'SAS', shareCapital: 15000.5, registryCity: 'Lyon' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ registrationId: '73282932000074', shareCapital: '15000.50' });
  });

  it.each([
    ['a wrong check digit', '732829321', 'registrationIdChecksum'],
    ['ten digits', '7328293200', 'registrationIdLength'],
    ['a SIRET with a wrong check digit', '73282932000075', 'registrationIdChecksum'],
  ])('refuses a French identifier with %s (the country known by id only) and changes nothing', async (_what, id, message) => {
    const { user, cookie } = await signedIn(ctx);
    const res = await change(cookie, 'FR', { registrationId: id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'registrationId', message }] });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.address).toBe(user.address);
  });

  it('checks by the country found by id, not by the alpha-2 code the form claims', async () => {
    const { cookie } = await signedIn(ctx);
    const res = await change(cookie, 'FR', { registrationId: 'HRB 1' }, { alpha2: 'DE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ path: 'registrationId', message: 'registrationIdLength' }] });
  });

  it("keeps another country's identifier as free text up to 40 characters, and refuses 41 or a negative capital", async () => {
    const { cookie } = await signedIn(ctx);
    const ok = await change(cookie, 'DE', { registrationId: `  HRB ${'1'.repeat(36)}  ` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ registrationId: `HRB ${'1'.repeat(36)}` });
    expect((await change(cookie, 'DE', { registrationId: 'H'.repeat(41) })).statusCode).toBe(400);
    expect((await change(cookie, 'DE', { shareCapital: -1 })).statusCode).toBe(400);
    const cleared = await change(cookie, 'DE', { registrationId: '' });
    expect(cleared.json()).toMatchObject({ registrationId: null });
  });

  it("lets the back office correct a company's legal facts by its own country's rule, and nobody else", async () => {
    const { user, cookie } = await signedIn(ctx, { country: 'FR' });
    const admin = await signedIn(ctx, { category: 'admin' });
    const put = (who: string, payload: object, id: number | string = user.id) =>
      ctx.app.inject({ method: 'PUT', url: `/api/admin/user/${id}/legal`, headers: { cookie: who }, payload });
    const ok = await put(admin.cookie, { registrationId: '732-829-320', legalForm: 'SAS', shareCapital: 1000, registryCity: 'Lyon' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ userId: user.id, registrationId: '732829320', legalForm: 'SAS', shareCapital: 1000, registryCity: 'Lyon' });
    const bad = await put(admin.cookie, { registrationId: '732829321' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'registrationId', message: 'registrationIdChecksum' }] });
    expect((await put(cookie, { registrationId: '732829320' })).statusCode).toBe(403);
    expect((await put(admin.cookie, { registrationId: '732829320' }, 999_999)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ registrationId: '732829320', shareCapital: '1000.00' });
  });

  it('shows the identifier on the admin user cards', async () => {
    const { cookie } = await signedIn(ctx);
    await change(cookie, 'FR', { registrationId: '732829320' });
    const admin = await signedIn(ctx, { category: 'admin' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/getAllBP', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ registrationId: string | null }>).some((c) => c.registrationId === '732829320')).toBe(true);
  });
});

describe('POST /api/users/changePassword', () => {
  it('changes the password and ends the other sessions of the user', async () => {
    const u = await createUser(ctx.db, { password: 'Old-pass-123' });
    const here = await login(ctx.app, u.email, 'Old-pass-123');
    const elsewhere = await login(ctx.app, u.email, 'Old-pass-123');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { cookie: here },
      payload: { oldPassword: 'Old-pass-123', newPassword: 'New-pass-456' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: here } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    await expect(login(ctx.app, u.email, 'Old-pass-123')).rejects.toThrow(/401/);
    await login(ctx.app, u.email, 'New-pass-456');
  });

  it('refuses a wrong current password with 400 WRONG_PASSWORD', async () => {
    const { cookie } = await signedIn(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { cookie },
      payload: { oldPassword: 'not-it-at-all', newPassword: 'New-pass-456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
  });

  it.each([[{ oldPassword: '', newPassword: 'New-pass-456' }], [{ oldPassword: 'Password-123', newPassword: 'short' }], [{ oldPassword: 'Password-123' }]])(
    'refuses %j with 400',
    async (payload) => {
      const { cookie } = await signedIn(ctx);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/changePassword', headers: { cookie }, payload });
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('admin user management', () => {
  it('lists user cards with category labels, place and status', async () => {
    const { cookie } = await signedIn(ctx, { category: 'admin' });
    await createUser(ctx.db, { category: 'client', companyName: 'Zz Buyer', country: 'SE', active: false });
    const res = await ctx.app.inject({ url: '/api/admin/getAllBP', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const card = res.json().find((c: { companyName: string }) => c.companyName === 'Zz Buyer');
    expect(card).toMatchObject({ category: 'buyer', status: false, country: { alpha2: 'SE', name: 'Sweden' } });
    expect(card.city.name).toEqual(expect.any(String));
    expect(card).not.toHaveProperty('passwordHash');
  });

  it('toggles a user, answers the new list, and ends every session of a disabled user', async () => {
    const { cookie } = await signedIn(ctx, { category: 'admin' });
    const target = await createUser(ctx.db, { password: 'Target-pass-1' });
    const targetCookie = await login(ctx.app, target.email, 'Target-pass-1');
    const off = await ctx.app.inject({ method: 'PUT', url: `/api/admin/user/status/${target.id}`, headers: { cookie } });
    expect(off.statusCode).toBe(200);
    expect(off.json().find((c: { userId: number }) => c.userId === target.id).status).toBe(false);
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: targetCookie } })).statusCode).toBe(401);
    const blocked = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email: target.email, password: 'Target-pass-1' } });
    expect(blocked.statusCode).toBe(403);
    const on = await ctx.app.inject({ method: 'PUT', url: `/api/admin/user/status/${target.id}`, headers: { cookie } });
    expect(on.json().find((c: { userId: number }) => c.userId === target.id).status).toBe(true);
    await login(ctx.app, target.email, 'Target-pass-1');
  });

  it('emails the company in its language when its account is activated, and not when it is disabled', async () => {
    const { cookie } = await signedIn(ctx, { category: 'admin' });
    const pending = await createUser(ctx.db, { email: 'pending.fr@example.test', companyName: 'Vergers <Test> & Fils', country: 'FR', active: false });
    const on = await ctx.app.inject({ method: 'PUT', url: `/api/admin/user/status/${pending.id}`, headers: { cookie } });
    expect(on.statusCode).toBe(200);
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'pending.fr@example.test'));
    expect(queued).toHaveLength(1);
    // Queued with its mail.queued event in the activation's transaction; the mail-delivery processor sends it.
    expect(queued[0]).toMatchObject({ status: 'pending' });
    expect((await eventsOf(ctx.db, 'mail', queued[0]!.id)).map((e) => e.name)).toEqual(['mail.queued']);
    await settle(ctx);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'pending.fr@example.test'));
    expect(mails).toHaveLength(1);
    // No SMTP server in tests: the message waits in the outbox, in French, with the company escaped in HTML.
    expect(mails[0]).toMatchObject({ language: 'fr', subject: 'Votre compte Primeur est activé', status: 'outbox' });
    expect(mails[0]!.textBody).toContain('pending.fr@example.test');
    expect(mails[0]!.htmlBody).toContain('Vergers &lt;Test&gt; &amp; Fils');
    await ctx.app.inject({ method: 'PUT', url: `/api/admin/user/status/${pending.id}`, headers: { cookie } });
    await settle(ctx);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'pending.fr@example.test'))).toHaveLength(1);
  });

  it('refuses to let an admin disable itself', async () => {
    const { user, cookie } = await signedIn(ctx, { category: 'admin' });
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/admin/user/status/${user.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CANNOT_DISABLE_SELF' });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    const { cookie } = await signedIn(ctx, { category: 'admin' });
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/admin/user/status/999999', headers: { cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/admin/user/status/abc', headers: { cookie } })).statusCode).toBe(400);
  });
});
