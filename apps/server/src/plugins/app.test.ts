import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { createTestApp, type TestContext } from '../../test/build-app.js';
import sessionPlugin, { requireAccessRules } from './session.js';
import { accountsView } from '../companies/users/users.read-model.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('server core', () => {
  it('answers GET /api/health', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('publishes an OpenAPI document of the API routes', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/login', '/api/users/isLoggedIn', '/api/admin/getAllBP']));
  });

  it("lists each route's error codes in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const codesOf = (path: string, method: string) => String(doc.paths[path][method].responses['4XX'].description);
    expect(codesOf('/api/intern/supplier/add', 'post')).toMatch(/VALIDATION_FAILED.*NOT_SIGNED_IN.*FORBIDDEN.*COMPANY_EXISTS/);
    expect(codesOf('/api/users/product/purchaseRequest/{productId}', 'post')).toContain('BUYERS_ONLY');
    expect(codesOf('/api/users/product/myProducts', 'get')).toContain('SUPPLIERS_ONLY');
    expect(codesOf('/api/users/product/myProducts', 'get')).not.toContain('VALIDATION_FAILED');
    // A route's own refusal replaces the generic one; its business codes are listed.
    const bid = codesOf('/api/users/auction/offers/add/{productId}', 'post');
    expect(bid).toMatch(/ADMIN_CANNOT_BID.*BID_TOO_LOW.*ALREADY_HIGHEST/);
    expect(bid).not.toContain('FORBIDDEN');
    expect(doc.paths['/api/users/product/myProducts'].get.responses['4XX'].content['application/json'].schema.properties.code.enum).toContain('NOT_FOUND');
  });

  it('refuses to start when a route declares no access rule', async () => {
    const app = Fastify();
    await app.register(cookie);
    await app.register(sessionPlugin, { db: ctx.db, config: ctx.config, accounts: accountsView });
    await expect(
      app
        .register(async (api) => {
          requireAccessRules(api, []);
          api.get('/api/no-rule', async () => 'x');
        })
        .ready(),
    ).rejects.toThrow(/declares no access rule/);
  });

  it('never leaks internals on an unexpected error', async () => {
    const app = Fastify();
    const { default: errors } = await import('./errors.js');
    await app.register(errors);
    app.get('/boom', async () => {
      throw new Error('secret stack detail');
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ error: 'An unexpected error occurred.', code: 'INTERNAL' });
  });
});
