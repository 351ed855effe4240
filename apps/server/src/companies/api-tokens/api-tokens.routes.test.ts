import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_TOKENS_PER_COMPANY, type ActivityEntry, type ApiScope } from '@primeur/shared';
import { createTestApp, signedIn, testConfig, withAdminApp, type TestContext } from '../../../test/build-app.js';
import { apiTokens } from '../../db/schema/index.js';
import { createUser } from '../../db/factories.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

type Party = Awaited<ReturnType<typeof signedIn>>;
const URL = '/api/users/api-tokens';

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const create = (who: Party, name: string, scopes: string[]) => send('POST', URL, who.cookie, { name, scopes });

/** A token's secret, made through the API as the company would. */
async function tokenOf(who: Party, scopes: ApiScope[], name = 'ERP sync'): Promise<string> {
  const res = await create(who, name, scopes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().secret;
}

const rowsOf = (companyId: number) => ctx.db.select().from(apiTokens).where(eq(apiTokens.companyId, companyId));

describe('a company creates, lists and revokes its API tokens', () => {
  it('shows the secret once, keeps only its SHA-256 and a short prefix, and never lists it', async () => {
    const buyer = await signedIn(ctx, { category: 'client' });
    const res = await create(buyer, 'ERP sync', ['orders:read', 'invoices:read']);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toContain('no-store');
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'ERP sync',
      prefix: created.secret.slice(0, 10),
      scopes: ['orders:read', 'invoices:read'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      lastUsedIp: null,
      secret: expect.stringMatching(/^prm_[0-9A-Za-z]{43}$/),
    });

    const [row] = await rowsOf(buyer.user.id);
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(Object.values(row!)).not.toContain(created.secret);

    const list = await send('GET', URL, buyer.cookie);
    expect(list.statusCode).toBe(200);
    const { secret: _secret, ...shown } = created;
    expect(list.json()).toEqual([shown]);
    expect(list.body).not.toContain(created.secret.slice(10));
  });

  it('makes a different secret each time', async () => {
    const supplier = await signedIn(ctx, { category: 'supplier' });
    const a = await tokenOf(supplier, ['lots:read']);
    const b = await tokenOf(supplier, ['lots:read']);
    expect(a).not.toBe(b);
  });

  it.each([
    ['an empty name', 400, ''],
    ['a name of spaces', 400, '   '],
    ['a name of 60 characters', 201, 'x'.repeat(60)],
    ['a name of 61 characters', 400, 'x'.repeat(61)],
    ['a name with a line break', 400, 'ERP\nsync'],
    ['a name with a right-to-left override', 400, 'ERP\u202esync'],
  ])('answers %s with %i', async (_label, status, name) => {
    const buyer = await signedIn(ctx, { category: 'client' });
    expect((await create(buyer, name, ['orders:read'])).statusCode).toBe(status);
  });

  it('trims the name', async () => {
    const buyer = await signedIn(ctx, { category: 'client' });
    expect((await create(buyer, '  Warehouse  ', ['lots:read'])).json().name).toBe('Warehouse');
  });

  it.each([
    ['an unknown scope', ['orders:read', 'orders:delete']],
    ['no scope', []],
    ['a scope twice', ['lots:read', 'lots:read']],
  ])('refuses %s with 400 and stores nothing', async (_label, scopes) => {
    const buyer = await signedIn(ctx, { category: 'client' });
    const res = await create(buyer, 'ERP', scopes);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(await rowsOf(buyer.user.id)).toEqual([]);
  });

  it('revokes a token of its own, again without error, and answers 404 for another company’s', async () => {
    const buyer = await signedIn(ctx, { category: 'client' });
    const other = await signedIn(ctx, { category: 'client' });
    const mine = (await create(buyer, 'Mine', ['orders:read'])).json();
    const theirs = (await create(other, 'Theirs', ['orders:read'])).json();

    expect((await send('DELETE', `${URL}/${theirs.id}`, buyer.cookie)).statusCode).toBe(404);
    expect((await send('GET', URL, other.cookie)).json()).toHaveLength(1);
    expect((await send('DELETE', `${URL}/999999`, buyer.cookie)).statusCode).toBe(404);

    expect((await send('DELETE', `${URL}/${mine.id}`, buyer.cookie)).statusCode).toBe(204);
    expect((await send('GET', URL, buyer.cookie)).json()).toEqual([]);
    expect((await send('DELETE', `${URL}/${mine.id}`, buyer.cookie)).statusCode).toBe(204);
    const [row] = await rowsOf(buyer.user.id);
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses the operator’s staff (403): they have no tokens', async () => {
    expect((await send('GET', URL, admin)).statusCode).toBe(403);
    expect((await send('POST', URL, admin, { name: 'x', scopes: ['orders:read'] })).json().code).toBe('FORBIDDEN');
    expect((await send('DELETE', `${URL}/1`, admin)).statusCode).toBe(403);
  });

  it(`holds at most ${API_TOKENS_PER_COMPANY} live tokens, and one more once one is revoked`, async () => {
    const supplier = await signedIn(ctx, { category: 'supplier' });
    const ids: number[] = [];
    for (let i = 0; i < API_TOKENS_PER_COMPANY; i++) ids.push((await create(supplier, `T${i}`, ['lots:read'])).json().id);
    const refused = await create(supplier, 'One more', ['lots:read']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_API_TOKENS', max: API_TOKENS_PER_COMPANY });
    await send('DELETE', `${URL}/${ids[0]}`, supplier.cookie);
    expect((await create(supplier, 'One more', ['lots:read'])).statusCode).toBe(201);
  });

  it('records the creation and the revocation in the change history of the company, never the secret', async () => {
    const buyer = await signedIn(ctx, { category: 'client' });
    const created = (await create(buyer, 'ERP', ['orders:read', 'orders:write'])).json();
    await send('DELETE', `${URL}/${created.id}`, buyer.cookie);
    const res = await send('GET', `/api/admin/activity?entity=user&id=${buyer.user.id}`, admin);
    const entries: ActivityEntry[] = res.json().items;
    const shown = `“ERP” #${created.id}: orders:read, orders:write`;
    expect(entries.map((e) => [e.action, e.user?.id, e.changes])).toEqual([
      ['update', buyer.user.id, [{ field: 'apiAccess', from: shown, to: null }]],
      ['update', buyer.user.id, [{ field: 'apiAccess', from: null, to: shown }]],
    ]);
    expect(res.body).not.toContain(created.secret.slice(4));
  });
});

describe('the token routes take no token', () => {
  it('refuses a bearer token on them with 403 SCOPE_MISSING: only a session manages tokens', async () => {
    const buyer = await signedIn(ctx, { category: 'client' });
    const secret = await tokenOf(buyer, ['orders:read', 'orders:write', 'invoices:read', 'lots:read', 'lots:write']);
    const auth = { authorization: `Bearer ${secret}` };
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { name: 'Child', scopes: ['orders:read'] }],
    ] as const) {
      const res = await ctx.app.inject({ method, url: URL, headers: auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${res.body}`).toBe(403);
      expect(res.json().code).toBe('SCOPE_MISSING');
    }
    expect((await rowsOf(buyer.user.id)).length).toBe(1);
  });
});

describe('an inactive company', () => {
  it('cannot use its tokens (401)', async () => {
    const buyer = await signedIn(ctx, { category: 'client' });
    const secret = await tokenOf(buyer, ['orders:read']);
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/users/orders', headers: { authorization: `Bearer ${secret}` } });
    expect(ok.statusCode).toBe(200);
    const res = await send('PUT', `/api/admin/user/status/${buyer.user.id}`, admin);
    expect(res.statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/users/orders', headers: { authorization: `Bearer ${secret}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('TOKEN_INVALID');
  });
});

describe('the token bucket', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { ...testConfig().rateLimits, apiToken: { max: 3, windowMs: 60_000 } }, rateLimitFactor: 1 });
  });
  afterAll(() => limited.close());

  it('limits each token on its own (429 with Retry-After), not its company’s session', async () => {
    const user = await createUser(limited.db, { category: 'client' });
    const cookie = `primeur_sid=${await limited.app.sessions.create(user.id)}`;
    const make = async () =>
      (await limited.app.inject({ method: 'POST', url: URL, headers: { cookie }, payload: { name: 'ERP', scopes: ['orders:read'] } })).json().secret as string;
    const [first, second] = [await make(), await make()];
    const get = (headers: Record<string, string>) => limited.app.inject({ method: 'GET', url: '/api/users/orders', headers });
    for (let i = 0; i < 3; i++) expect((await get({ authorization: `Bearer ${first}` })).statusCode).toBe(200);
    const refused = await get({ authorization: `Bearer ${first}` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get({ authorization: `Bearer ${second}` })).statusCode).toBe(200);
    expect((await get({ cookie })).statusCode).toBe(200);
  });
});
