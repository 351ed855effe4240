/**
 * bench/feed — the change feed (issue 34 §2: "p99 ≤ 20 ms at 10⁶ events, benchmark, same run as a bare
 * query"). One PostgreSQL database holding 10⁶ feed entries over 1 000 companies (1 000 each; the data of
 * an entry is an order as the API shows it, ~1.5 kB). Measured in alternating rounds (the load of a
 * shared machine moves in minutes):
 *   - the API: `GET /api/v1/events?after=<n>&limit=100` over HTTP with a session cookie, from a random
 *     place in the company's feed (a client catching up) and from its end (a client polling: nothing new);
 *   - the bare query: the same SELECT through the same pool, without the app (the baseline).
 * Prints p50/p99 of each, the ratio to the bare query, whether the goal holds, and the query plan.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { createUser } from '../../apps/server/src/db/factories.js';
import { alternatingRounds, benchDatabase, keepAliveClient, ms, summary } from '../lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 8));
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 1_000);
const PER_COMPANY = Number(process.env.BENCH_PER_COMPANY ?? 1_000);
const LIMIT = 100;
const GOAL_MS = 20;

const client = keepAliveClient();
const get = client.get;

const t0 = performance.now();
const { database, drop } = await benchDatabase('bench_feed', 10);
const db = database.db;
try {
  const companies: number[] = [];
  for (let i = 0; i < COMPANIES; i++) companies.push((await createUser(db, { category: i % 2 ? 'client' : 'supplier', companyName: `Company ${i}` })).id);
  // The entries of all companies interleaved as the trade writes them; each an order's answer.
  const total = COMPANIES * PER_COMPANY;
  for (let from = 0; from < total; from += 50_000) {
    const to = Math.min(total, from + 50_000) - 1;
    await db.execute(sql`
      insert into feed_entries (company_id, sequence, event_id, type, occurred_at, data)
      select ${sql.raw(`(array[${companies.join(',')}])`)}[1 + g % ${COMPANIES}], 1 + g / ${COMPANIES}, 1 + g,
             (array['order.confirmed','order.shipped','order.delivered','invoice.issued'])[1 + (g / ${COMPANIES}) % 4],
             now() - ((${total} - g) || ' seconds')::interval,
             jsonb_build_object('id', g, 'number', 'PRM-2026-' || lpad(g::text, 7, '0'), 'status', 'SHIPPED', 'pallets', 4,
               'pricePerKg', 1.62, 'amount', 5184, 'lot', jsonb_build_object('title', 'Tomate Raf cal. M, Almería', 'caliber', 'M',
               'originAlpha2', 'ES', 'packaging', 'IFCO 6424', 'netKgPerPallet', 800),
               'buyer', jsonb_build_object('companyName', 'Primeurs Lyonnais SARL', 'address', '12 quai Saint-Antoine', 'postalCode', '69002', 'city', 'Lyon', 'countryAlpha2', 'FR', 'vatId', 'FR98765432109'),
               'seller', jsonb_build_object('companyName', 'Huerta de Almería S.L.', 'address', 'Paraje Los Llanos s/n', 'postalCode', '04700', 'city', 'El Ejido', 'countryAlpha2', 'ES', 'vatId', 'ESB04111111'),
               'history', jsonb_build_array(jsonb_build_object('at', now(), 'from', 'CONFIRMED', 'to', 'SHIPPED', 'by', 'SELLER')))
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`vacuum analyze feed_entries`);
  const app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), auctionCloseIntervalMs: 0, alertsIntervalMs: 0 },
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const measured = companies.slice(0, 20);
  const cookies = new Map<number, string>();
  for (const c of measured) cookies.set(c, `primeur_sid=${await app.sessions.create(c)}`);
  console.log(`data: ${total.toLocaleString('en')} feed entries over ${COMPANIES} companies (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const pool = database.pool!;
  const BARE =
    'select company_id, sequence, event_id, type, occurred_at, data from feed_entries where company_id = $1 and sequence > $2 order by sequence limit $3';
  let i = 0;
  const pick = (end: boolean) => {
    const company = measured[i++ % measured.length]!;
    return { company, after: end ? PER_COMPANY : Math.floor(Math.random() * (PER_COMPANY - LIMIT)) };
  };
  const kinds = {
    'API, catching up (100 entries)': async () => {
      const { company, after } = pick(false);
      const page = JSON.parse(await get(port, `/api/v1/events?after=${after}&limit=${LIMIT}`, cookies.get(company)!)) as { items: unknown[] };
      if (page.items.length !== LIMIT) throw new Error(`expected ${LIMIT} entries, got ${page.items.length}`);
    },
    'bare query, catching up': async () => {
      const { company, after } = pick(false);
      const r = await pool.query(BARE, [company, after, LIMIT]);
      if (r.rows.length !== LIMIT) throw new Error('the bare query found too few rows');
    },
    'API, polling at the end (nothing new)': async () => {
      const { company, after } = pick(true);
      await get(port, `/api/v1/events?after=${after}&limit=${LIMIT}`, cookies.get(company)!);
    },
    'bare query, at the end': async () => {
      const { company, after } = pick(true);
      await pool.query(BARE, [company, after, LIMIT]);
    },
  } as const;
  type Kind = keyof typeof kinds;
  const { names, lat, load, perRound } = await alternatingRounds(kinds, RUNS, ROUNDS, 20);
  console.log(`\nbench:feed — ${perRound * ROUNDS} calls of each kind in ${ROUNDS} alternating rounds; load average ${load}`);
  const s = Object.fromEntries(names.map((k) => [k, summary(lat[k])])) as Record<Kind, ReturnType<typeof summary>>;
  console.table(Object.fromEntries(names.map((k) => [k, { p50: ms(s[k].p50), p99: ms(s[k].p99), max: ms(s[k].max) }])));
  const api = s['API, catching up (100 entries)'];
  const bare = s['bare query, catching up'];
  console.log(`API / bare query, catching up: p50 ${(api.p50 / bare.p50).toFixed(2)}×, p99 ${(api.p99 / bare.p99).toFixed(2)}×`);
  const worst = Math.max(api.p99, s['API, polling at the end (nothing new)'].p99);
  console.log(`goal: feed p99 ≤ ${GOAL_MS} ms at ${total.toLocaleString('en')} events: worst ${ms(worst)} — ${worst <= GOAL_MS ? 'MET' : 'MISSED'}`);
  const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${BARE}`, [
    measured[0],
    PER_COMPANY / 2,
    LIMIT,
  ]);
  console.log('\nEXPLAIN ANALYZE of the feed query:\n' + plan.rows.map((r) => '  ' + r['QUERY PLAN']).join('\n'));
  await app.close();
} finally {
  client.close();
  await drop();
}
