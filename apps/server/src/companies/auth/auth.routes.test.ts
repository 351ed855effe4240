import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { placeIn, createUser } from '../../db/factories.js';
import { sessions, users } from '../../db/schema/index.js';
import { createTestApp, login, sessionCookie, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let es: Awaited<ReturnType<typeof placeIn>>;
let fr: Awaited<ReturnType<typeof placeIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ loginLimits: { perAccountAddress: 3, perIp: 6, windowMs: 60_000, perAccount: 5, accountWindowMs: 120_000 } });
  es = await placeIn(ctx.db, 'ES', 'Almería');
  fr = await placeIn(ctx.db, 'FR');
});
afterAll(() => ctx.close());

const validRegistration = (over: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Sup3r-secret-Almeria',
  companyName: 'Tomates del Sur S.L.',
  category: 'supplier',
  country: { id: es.country.id, name: 'Spain', alpha2: 'ES' },
  city: { id: es.city.id, name: es.city.name },
  address: 'Calle Mayor 1',
  postalCode: '04001',
  vatId: 'ESB12345678',
  globalGapNumber: '',
  conditions: true,
  ...over,
});

describe('POST /auth/register', () => {
  it('creates an inactive account and answers 201', async () => {
    const body = validRegistration({ email: 'Mixed.Case@Example.test', category: 'buyer' });
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'mixed.case@example.test'));
    expect(row).toMatchObject({ active: false, category: 'client', companyName: 'Tomates del Sur S.L.', cityId: es.city.id });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.globalGapNumber).toBeNull();
  });

  it('refuses an email already registered with 409, whatever its case', async () => {
    const body = validRegistration({ email: 'twice@example.test' });
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/register', payload: body })).statusCode).toBe(201);
    const again = await ctx.app.inject({ method: 'POST', url: '/auth/register', payload: { ...body, email: 'TWICE@example.test' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: '' }],
    ['password', { password: 'short' }],
    ['companyName', { companyName: '   ' }],
    ['category', { category: 'admin' }],
    ['category', { category: undefined }],
    ['conditions', { conditions: false }],
    ['address', { address: '' }],
    ['postalCode', { postalCode: '' }],
    ['vatId', { vatId: '' }],
    ['country', { country: undefined }],
    ['city', { city: undefined }],
  ])('refuses an invalid %s with 400 and details', async (field, over) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/register', payload: validRegistration(over) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path).join(' ')).toContain(field);
  });

  it('stores a French SIREN typed with spaces as its digits, and refuses one with a wrong check digit (decision 968)', async () => {
    const place = { country: { id: fr.country.id }, city: { id: fr.city.id } };
    const ok = validRegistration({ ...place, email: 'siren@example.test', registrationId: ' 732 829 320 ', legalForm: 'SARL', shareCapital: 8000 });
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/register', payload: ok })).statusCode).toBe(201);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'siren@example.test'));
    expect(row).toMatchObject({ registrationId: '732829320', legalForm: 'SARL', shareCapital: '8000.00' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: validRegistration({ ...place, email: 'bad-siren@example.test', registrationId: '732829321' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'registrationId', message: 'registrationIdChecksum' }] });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'bad-siren@example.test'))).toEqual([]);
  });

  it('refuses a city that is not in the chosen country', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: validRegistration({ city: { id: fr.city.id, name: fr.city.name } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('city');
  });

  it('refuses an unknown country', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/register', payload: validRegistration({ country: { id: 999_999 } }) });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body that is not JSON without a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses text/plain bodies, which cross-site forms could send', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(validRegistration()),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /auth/login', () => {
  /** A sign-in attempt from one client address (the limits count per address, per account and both). */
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { email, password } });

  it('signs in an active user with an httpOnly SameSite=Lax session cookie', async () => {
    const u = await createUser(ctx.db, { email: 'active@example.test', password: 'Right-pass-1' });
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'ACTIVE@example.test', password: 'Right-pass-1' } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'primeur_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const stored = await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(cookie.value); // only the hash is stored
  });

  it('gives a new session id at every sign-in and ends the one presented', async () => {
    const u = await createUser(ctx.db, { password: 'Right-pass-1' });
    const first = await login(ctx.app, u.email, u.password);
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', headers: { cookie: first }, payload: { email: u.email, password: u.password } });
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    await createUser(ctx.db, { email: 'known@example.test', password: 'Right-pass-1' });
    const wrong = await loginFrom('10.0.0.1', 'known@example.test', 'nope-nope');
    const unknown = await loginFrom('10.0.0.1', 'nobody@example.test', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers 403 awaiting validation to an inactive account with the right password only', async () => {
    await createUser(ctx.db, { email: 'pending@example.test', password: 'Right-pass-1', active: false });
    const right = await loginFrom('10.0.0.2', 'pending@example.test', 'Right-pass-1');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
    expect(right.json().error).toMatch(/validation/i);
    const wrong = await loginFrom('10.0.0.2', 'pending@example.test', 'Wrong-pass-1');
    expect(wrong.statusCode).toBe(401);
  });

  it('rate-limits an account globally once failures from many addresses reach the slower per-account limit', async () => {
    await createUser(ctx.db, { email: 'target@example.test', password: 'Right-pass-1' });
    for (let i = 0; i < 5; i++) {
      const r = await loginFrom(`10.1.0.${i}`, 'target@example.test', 'bad-guess');
      expect(r.statusCode).toBe(401);
    }
    const blocked = await loginFrom('10.1.0.9', 'target@example.test', 'Right-pass-1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate-limits failed attempts per IP but never counts successful sign-ins', async () => {
    const ok = await createUser(ctx.db, { password: 'Right-pass-1' });
    // Many successful sign-ins from one office IP do not lock it out.
    for (let i = 0; i < 10; i++) await login(ctx.app, ok.email, ok.password);
    for (let i = 0; i < 6; i++) {
      await loginFrom('10.2.0.1', `x${i}@example.test`, 'bad-guess');
    }
    const blocked = await loginFrom('10.2.0.1', ok.email, ok.password);
    expect(blocked.statusCode).toBe(429);
    const otherIp = await loginFrom('10.2.0.2', ok.email, ok.password);
    expect(otherIp.statusCode).toBe(200);
  });

  it('refuses a malformed body with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a cross-site sign-in attempt', async () => {
    const u = await createUser(ctx.db, { password: 'Right-pass-1' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
  });
});

describe('GET /auth/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const u = await createUser(ctx.db, { password: 'Right-pass-1' });
    const cookie = await login(ctx.app, u.email, u.password);
    const res = await ctx.app.inject({ url: '/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'primeur_sid')?.value).toBe('');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie } })).statusCode).toBe(401);
  });
});
