import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { isoDay } from '@primeur/shared';
import { createTestApp, type TestContext } from '../../test/build-app.js';
import { createUser } from '../db/factories.js';
import { createContact, createSupplier, createClient } from '../db/factories/backoffice.js';
import { createAuction, createOffer, createProduct } from '../db/factories/listings.js';
import { SESSION_COOKIE } from './session.js';

/**
 * Property-based requests built from the route schemas of the OpenAPI document: for every route,
 * path, query and body values that follow the schema or break it on purpose (control characters,
 * ids past 2^31, hex and exponent ids, year-10000 dates, wrong types, huge strings), sent as a
 * visitor, a buyer, a supplier and the operator. No answer may be a 5xx, and nothing malformed
 * may be stored. Fixed seed: a failure reproduces; FUZZ_RUNS raises the count.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const SEED = 20261123;
/** Requests in flight at once, and requests between two renewals of the sessions. */
const CONCURRENCY = 4;
const SESSION_BATCH = 500;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
};

const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\u001b[31m',
  'line\nbreak',
  '\ud800',
  '0x10',
  ' 1',
  '1e3',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '10000-01-01',
  '9999-12-31',
  '+010000-01-01T00:00:00Z',
  '0000-00-00',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '🍊'.repeat(50),
  'x'.repeat(5000),
  '',
];
const HOSTILE_NUMBERS = [2 ** 31, 2 ** 31 - 1, 2 ** 53, -1, 0, 1e308, -1e308, 0.1 + 0.2, 1e-9, 123456789.123];

const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, null, true, [], {}, [1, 2], { id: 2 ** 31 }),
    fc.string({ maxLength: 20 }),
    fc.integer(),
  );

function stringArb(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (s.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => isoDay(d, 'UTC'));
  if (s.format === 'email') return fc.emailAddress();
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 500));
    } catch {
      /* a pattern fast-check cannot generate from: plain strings below */
    }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) });
}

/** Values for a schema: mostly valid, sometimes hostile, at every depth. */
function arb(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return hostile();
  return fc.oneof({ weight: 4, arbitrary: valid(s, depth) }, { weight: 1, arbitrary: hostile() });
}

function valid(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => arb(a, depth + 1)));
  if (s.allOf?.length) return arb(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArb(s);
      case 'integer':
        return fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1_000_000 }));
      case 'number':
        return fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => arb(p, depth + 1)));
        return fc.array(arb(s.items, depth + 1), { maxLength: 5 });
      case 'object':
      case undefined: {
        if (!s.properties) return fc.dictionary(fc.string({ maxLength: 8 }), hostile(), { maxKeys: 3 });
        const shape = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, arb(v, depth + 1)]));
        return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in shape) });
      }
      default:
        return hostile();
    }
  })();
  return s.nullable || (Array.isArray(s.type) && s.type.includes('null')) ? fc.oneof(base, fc.constant(null)) : base;
}

interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
  required?: boolean;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface RouteSpec {
  method: string;
  url: string;
  op: Operation;
}

const ROLES = ['visitor', 'buyer', 'supplier', 'admin'] as const;
type Role = (typeof ROLES)[number];

let ctx: TestContext;
const cookies: Partial<Record<Role, string>> = {};
const userIds: Partial<Record<Role, number>> = {};

async function refreshSessions() {
  for (const role of ['buyer', 'supplier', 'admin'] as const) {
    // Fuzzed admin calls may disable the others: they are switched back on before each session.
    await ctx.db.execute(sql`update users set active = true where id = ${userIds[role]!}`);
    cookies[role] = `${SESSION_COOKIE}=${await ctx.app.sessions.create(userIds[role]!)}`;
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  const cats: Record<Exclude<Role, 'visitor'>, 'client' | 'supplier' | 'admin'> = { buyer: 'client', supplier: 'supplier', admin: 'admin' };
  for (const [role, category] of Object.entries(cats)) userIds[role as Role] = (await createUser(ctx.db, { category })).id;
  // Rows for small ids to land on: lots, an open auction with an offer, companies and contacts.
  for (let i = 0; i < 4; i++) await createProduct(ctx.db, { supplierId: userIds.supplier });
  const auction = await createAuction(ctx.db, { supplierId: userIds.supplier });
  await createOffer(ctx.db, auction.id, userIds.buyer!, Number(auction.price) + 1);
  const supplier = await createSupplier(ctx.db, {});
  const client = await createClient(ctx.db, {});
  await createContact(ctx.db, supplier.id, {});
  await createContact(ctx.db, client.id, {});
  await refreshSessions();
}, 120_000);
afterAll(() => ctx.close());

function routesFromSchema(): RouteSpec[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const out: RouteSpec[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      // Sign-out ends the session it is given; the live feed is a WebSocket (its own tests); the
      // weather and the price fetch call services on the internet, which tests never reach (their
      // 503 "upstream unavailable" is tested beside them).
      if (['/auth/logout', '/ws', '/api/weather', '/api/intern/prices/fetch'].includes(url)) continue;
      out.push({ method: method.toUpperCase(), url, op });
    }
  }
  return out;
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (v: unknown) =>
  [...Buffer.from(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''), 'utf8')]
    .map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');

describe('fuzzed requests from the route schemas', () => {
  it(`answers ${RUNS} generated requests without a single 5xx, as visitor, buyer, supplier and admin`, async () => {
    const routes = routesFromSchema();
    expect(routes.length).toBeGreaterThan(80);
    // One arbitrary per route, built once: built for every draw (regular expressions parsed again each
    // time), drawing took half the test's time.
    const requestOf = (r: RouteSpec) => {
      const params = r.op.parameters ?? [];
      const path = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, arb(p.schema)]));
      const query = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, arb(p.schema)]));
      const bodySchema = r.op.requestBody?.content?.['application/json']?.schema;
      return fc.record({
        route: fc.constant(r),
        role: fc.constantFrom(...ROLES),
        path: fc.record(path),
        query: fc.record(query, { requiredKeys: [] }),
        body: r.method === 'GET' || r.method === 'DELETE' ? fc.constant(undefined) : bodySchema ? arb(bodySchema) : hostile(),
      });
    };
    const byRoute = new Map(routes.map((r) => [r, requestOf(r)]));
    const arbRequest = fc.constantFrom(...routes).chain((r) => byRoute.get(r)!);

    const byStatus = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    type Sample = typeof samples extends Array<infer T> ? T : never;
    const send = async ({ route, role, path, query, body }: Sample) => {
      const url =
        route.url.replace(/:(\w+)/g, (_, name: string) => encode(path[name] ?? '1')) +
        (Object.keys(query).length
          ? `?${Object.entries(query)
              .map(([k, v]) => `${encode(k)}=${encode(v)}`)
              .join('&')}`
          : '');
      const cookie = role === 'visitor' ? undefined : cookies[role];
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: cookie ? { cookie } : {},
        ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } }),
      });
      sent++;
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500)
        failures.push(`${route.method} ${url} as ${role} body=${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    // The requests are drawn up front from the fixed seed (the same ones as one at a time), then sent
    // CONCURRENCY at a time, as several users would. Sessions are made again between batches (fuzzed
    // admin calls may disable the users); the first failure stops the run. One at a time, with the
    // arbitraries built per draw, 4000 took 11.6 s idle and 233 s in a loaded CI run; now 4.1 s idle.
    const samples = fc.sample(arbRequest, { seed: SEED, numRuns: RUNS });
    for (let from = 0; from < samples.length && failures.length === 0; from += SESSION_BATCH) {
      if (from > 0) await refreshSessions();
      const batch = samples.slice(from, from + SESSION_BATCH);
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batch.length && failures.length === 0) await send(batch[next++]!);
        }),
      );
      // Progress, so that a run cut by the test's time limit on a starved machine says how far it got.
      console.log(`fuzz: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const fivexx = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}:${c}`)
      .join(' ');
    console.log(
      `fuzz: ${sent} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s, ${fivexx} answers ≥ 500 (${statuses})`,
    );
    expect(failures).toEqual([]);
    expect(fivexx).toBe(0);
  }, 300_000);

  it('stored no text with a control character', async () => {
    const rows = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select name as t from products union all select description from products
        union all select company_name from users union all select address from users
        union all select message from purchase_requests
      ) x where t ~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f]'`);
    const n = 'rows' in rows ? (rows.rows as Array<{ n: number }>)[0]!.n : (rows as unknown as Array<{ n: number }>)[0]!.n;
    expect(n).toBe(0);
  });
});
