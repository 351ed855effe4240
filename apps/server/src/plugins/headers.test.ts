import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/build-app.js';
import { SESSION_COOKIE } from './session.js';

let ctx: TestContext;
let buyer: { cookie: string; user: { id: number } };

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await signedIn(ctx, { category: 'client' });
});
afterAll(() => ctx.close());

describe('security headers on API answers', () => {
  it('sends Cache-Control: no-store on every authenticated answer, refusals included', async () => {
    const ok = await ctx.app.inject({ url: '/api/users/userInfos', headers: { cookie: buyer.cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ url: '/api/users/userInfos' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const admin = await ctx.app.inject({ url: '/api/admin/getAllBP', headers: { cookie: buyer.cookie } });
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('limits connect-src to the same origin (the same-origin WebSocket included)', async () => {
    const csp = String((await ctx.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/connect-src[^;]*ws:/);
  });

  it('has one frame policy: frame-ancestors none and X-Frame-Options DENY', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends a Permissions-Policy that switches off unused features', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
  });

  it('sends no HSTS on plain HTTP by default', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('treats HEAD /auth/logout like GET in the cross-site check', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const session = `${SESSION_COOKIE}=${await ctx.app.sessions.create(buyer.user.id)}`;
      const res = await ctx.app.inject({
        method,
        url: '/auth/logout',
        headers: { cookie: session, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode, method).toBe(403);
      const still = await ctx.app.inject({ url: '/api/users/userInfos', headers: { cookie: session } });
      expect(still.statusCode, `${method} left the session alive`).toBe(200);
    }
  });
});

describe('HSTS', () => {
  it('is sent when HSTS=true', async () => {
    const app = await createTestApp({ hsts: true });
    try {
      expect((await app.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await app.close();
    }
  });

  it('is sent behind a trusted proxy that says https, not when it says http', async () => {
    const app = await createTestApp({ trustProxy: 1 });
    try {
      const https = await app.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const http = await app.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
