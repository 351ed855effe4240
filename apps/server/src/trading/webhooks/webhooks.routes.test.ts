import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WEBHOOK_ENDPOINTS_PER_COMPANY, type ActivityEntry, type CreatedWebhook, type WebhookEndpoint } from '@primeur/shared';
import { signedIn, type TestContext } from '../../../test/build-app.js';
import { appendFeedEntry, webhookTestApp } from '../../../test/webhooks.js';
import { webhookEndpoints } from '../../db/schema/index.js';

/**
 * Managing webhook endpoints (decision 1012): a company adds, lists, changes, switches off and on,
 * rotates and deletes its endpoints with its session; the address is checked against server-side
 * request forgery when it is saved; bad input is a 400, another company's endpoint a 404.
 */
const hosts = {
  'hooks.example.com': ['93.184.216.34'],
  'evil.example.com': ['127.0.0.1'],
  'meta.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '192.168.0.7'],
  localhost: ['127.0.0.1', '::1'],
};
let ctx: TestContext;
/** The same app in production mode (NODE_ENV unset): https only, never the local machine. */
let prod: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let buyer: Party;
let supplier: Party;
let rival: Party;
let admin: Party;

beforeAll(async () => {
  ctx = await webhookTestApp(hosts);
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Hooks SAS', country: 'FR' });
  supplier = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Hooks S.L.', country: 'ES' });
  rival = await signedIn(ctx, { category: 'client', companyName: 'Rival Hooks GmbH', country: 'DE' });
  admin = await signedIn(ctx, { category: 'admin' });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await prod?.close();
});

const URL = '/api/users/webhooks';
const send = (c: TestContext, who: Party | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  c.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const call = (who: Party | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => send(ctx, who, method, url, payload);

async function create(who: Party, body: object): Promise<CreatedWebhook> {
  const res = await call(who, 'POST', URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const codeOf = async (who: Party, body: object, c = ctx) => {
  const res = await send(c, who, 'POST', URL, body);
  return res.statusCode === 201 ? 201 : `${res.statusCode} ${(res.json() as { code: string }).code}`;
};

describe('a company manages its webhook endpoints', () => {
  it('adds one with a secret shown once, lists it without the secret, starting from the feed as it is now', async () => {
    await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 1 });
    await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 1 });
    const made = await create(buyer, { url: 'https://HOOKS.example.com/primeur?k=1', types: ['order.shipped', 'invoice.issued'] });
    expect(made).toEqual({
      id: expect.any(Number),
      url: 'https://hooks.example.com/primeur?k=1',
      types: ['order.shipped', 'invoice.issued'],
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      createdAt: expect.any(String),
      position: 2,
      failingSince: null,
      backlog: 0,
      lastAttempt: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const listed = (await call(buyer, 'GET', URL)).json() as WebhookEndpoint[];
    expect(listed).toEqual([{ ...made, secret: undefined }].map(({ secret: _s, ...e }) => e));
    // Every type when none is given.
    expect((await create(buyer, { url: 'https://hooks.example.com/all' })).types).toEqual([]);
    // Nobody else sees them.
    expect((await call(rival, 'GET', URL)).json()).toEqual([]);
  });

  it('changes the address and the types, switches it off and on, and records each change in the history', async () => {
    const { id } = await create(supplier, { url: 'https://hooks.example.com/a' });
    let res = await call(supplier, 'PATCH', `${URL}/${id}`, { url: 'https://hooks.example.com/b', types: ['lot.sold'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ url: 'https://hooks.example.com/b', types: ['lot.sold'], enabled: true });
    res = await call(supplier, 'PATCH', `${URL}/${id}`, { enabled: false });
    expect(res.json()).toMatchObject({ enabled: false, disabledReason: 'manual', disabledAt: expect.any(String) });
    res = await call(supplier, 'PATCH', `${URL}/${id}`, { enabled: true });
    expect(res.json()).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
    const history = await call(admin, 'GET', `/api/admin/activity?entity=user&id=${supplier.user.id}`);
    expect(history.statusCode, history.body).toBe(200);
    const lines = (history.json() as { items: ActivityEntry[] }).items.filter((e) => e.changes.some((c) => c.field === 'webhookEndpoint'));
    const a = `#${id} https://hooks.example.com/a (all types)`;
    const b = `#${id} https://hooks.example.com/b (lot.sold)`;
    expect(lines.map((e) => e.changes.find((c) => c.field === 'webhookEndpoint')).reverse()).toEqual([
      { field: 'webhookEndpoint', from: null, to: a },
      { field: 'webhookEndpoint', from: a, to: b },
      { field: 'webhookEndpoint', from: b, to: `${b}, off` },
      { field: 'webhookEndpoint', from: `${b}, off`, to: b },
    ]);
    expect(history.body).not.toContain('whsec_');
  });

  it('rotates the secret: the new one shown once, the previous one signing beside it for 24 hours', async () => {
    const made = await create(supplier, { url: 'https://hooks.example.com/rotate' });
    const res = await call(supplier, 'POST', `${URL}/${made.id}/secret`);
    expect(res.statusCode, res.body).toBe(200);
    const { secret, previousValidUntil } = res.json() as { secret: string; previousValidUntil: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(made.secret);
    expect(Date.parse(previousValidUntil) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id));
    expect(row).toMatchObject({ secret, previousSecret: made.secret });
  });

  it('deletes one (204), after which it is unknown', async () => {
    const { id } = await create(supplier, { url: 'https://hooks.example.com/gone' });
    expect((await call(supplier, 'DELETE', `${URL}/${id}`)).statusCode).toBe(204);
    expect((await call(supplier, 'DELETE', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await call(supplier, 'GET', URL)).json()).not.toContainEqual(expect.objectContaining({ id }));
  });

  it(`holds at most ${WEBHOOK_ENDPOINTS_PER_COMPANY} endpoints: the next one is 409 with the limit`, async () => {
    const company = await signedIn(ctx, { category: 'client' });
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_COMPANY; i++) await create(company, { url: `https://hooks.example.com/${i}` });
    const res = await call(company, 'POST', URL, { url: 'https://hooks.example.com/11' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_WEBHOOKS', max: WEBHOOK_ENDPOINTS_PER_COMPANY });
  });
});

describe('refusals', () => {
  it("answers 404 for another company's endpoint on every route, as for an unknown one", async () => {
    const { id } = await create(buyer, { url: 'https://hooks.example.com/mine' });
    for (const [method, url, body] of [
      ['PATCH', `${URL}/${id}`, { enabled: false }],
      ['DELETE', `${URL}/${id}`, undefined],
      ['POST', `${URL}/${id}/secret`, undefined],
      ['GET', `${URL}/${id}/deliveries`, undefined],
      ['POST', `${URL}/${id}/deliveries/1/resend`, undefined],
      ['POST', `${URL}/${id}/replay`, { after: 0 }],
    ] as const) {
      const res = await call(rival, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Untouched.
    expect((await call(buyer, 'GET', URL)).json()).toContainEqual(expect.objectContaining({ id, enabled: true }));
  });

  it('refuses bad input with 400, never a 500', async () => {
    const cases: Array<[string, object]> = [
      ['URL too long', { url: `https://hooks.example.com/${'a'.repeat(2000)}` }],
      ['NUL byte', { url: 'https://hooks.example.com/a\u0000b' }],
      ['line break', { url: 'https://hooks.example.com/a\nb' }],
      ['a space inside', { url: 'https://hooks.example.com/a b' }],
      ['not a URL', { url: 'hooks.example.com/in' }],
      ['another scheme', { url: 'ftp://hooks.example.com/in' }],
      ['javascript', { url: 'javascript:alert(1)' }],
      ['credentials', { url: 'https://user:secret@hooks.example.com/in' }],
      ['a user name alone', { url: 'https://user@hooks.example.com/in' }],
      ['http to another host', { url: 'http://hooks.example.com/in' }],
      ['empty', { url: '' }],
      ['unknown type', { url: 'https://hooks.example.com/in', types: ['order.eaten'] }],
      ['a type twice', { url: 'https://hooks.example.com/in', types: ['lot.sold', 'lot.sold'] }],
      ['types not a list', { url: 'https://hooks.example.com/in', types: 'lot.sold' }],
      ['another field', { url: 'https://hooks.example.com/in', secret: 'whsec_mine' }],
      ['no url', { types: [] }],
    ];
    for (const [what, body] of cases) {
      const res = await call(buyer, 'POST', URL, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const { id } = await create(buyer, { url: 'https://hooks.example.com/valid' });
    const bad: Array<[string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['nothing to change', 'PATCH', `${URL}/${id}`, {}],
      ['enabled not a boolean', 'PATCH', `${URL}/${id}`, { enabled: 'yes' }],
      ['id past 2^31', 'PATCH', `${URL}/2147483648`, { enabled: false }],
      ['id past 2^31 (delete)', 'DELETE', `${URL}/2147483648`, undefined],
      ['id in hex', 'GET', `${URL}/0x10/deliveries`, undefined],
      ['id zero', 'POST', `${URL}/0/secret`, undefined],
      ['delivery id past 2^53', 'POST', `${URL}/${id}/deliveries/99999999999999999/resend`, undefined],
      ['replay after -1', 'POST', `${URL}/${id}/replay`, { after: -1 }],
      ['replay after 1.5', 'POST', `${URL}/${id}/replay`, { after: 1.5 }],
      ['replay after a string', 'POST', `${URL}/${id}/replay`, { after: '5' }],
      ['replay after 2^53', 'POST', `${URL}/${id}/replay`, { after: 2 ** 53 }],
      ['log limit 0', 'GET', `${URL}/${id}/deliveries?limit=0`, undefined],
      ['log limit 201', 'GET', `${URL}/${id}/deliveries?limit=201`, undefined],
      ['log status unknown', 'GET', `${URL}/${id}/deliveries?status=lost`, undefined],
      ['log before negative', 'GET', `${URL}/${id}/deliveries?before=-1`, undefined],
      ['log other parameter', 'GET', `${URL}/${id}/deliveries?after=1`, undefined],
    ];
    for (const [what, method, url, body] of bad) {
      const res = await call(buyer, method, url, body);
      expect(res.statusCode, what).toBe(400);
    }
  });

  it('refuses addresses in private ranges and names that lead there (server-side request forgery), and unknown hosts', async () => {
    for (const url of [
      'https://10.0.0.1/hook',
      'https://10.255.255.255:8443/hook',
      'https://192.168.1.10/hook',
      'https://172.16.0.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://meta.example.com/',
      'https://[fd12:3456::1]/hook',
      'https://[::ffff:169.254.169.254]/',
      'https://evil.example.com/hook',
      'https://mixed.example.com/hook',
      'https://0.0.0.0/hook',
    ])
      expect(await codeOf(buyer, { url }), url).toBe('400 WEBHOOK_ADDRESS_REFUSED');
    expect(await codeOf(buyer, { url: 'https://nowhere.example.com/' })).toBe('400 WEBHOOK_HOST_UNKNOWN');
    // A change of address is checked the same way.
    const { id } = await create(buyer, { url: 'https://hooks.example.com/change' });
    const res = await call(buyer, 'PATCH', `${URL}/${id}`, { url: 'https://evil.example.com/' });
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_ADDRESS_REFUSED' });
    // In development the local machine, named as such, is allowed (http too).
    expect(await codeOf(buyer, { url: 'http://127.0.0.1:4999/in' })).toBe(201);
    expect(await codeOf(buyer, { url: 'http://localhost:4999/in' })).toBe(201);
  });

  it('refuses http:// and the local machine in production, whatever the name', async () => {
    prod = await webhookTestApp(hosts, { webhooks: { ...ctx.config.webhooks, production: true } });
    const company = await signedIn(prod, { category: 'client' });
    expect(await codeOf(company, { url: 'http://127.0.0.1:4999/in' }, prod)).toBe('400 WEBHOOK_HTTPS_REQUIRED');
    expect(await codeOf(company, { url: 'http://localhost:4999/in' }, prod)).toBe('400 WEBHOOK_HTTPS_REQUIRED');
    expect(await codeOf(company, { url: 'https://[::1]/in' }, prod)).toBe('400 WEBHOOK_ADDRESS_REFUSED');
    expect(await codeOf(company, { url: 'https://localhost/in' }, prod)).toBe('400 WEBHOOK_ADDRESS_REFUSED');
    expect(await codeOf(company, { url: 'https://evil.example.com/in' }, prod)).toBe('400 WEBHOOK_ADDRESS_REFUSED');
    expect(await codeOf(company, { url: 'https://hooks.example.com/in' }, prod)).toBe(201);
  });

  it('is for buyers and suppliers with a session: never the operator, never an API token', async () => {
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
    expect((await call(admin, 'GET', URL)).statusCode).toBe(403);
    const made = await call(buyer, 'POST', '/api/users/api-tokens', {
      name: 'hooks',
      scopes: ['orders:read', 'orders:write', 'invoices:read', 'lots:read', 'lots:write'],
    });
    const secret = (made.json() as { secret: string }).secret;
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['PATCH', `${URL}/1`],
      ['DELETE', `${URL}/1`],
      ['POST', `${URL}/1/secret`],
      ['GET', `${URL}/1/deliveries`],
      ['POST', `${URL}/1/deliveries/1/resend`],
      ['POST', `${URL}/1/replay`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(method === 'POST' || method === 'PATCH' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SCOPE_MISSING' });
    }
  });
});
