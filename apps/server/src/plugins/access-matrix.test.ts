import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/factories.js';
import { createTestApp, type TestContext } from '../../test/build-app.js';
import { rolesOf, SESSION_COOKIE, type Access } from './session.js';

/**
 * Calls every registered API route as each kind of caller and checks the declared access rule is
 * what the server enforces. A route added without a rule makes buildApp throw, so it cannot slip by.
 */
let ctx: TestContext;
const ids: Record<string, number> = {};

/**
 * Role refusals come only from the declared rule; a 403 with another code is a business answer
 * (e.g. OWN_PRODUCT) and does not count against the rule; a route may declare its own refusal code (the bid route: ADMIN_CANNOT_BID).
 */
const ACCESS_REFUSALS = new Set(['NOT_SIGNED_IN', 'FORBIDDEN', 'SUPPLIERS_ONLY', 'BUYERS_ONLY']);

/** Routes that relay a third-party service, unreachable from tests here: 503 is their honest answer. */
const UPSTREAM_503 = new Set<string>(['GET /api/weather']);

type Caller = 'visitor' | 'inactive' | 'buyer' | 'supplier' | 'admin';
const CALLERS: Caller[] = ['visitor', 'inactive', 'buyer', 'supplier', 'admin'];

beforeAll(async () => {
  ctx = await createTestApp();
  ids.inactive = (await createUser(ctx.db, { category: 'client', active: false })).id;
  ids.buyer = (await createUser(ctx.db, { category: 'client' })).id;
  ids.supplier = (await createUser(ctx.db, { category: 'supplier' })).id;
  ids.admin = (await createUser(ctx.db, { category: 'admin' })).id;
});
afterAll(() => ctx.close());

async function cookieFor(caller: Caller) {
  if (caller === 'visitor') return undefined;
  // A fresh session per call: some routes (logout) end the one they are given.
  return `${SESSION_COOKIE}=${await ctx.app.sessions.create(ids[caller]!)}`;
}

function concreteUrl(url: string) {
  return url
    .replace(/:alpha2/g, 'ES')
    .replace(/:company/g, 'Nobody')
    .replace(/:[A-Za-z]+/g, '999999');
}

function allowed(access: Access, caller: Caller) {
  if (access === 'public') return true;
  if (caller === 'visitor' || caller === 'inactive') return false;
  return rolesOf(access).includes(caller);
}

const codeOf = (body: string) => {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

describe('access matrix', () => {
  it('covers a non-trivial set of routes, each with a rule', () => {
    expect(ctx.app.declaredRoutes.length).toBeGreaterThan(10);
    console.info(`access matrix: ${ctx.app.declaredRoutes.length} routes × ${CALLERS.length} callers`);
  });

  it('enforces every declared rule for every caller', async () => {
    const failures: string[] = [];
    for (const route of ctx.app.declaredRoutes) {
      for (const caller of CALLERS) {
        const cookie = await cookieFor(caller);
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const key = `${route.method} ${route.url}`;
        const ok = allowed(route.access, caller);
        const status = res.statusCode;
        if (ok) {
          const upstreamDown = status === 503 && UPSTREAM_503.has(key);
          const refused = status === 401 || (status === 403 && ACCESS_REFUSALS.has(codeOf(res.body) ?? ''));
          if (refused || (status >= 500 && !upstreamDown)) {
            failures.push(`${key} as ${caller} (${String(route.access)}): got ${status} ${res.body.slice(0, 120)}`);
          }
        } else {
          const expected = caller === 'visitor' || caller === 'inactive' ? 401 : 403;
          const refusals = route.refusalCode ? new Set([...ACCESS_REFUSALS, route.refusalCode]) : ACCESS_REFUSALS;
          if (status !== expected || !refusals.has(codeOf(res.body) ?? ''))
            failures.push(`${key} as ${caller} (${String(route.access)}): expected ${expected}, got ${status} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('declares the invoice routes (issue 23) with their rules', () => {
    const rule = (method: string, url: string) => ctx.app.declaredRoutes.find((r) => r.method === method && r.url === url)?.access;
    expect(rule('GET', '/api/users/invoices')).toBe('authenticated');
    expect(rule('GET', '/api/users/invoices/:id')).toBe('authenticated');
    expect(rule('GET', '/api/users/invoices/:id.pdf')).toBe('authenticated');
    expect(rule('GET', '/api/users/invoices/:id.xml')).toBe('authenticated');
    expect(rule('POST', '/api/users/invoices/:id/paid')).toEqual(['supplier', 'admin']);
    expect(rule('GET', '/api/admin/invoices')).toBe('admin');
    expect(rule('GET', '/api/admin/invoices.csv')).toBe('admin');
    expect(rule('POST', '/api/admin/invoices/:id/retry')).toBe('admin');
  });

  it('declares the history of changes (issue 26) for the operator only', () => {
    expect(ctx.app.declaredRoutes.find((r) => r.method === 'GET' && r.url === '/api/admin/activity')?.access).toBe('admin');
  });

  it('puts every /api/admin and /api/intern route behind the admin rule', () => {
    const loose = ctx.app.declaredRoutes.filter((r) => /^\/api\/(admin|intern)\//.test(r.url) && r.access !== 'admin');
    expect(loose).toEqual([]);
  });
});
