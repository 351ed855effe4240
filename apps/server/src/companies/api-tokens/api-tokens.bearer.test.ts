import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_SCOPES, dayInParis, todayInParis, type ActivityEntry, type ApiScope } from '@primeur/shared';
import { signedIn, withAdminApp, type TestContext } from '../../../test/build-app.js';
import { multipart } from '../../../test/multipart.js';
import { wonOrderId } from '../../../test/won-order.js';
import { apiTokens } from '../../db/schema/index.js';
import { countryId, createArticle, createPackaging } from '../../db/factories/listings.js';
import { encodePng } from '../../lib/png.js';
import { rolesOf, type Role } from '../../plugins/session.js';

/**
 * `Authorization: Bearer prm_…` on the same routes as the session (decision 1008): the token's company
 * with the same access rules, limited to the token's scopes.
 */
let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let stranger: Party;

beforeAll(async () => {
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sur S.L.' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Lyonnais' });
  stranger = await signedIn(ctx, { category: 'client', companyName: 'Someone Else' });
});

async function tokenOf(who: Party, scopes: readonly ApiScope[], name = 'ERP sync') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/api-tokens', headers: { cookie: who.cookie }, payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
}

const withToken = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, secret: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...headers }, ...(payload === undefined ? {} : { payload }) });

const shipment = () => ({ pallets: 4, netKg: 3200, departureDate: todayInParis(), vehiclePlate: 'AB-123-CD' });
/** A valid lot form with fresh catalog parents (as the marketplace's own tests build it). */
async function lotForm() {
  return {
    articleId: (await createArticle(ctx.db, { article: 'Orange' })).id,
    name: 'Navel oranges, first category',
    caliber: '3',
    originId: await countryId(ctx.db, 'ES'),
    packagingId: (await createPackaging(ctx.db)).id,
    price: 1.25,
    quantity: 12,
    netKgPerPallet: 800,
    boxesPerPallet: 80,
    netKgPerBox: 10,
    availableUntil: dayInParis(7),
    qualityClass: 'I',
  };
}
const photo = { field: 'photos', filename: 'photo.png', content: encodePng(4, 4, () => [200, 60, 40]), contentType: 'image/png' };

const tokenRow = async (id: number) => (await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!;

describe('a token with the right scope', () => {
  it('reads the company’s orders as its session does', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5, 800);
    const { secret } = await tokenOf(buyer, ['orders:read']);
    const byToken = await withToken('GET', '/api/users/orders', secret);
    expect(byToken.statusCode, byToken.body).toBe(200);
    const bySession = await ctx.app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie: buyer.cookie } });
    expect(byToken.json()).toEqual(bySession.json());
    expect(byToken.json().items.map((o: { id: number }) => o.id)).toContain(orderId);
    expect((await withToken('GET', `/api/users/orders/${orderId}`, secret)).statusCode).toBe(200);
  });

  it('answers 404 for another company’s order, as the session does', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5, 800);
    const { secret } = await tokenOf(stranger, ['orders:read', 'invoices:read']);
    const res = await withToken('GET', `/api/users/orders/${orderId}`, secret);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('ships and receives (orders:write), without an Origin and from another origin alike: no CSRF check without a cookie', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5, 800);
    const sellerToken = await tokenOf(seller, ['orders:write']);
    const buyerToken = await tokenOf(buyer, ['orders:write']);
    const shipped = await withToken('POST', `/api/users/orders/${orderId}/ship`, sellerToken.secret, shipment());
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().status).toBe('SHIPPED');
    const received = await withToken(
      'POST',
      `/api/users/orders/${orderId}/receive`,
      buyerToken.secret,
      { pallets: 4, netKg: 3200 },
      {
        origin: 'https://elsewhere.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().status).toBe('DELIVERED');
  });

  it('still meets the Origin check when a session cookie comes with it (the cookie wins)', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5, 800);
    const { secret } = await tokenOf(seller, ['orders:write']);
    const res = await withToken('POST', `/api/users/orders/${orderId}/ship`, secret, shipment(), {
      cookie: seller.cookie,
      origin: 'https://elsewhere.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
  });

  it('creates and edits a supplier’s lot (lots:write); the history names the company as the author, through the token', async () => {
    const { id: tokenId, secret } = await tokenOf(seller, ['lots:write', 'lots:read'], 'Warehouse ERP');
    const form = await lotForm();
    const body = multipart({ data: JSON.stringify(form) }, [photo]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/product/add',
      headers: { ...body.headers, authorization: `Bearer ${secret}` },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const lotId = created.json().productId as number;
    const updated = await withToken('PUT', `/api/users/product/update/${lotId}`, secret, { ...form, name: 'Renamed by the ERP' });
    expect(updated.statusCode, updated.body).toBe(200);
    const history = await ctx.app.inject({ method: 'GET', url: `/api/admin/activity?entity=lot&id=${lotId}`, headers: { cookie: admin } });
    const entries: ActivityEntry[] = history.json().items;
    expect(entries.map((e) => [e.action, e.user?.id, e.apiToken])).toEqual([
      ['update', seller.user.id, { id: tokenId, name: 'Warehouse ERP' }],
      ['create', seller.user.id, { id: tokenId, name: 'Warehouse ERP' }],
    ]);
    expect((await withToken('GET', '/api/users/product/myProducts', secret)).statusCode).toBe(200);
  });
});

describe('a token refused', () => {
  it('lacks the route’s scope: 403 SCOPE_MISSING, naming it', async () => {
    const { secret } = await tokenOf(buyer, ['lots:read']);
    const res = await withToken('GET', '/api/users/orders', secret);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SCOPE_MISSING', error: 'This API token lacks the scope orders:read.' });
    expect(res.headers['www-authenticate']).toBe('Bearer error="insufficient_scope" scope="orders:read"');
    expect((await withToken('GET', '/api/users/invoices', secret)).json().code).toBe('SCOPE_MISSING');
  });

  it('on a route that declares no scope: 403 SCOPE_MISSING, whatever its scopes', async () => {
    const { secret } = await tokenOf(buyer, API_SCOPES);
    for (const url of ['/api/users/userInfos', '/api/users/home', '/api/users/notifications']) {
      const res = await withToken('GET', url, secret);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('SCOPE_MISSING');
    }
    const pw = await withToken('POST', '/api/users/changePassword', secret, { oldPassword: buyer.user.password, newPassword: 'Another-Pass-123!' });
    expect(pw.statusCode).toBe(403);
  });

  it('revoked: 401 TOKEN_INVALID on the very next request', async () => {
    const { id, secret } = await tokenOf(buyer, ['orders:read']);
    expect((await withToken('GET', '/api/users/orders', secret)).statusCode).toBe(200);
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/api/users/api-tokens/${id}`, headers: { cookie: buyer.cookie } });
    expect(revoked.statusCode).toBe(204);
    const res = await withToken('GET', '/api/users/orders', secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it.each([
    ['unknown', `prm_${'A'.repeat(43)}`],
    ['malformed', 'prm_short'],
    ['not one of ours', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
    ['empty', ''],
  ])('%s: 401 TOKEN_INVALID', async (_label, secret) => {
    const res = await withToken('GET', '/api/users/orders', secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('another scheme is no credential: 401 NOT_SIGNED_IN', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/orders', headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_SIGNED_IN');
  });

  it.each([
    ['access_token', (s: string) => `/api/users/orders?access_token=${s}`],
    ['token', (s: string) => `/api/users/orders?token=${s}`],
    ['any other name', (s: string) => `/api/users/orders?page=1&key=${s}`],
    ['a public route', (s: string) => `/api/health?access_token=${s}`],
  ])('in the address (%s): 400 TOKEN_IN_URL, even beside a valid header', async (_label, url) => {
    const { secret } = await tokenOf(buyer, ['orders:read']);
    const res = await withToken('GET', url(secret), secret);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOKEN_IN_URL');
  });
});

describe('the last use', () => {
  it('is written with the address, at most once a minute', async () => {
    const { id, secret } = await tokenOf(buyer, ['orders:read']);
    expect(await tokenRow(id)).toMatchObject({ lastUsedAt: null, lastUsedIp: null });
    await withToken('GET', '/api/users/orders', secret);
    const first = await tokenRow(id);
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    expect(first.lastUsedIp).toBe('127.0.0.1');
    await withToken('GET', '/api/users/orders', secret);
    expect((await tokenRow(id)).lastUsedAt).toEqual(first.lastUsedAt);

    await ctx.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiTokens.id, id));
    const before = (await tokenRow(id)).lastUsedAt!;
    await withToken('GET', '/api/users/orders', secret);
    expect((await tokenRow(id)).lastUsedAt!.getTime()).toBeGreaterThan(before.getTime());
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/users/api-tokens', headers: { cookie: buyer.cookie } });
    expect(listed.json().find((t: { id: number }) => t.id === id)).toMatchObject({ lastUsedAt: expect.any(String), lastUsedIp: '127.0.0.1' });
  });
});

describe('every route and a token', () => {
  it('the orders and invoices routes a token reads or moves carry their scope', () => {
    const expected: Record<string, string> = {
      'GET /api/users/orders': 'orders:read',
      'GET /api/users/orders/:id': 'orders:read',
      'GET /api/users/orders/:id/confirmation.pdf': 'orders:read',
      'GET /api/users/orders/:id/cmr.pdf': 'orders:read',
      'GET /api/users/orders/:id/delivery-note.pdf': 'orders:read',
      'POST /api/users/orders/:id/ship': 'orders:write',
      'POST /api/users/orders/:id/receive': 'orders:write',
      'GET /api/users/invoices': 'invoices:read',
      'GET /api/users/invoices/:id': 'invoices:read',
      'GET /api/users/invoices/:id.pdf': 'invoices:read',
      'GET /api/users/invoices/:id.xml': 'invoices:read',
    };
    for (const [key, scope] of Object.entries(expected)) {
      const route = ctx.app.declaredRoutes.find((r) => `${r.method} ${r.url}` === key);
      expect(route?.scope, key).toBe(scope);
    }
  });

  it('a token with every scope passes exactly the routes that declare one and admit its role; the others answer 403', async () => {
    const tokens: Record<'buyer' | 'supplier', string> = {
      buyer: (await tokenOf(buyer, API_SCOPES)).secret,
      supplier: (await tokenOf(seller, API_SCOPES)).secret,
    };
    const failures: string[] = [];
    const scoped: string[] = [];
    for (const route of ctx.app.declaredRoutes) {
      if (route.access === 'public') continue;
      if (route.scope) scoped.push(`${route.method} ${route.url}`);
      for (const role of ['buyer', 'supplier'] as const satisfies readonly Role[]) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z]+/g, '999999'),
          headers: { authorization: `Bearer ${tokens[role]}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined;
        const key = `${route.method} ${route.url} as ${role}'s token`;
        if (!rolesOf(route.access).includes(role)) {
          if (res.statusCode !== 403) failures.push(`${key}: expected a role refusal, got ${res.statusCode} ${code}`);
        } else if (!route.scope) {
          if (res.statusCode !== 403 || code !== 'SCOPE_MISSING') failures.push(`${key}: expected SCOPE_MISSING, got ${res.statusCode} ${code}`);
        } else if (res.statusCode === 401 || (res.statusCode === 403 && ['SCOPE_MISSING', 'FORBIDDEN', 'SUPPLIERS_ONLY', 'BUYERS_ONLY'].includes(code!))) {
          failures.push(`${key}: refused (${res.statusCode} ${code})`);
        } else if (res.statusCode >= 500) failures.push(`${key}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(scoped.length).toBeGreaterThanOrEqual(25);
  });
});
