/**
 * bench/bids — one hot auction, 16 concurrent bidders.
 *   1. Throughput: HTTP (the real app, listening on loopback) vs the same bid transaction sent
 *      straight to PostgreSQL by a bare `pg` client, each with 16 bidders going as fast as they can.
 *   2. Latency at a fixed offered load of 500 bids/s over HTTP (open loop: bids are sent on a
 *      schedule whatever the answers' speed, so slow answers show in the percentiles).
 * Both sides run the same database function (place_bid: row lock, clock and rules after the lock, insert).
 * Every bid is higher than all earlier ones sent (a shared counter), so the lot lock, not the rule, decides.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createUser } from '../../apps/server/src/db/factories.js';
import { createAuction } from '../../apps/server/src/db/factories/listings.js';
import { benchDatabase, ms, summary } from '../lib.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIDDERS = 16;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const OFFERED_RATE = 500;
/** A second open-loop point below saturation, to separate queueing from the cost of one bid. */
const LOW_RATE = Number(process.env.BENCH_LOW_RATE ?? 50);

const { database, url, drop } = await benchDatabase('bench_bids', BIDDERS + 8);
try {
  // The app runs in its own process (as in production), so the load generator does not steal its event loop.
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'error', AUCTION_CLOSE_INTERVAL_MS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  const seller = await createUser(database.db, { category: 'supplier' });
  const bidders = await Promise.all(Array.from({ length: BIDDERS }, (_, i) => createUser(database.db, { category: 'client', companyName: `Bidder ${i}` })));
  const cookies: string[] = [];
  for (const b of bidders) {
    const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: b.email, password: b.password }) });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('primeur_sid='));
    if (!cookie) throw new Error(`login failed: ${res.status}`);
    cookies.push(cookie.split(';')[0]!);
  }

  let cents = 100;
  let failures = 0;
  const nextAmount = () => ++cents / 100;

  async function httpBid(productId: number, cookie: string) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/users/auction/offers/add/${productId}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: nextAmount() }),
      });
      await res.arrayBuffer();
      return { ok: res.status === 200, ms: performance.now() - t0 };
    } catch {
      // A refused or reset connection counts as a failed bid (seen when the offered rate exceeds capacity).
      failures++;
      return { ok: false, ms: performance.now() - t0 };
    }
  }

  // The same bid transaction placeBid runs (the place_bid function), sent by a bare client: no HTTP, no ORM, no session lookup.
  const pool = new pg.Pool({ connectionString: url, max: BIDDERS });
  pool.on('error', () => {}); // the database is dropped with (force) at the end
  async function bareBid(productId: number, userId: number) {
    const t0 = performance.now();
    const res = await pool.query('select * from place_bid($1::int, $2::int, $3::numeric, 0.01)', [productId, userId, nextAmount().toFixed(2)]);
    return { ok: res.rows[0].outcome === 'OK', ms: performance.now() - t0 };
  }

  async function closedLoop(run: (i: number) => Promise<{ ok: boolean; ms: number }>) {
    const end = performance.now() + DURATION_MS;
    const lat: number[] = [];
    let accepted = 0;
    await Promise.all(
      Array.from({ length: BIDDERS }, async (_, i) => {
        while (performance.now() < end) {
          const r = await run(i);
          lat.push(r.ms);
          if (r.ok) accepted++;
        }
      }),
    );
    return { accepted, perSec: accepted / (DURATION_MS / 1000), ...summary(lat) };
  }

  async function openLoop(productId: number, rate = OFFERED_RATE) {
    const lat: number[] = [];
    let accepted = 0;
    const total = Math.round((rate * DURATION_MS) / 1000);
    const interval = 1000 / rate;
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (let k = 0; k < total; k++) {
      const due = t0 + k * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(
        httpBid(productId, cookies[k % BIDDERS]!).then((r) => {
          lat.push(r.ms);
          if (r.ok) accepted++;
        }),
      );
    }
    await Promise.all(pending);
    const elapsed = (performance.now() - t0) / 1000;
    return { offered: total / elapsed, accepted, perSec: accepted / elapsed, ...summary(lat) };
  }

  const warm = await createAuction(database.db, { supplierId: seller.id, price: 1 });
  for (let i = 0; i < 200; i++) await httpBid(warm.id, cookies[i % BIDDERS]!);

  const lotHttp = await createAuction(database.db, { supplierId: seller.id, price: 1 });
  const http = await closedLoop((i) => httpBid(lotHttp.id, cookies[i]!));
  const lotBare = await createAuction(database.db, { supplierId: seller.id, price: 1 });
  const bare = await closedLoop((i) => bareBid(lotBare.id, bidders[i]!.id));
  const lotOpen = await createAuction(database.db, { supplierId: seller.id, price: 1 });
  const open = await openLoop(lotOpen.id);
  const lotLow = await createAuction(database.db, { supplierId: seller.id, price: 1 });
  const low = await openLoop(lotLow.id, LOW_RATE);

  console.log(`\nbench/bids — one hot auction, ${BIDDERS} concurrent bidders, ${DURATION_MS / 1000} s per phase, PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  console.table({
    'HTTP (app), max rate': { 'accepted bids/s': http.perSec.toFixed(0), p50: ms(http.p50), p99: ms(http.p99), max: ms(http.max) },
    'bare pg, same transaction': { 'accepted bids/s': bare.perSec.toFixed(0), p50: ms(bare.p50), p99: ms(bare.p99), max: ms(bare.max) },
    [`HTTP at ${OFFERED_RATE} offered bids/s`]: { 'accepted bids/s': open.perSec.toFixed(0), p50: ms(open.p50), p99: ms(open.p99), max: ms(open.max) },
    [`HTTP at ${LOW_RATE} offered bids/s`]: { 'accepted bids/s': low.perSec.toFixed(0), p50: ms(low.p50), p99: ms(low.p99), max: ms(low.max) },
  });
  const ratio = (100 * http.perSec) / bare.perSec;
  if (failures) console.log(`connection failures: ${failures}`);
  console.log(`HTTP/bare throughput: ${ratio.toFixed(0)} % (goal ≥ 50 %) — ${ratio >= 50 ? 'met' : 'MISSED'}`);
  console.log(`p99 at ${open.offered.toFixed(0)} offered bids/s: ${ms(open.p99)} (goal ≤ 50 ms) — ${open.p99 <= 50 ? 'met' : 'MISSED'}`);
  await pool.end();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
} finally {
  await drop();
}
