/**
 * bench/orders — the order lists (issue 21: p99 ≤ 20 ms at 100 000 orders). Two PostgreSQL databases
 * built alike except for their size: 1 000 orders (the baseline) and 100 000, over the same shape
 * (200 buyers, 50 sellers: at 100 000 the measured buyer has 500 orders, the seller 2 000). Both are measured in the same alternating rounds (on a shared machine the load moves in
 * minutes): a buyer's first page, a seller's first page filtered by status, the operator's first
 * page and its status filter, over HTTP with a session cookie; then the query plans.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { createUser } from '../../apps/server/src/db/factories.js';
import { benchDatabase, keepAliveClient, ms, summary } from '../lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 8));
const BUYERS = 200;
const SELLERS = 50;

const client = keepAliveClient();
const get = client.get;

interface Target {
  orders: number;
  app: FastifyInstance;
  port: number;
  cookies: { buyer: string; seller: string; admin: string };
  database: Awaited<ReturnType<typeof benchDatabase>>['database'];
  drop: () => Promise<void>;
}

async function build(label: string, count: number): Promise<Target> {
  const { database, drop } = await benchDatabase(`bench_orders_${label}`, 10);
  try {
    const db = database.db;
    const buyers: number[] = [];
    const sellers: number[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push((await createUser(db, { category: 'client', companyName: `Buyer ${i}` })).id);
    for (let i = 0; i < SELLERS; i++) sellers.push((await createUser(db, { category: 'supplier', companyName: `Seller ${i}` })).id);
    const admin = await createUser(db, { category: 'admin' });
    const party = (id: string, name: string) =>
      sql.raw(
        `jsonb_build_object('userId', ${id}, 'companyName', ${name}, 'address', '1 Market Street', 'postalCode', '69000', 'city', 'Lyon', 'countryAlpha2', 'FR', 'countryName', 'France', 'vatId', 'FR123', 'email', 'x@example.com')`,
      );
    // Orders spread over a year, in every status; buyer = g % 200, seller = g % 50 (ids taken from the arrays).
    for (let from = 1; from <= count; from += 20_000) {
      const to = Math.min(count, from + 19_999);
      await db.execute(sql`
        insert into orders (number, status, source, buyer_id, seller_id, buyer, seller, lot, pallets, estimated_net_kg, price_per_kg, amount,
                            incoterm, incoterm_place, delivery_address, created_at, updated_at)
        select 'PRM-2026-' || lpad(g::text, 6, '0'),
               (array['CONFIRMED','SHIPPED','DELIVERED','CLOSED','CANCELLED'])[1 + g % 5]::order_status,
               case when g % 3 = 0 then 'AUCTION' else 'PURCHASE_REQUEST' end::order_source,
               b.id, s.id, ${party('b.id', "'Buyer ' || b.n")}, ${party('s.id', "'Seller ' || s.n")},
               jsonb_build_object('productId', 1, 'articleId', 1, 'article', jsonb_build_object('en','Tomato','fr','Tomate','de','Tomate','es','Tomate'),
                 'title', 'Lot ' || g, 'caliber', '', 'originAlpha2', 'ES', 'originName', 'Spain', 'packaging', 'ifco', 'photo', null,
                 'netKgPerPallet', 800, 'boxesPerPallet', 80, 'netKgPerBox', 10, 'qualityClass', null),
               8, 6400, 1.62, 10368, 'FCA', 'Almería, ES',
               jsonb_build_object('address','1 Market Street','postalCode','69000','city','Lyon','countryAlpha2','FR'),
               now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
        from generate_series(${from}::int, ${to}::int) g
        join lateral (select ${sql.raw(`(array[${buyers.join(',')}])`)}[1 + g % ${BUYERS}] as id, g % ${BUYERS} as n) b on true
        join lateral (select ${sql.raw(`(array[${sellers.join(',')}])`)}[1 + g % ${SELLERS}] as id, g % ${SELLERS} as n) s on true`);
    }
    // As the app keeps it: every order's number came from the year's counter.
    await db.execute(sql`insert into order_counters (year, last) values (2026, ${count})`);
    await db.execute(sql`vacuum analyze`);
    const app = await buildApp({
      config: { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), auctionCloseIntervalMs: 0, alertsIntervalMs: 0 },
      database,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const cookies = {
      buyer: `primeur_sid=${await app.sessions.create(buyers[1]!)}`,
      seller: `primeur_sid=${await app.sessions.create(sellers[1]!)}`,
      admin: `primeur_sid=${await app.sessions.create(admin.id)}`,
    };
    const first = JSON.parse(await get(port, '/api/users/orders?side=buying', cookies.buyer)) as { total: number; items: unknown[] };
    if (first.total !== Math.floor(count / BUYERS) || first.items.length !== Math.min(24, first.total))
      throw new Error(`unexpected answer at ${count} orders: ${first.total}`);
    return { orders: count, app, port, cookies, database, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

const KINDS = ['buyer', 'seller', 'admin', 'adminStatus'] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Kind, string> = {
  buyer: 'buyer: ?side=buying (page 1 of 24)',
  seller: 'seller: ?side=selling&status=SHIPPED',
  admin: 'operator: /api/admin/orders',
  adminStatus: 'operator: ?status=DELIVERED',
};

function calls(t: Target): Record<Kind, () => Promise<unknown>> {
  return {
    buyer: () => get(t.port, '/api/users/orders?side=buying&page=1&size=24', t.cookies.buyer),
    seller: () => get(t.port, '/api/users/orders?side=selling&status=SHIPPED', t.cookies.seller),
    admin: () => get(t.port, '/api/admin/orders', t.cookies.admin),
    adminStatus: () => get(t.port, '/api/admin/orders?status=DELIVERED', t.cookies.admin),
  };
}

const t0 = performance.now();
const targets: Target[] = [];
try {
  targets.push(await build('1k', 1_000));
  targets.push(await build('100k', 100_000));
  console.log(`data: 1 000 and 100 000 orders (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const loadBefore = loadavg();
  const [small, large] = targets as [Target, Target];
  const fns = [calls(small), calls(large)];
  const lat = [0, 1].map(() => Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>);
  for (const f of fns) for (const k of KINDS) for (let i = 0; i < 10; i++) await f[k]();
  const perRound = Math.max(1, Math.round(RUNS / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const k of KINDS) {
      for (const which of round % 2 ? [1, 0] : [0, 1]) {
        for (let i = 0; i < perRound; i++) {
          const s = performance.now();
          await fns[which]![k]();
          lat[which]![k].push(performance.now() - s);
        }
      }
    }
  }
  const [a, b] = lat.map((l) => Object.fromEntries(KINDS.map((k) => [k, summary(l[k])]))) as [
    Record<Kind, ReturnType<typeof summary>>,
    Record<Kind, ReturnType<typeof summary>>,
  ];
  const load = [loadBefore, loadavg()].map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' → ');
  console.log(`\nbench/orders — ${perRound * ROUNDS} calls of each kind per database in ${ROUNDS} alternating rounds; load average ${load}`);
  console.table(
    Object.fromEntries(
      KINDS.map((k) => [
        LABELS[k],
        {
          'p50 @1k (baseline)': ms(a[k].p50),
          'p99 @1k (baseline)': ms(a[k].p99),
          'p50 @100k': ms(b[k].p50),
          'p99 @100k': ms(b[k].p99),
          'growth p99': `${(b[k].p99 / a[k].p99).toFixed(2)}×`,
        },
      ]),
    ),
  );
  const worst = Math.max(...KINDS.map((k) => b[k].p99));
  console.log(`goal: orders list p99 ≤ 20 ms at 100 000 orders: worst ${worst.toFixed(1)} ms — ${worst <= 20 ? 'MET' : 'MISSED'}`);

  const pool = large.database.pool!;
  for (const [label, query, params] of [
    [
      'buyer page',
      'select id from orders where buyer_id = $1 order by created_at desc, id desc limit 24',
      [JSON.parse(await get(large.port, '/api/users/orders?size=1', large.cookies.buyer)).items[0].buyer.userId],
    ],
    ['operator page', 'select id from orders order by created_at desc, id desc limit 24', []],
  ] as Array<[string, string, unknown[]]>) {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${query}`, params);
    console.log(`\nEXPLAIN ANALYZE at 100 000 orders, ${label}:\n` + plan.rows.map((r) => '  ' + r['QUERY PLAN']).join('\n'));
  }
} finally {
  client.close();
  for (const t of targets) {
    await t.app.close().catch(() => undefined);
    await t.drop();
  }
}
