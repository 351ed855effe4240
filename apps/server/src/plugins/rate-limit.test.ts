import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RateLimitName } from '../config/env.js';
import { createTestApp, signedIn, testConfig, type TestContext } from '../../test/build-app.js';
import { listenWs } from '../../test/stomp-client.js';

let ctx: TestContext;
let buyer: { cookie: string };
let supplier: { cookie: string };
const MAX = 3;

beforeAll(async () => {
  const base = testConfig();
  const rateLimits = Object.fromEntries(Object.keys(base.rateLimits).map((k) => [k, { max: MAX, windowMs: 60_000 }])) as typeof base.rateLimits;
  ctx = await createTestApp({
    rateLimits,
    rateLimitFactor: 1,
    wsMaxConnectionsPerIp: 2,
    whatsapp: { verifyToken: 't', appSecret: 's', maxBodyBytes: 8192 },
    loginLimits: { perAccountAddress: 1000, perIp: 1000, windowMs: 60_000, perAccount: 1000, accountWindowMs: 60_000 },
  });
  // Signed in directly through the session store: the sign-in route is itself limited.
  buyer = await signedIn(ctx, { category: 'client' });
  supplier = await signedIn(ctx, { category: 'supplier' });
});
afterAll(() => ctx.close());

const families: Array<[RateLimitName, string, () => string | undefined, (i: number) => string]> = [
  ['register', 'POST', () => undefined, () => '10.0.1.1'],
  ['login', 'POST', () => undefined, () => '10.0.1.2'],
  ['changePassword', 'POST', () => buyer.cookie, (i) => `10.0.2.${i}`],
  ['bids', 'POST', () => buyer.cookie, (i) => `10.0.3.${i}`],
  ['purchaseRequests', 'POST', () => buyer.cookie, (i) => `10.0.4.${i}`],
  ['uploads', 'POST', () => supplier.cookie, (i) => `10.0.5.${i}`],
  ['claimPhotos', 'POST', () => buyer.cookie, (i) => `10.0.8.${i}`],
  ['webhook', 'POST', () => undefined, () => '10.0.6.1'],
  ['passwordStrength', 'POST', () => undefined, () => '10.0.7.1'],
];
const urls: Record<string, string> = {
  register: '/auth/register',
  login: '/auth/login',
  changePassword: '/api/users/changePassword',
  bids: '/api/users/auction/offers/add/1',
  purchaseRequests: '/api/users/product/purchaseRequest/1',
  uploads: '/api/users/product/add',
  claimPhotos: '/api/users/orders/1/claims',
  webhook: '/api/webhooks/whatsapp',
  passwordStrength: '/auth/password-strength',
};

describe('request rate limits', () => {
  for (const [name, method, cookie, ip] of families) {
    it(`answers 429 with Retry-After and the error shape past the ${name} limit`, async () => {
      const send = (i: number) =>
        ctx.app.inject({
          method: method as 'POST',
          url: urls[name]!,
          remoteAddress: ip(i),
          headers: cookie() ? { cookie: cookie()! } : {},
          payload: {},
        });
      for (let i = 0; i < MAX; i++) expect((await send(i)).statusCode).not.toBe(429);
      const refused = await send(MAX);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.json().error).toBeTypeOf('string');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  }

  it('counts per-user limits per account, not per address: another user is not refused', async () => {
    const other = await signedIn(ctx, { category: 'client' });
    const res = await ctx.app.inject({ method: 'POST', url: urls.bids!, headers: { cookie: other.cookie }, payload: {} });
    expect(res.statusCode).not.toBe(429);
  });

  it('limits live-feed sockets per address', async () => {
    const url = await listenWs(ctx.app);
    const open = (): Promise<{ ws: WebSocket; status: number }> =>
      new Promise((resolve) => {
        const ws = new WebSocket(url, ['v12.stomp']);
        ws.once('open', () => resolve({ ws, status: 101 }));
        ws.once('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
        ws.once('error', () => resolve({ ws, status: 0 }));
      });
    const a = await open();
    const b = await open();
    expect([a.status, b.status]).toEqual([101, 101]);
    const c = await open();
    expect(c.status).toBe(429);
    a.ws.close();
    // eslint-disable-next-line no-restricted-syntax -- real clock: the server frees the place on its own close event, which no client event is ordered with.
    await new Promise((r) => setTimeout(r, 200));
    // A closed socket frees its place (the per-minute rate, 3 here, still allows this one).
    const d = await open();
    expect(d.status).toBe(101);
    const e = await open();
    expect(e.status).toBe(429);
    for (const s of [b, d]) s.ws.close();
  });
});
