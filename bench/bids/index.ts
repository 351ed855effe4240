/**
 * bench/bids — one hot auction, 16 concurrent bidders.
 *   1. Throughput: HTTP (the real app, listening on loopback) vs the same bid transaction sent
 *      straight to PostgreSQL by a bare `pg` client, each with 16 bidders going as fast as they can.
 *   2. Latency at a fixed offered load of 500 bids/s over HTTP (open loop: bids are sent on a
 *      schedule whatever the answers' speed, so slow answers show in the percentiles).
 * Both sides run the same database function (place_bid: row lock, clock and rules after the lock, insert).
 * Every bid is higher than all earlier ones sent (a shared counter), so the lot lock, not the rule, decides.
 * The throughput phases alternate HTTP and bare over BENCH_ROUNDS rounds (default 3) and print the
 * median ratio, with the CPU each side spent per accepted bid (from /proc, so Linux only).
 */
import { readFileSync } from 'node:fs';
import nodeHttp from 'node:http';
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
/** HTTP and bare phases alternate over this many rounds (each on its own lot); medians are printed. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** BENCH_CPU_PROF=1: the app writes a V8 CPU profile to .tmp/bench-bids-prof/ (node --cpu-prof). */
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const TICK_MS = 10; // USER_HZ = 100 on Linux: /proc/<pid>/stat counts CPU time in 10 ms ticks

/** CPU time (user + system, ms) a process has used so far. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const { database, url, drop } = await benchDatabase('bench_bids', BIDDERS + 8);
let app: ReturnType<typeof spawn> | undefined;
try {
  // The app runs in its own process (as in production), so the load generator does not steal its event loop.
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const profDir = path.join(ROOT, '.tmp', 'bench-bids-prof');
  const server = spawn(process.execPath, [...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      AUCTION_CLOSE_INTERVAL_MS: '0',
      RATE_LIMIT_FACTOR: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  app = server;
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  const seller = await createUser(database.db, { category: 'supplier' });
  const bidders = await Promise.all(Array.from({ length: BIDDERS }, (_, i) => createUser(database.db, { category: 'client', companyName: `Bidder ${i}` })));
  const cookies: string[] = [];
  for (const b of bidders) {
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: b.email, password: b.password }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('primeur_sid='));
    if (!cookie) throw new Error(`login failed: ${res.status}`);
    cookies.push(cookie.split(';')[0]!);
  }

  let cents = 100;
  let failures = 0;
  // Steps of 5 cents, the largest increment band (BID_INCREMENTS), so a bid that arrives in order is
  // always valid; the counter restarts with each lot, below MAX_BID_CENTS for a whole phase.
  const nextAmount = () => (cents += 5) / 100;
  const newLot = () => {
    cents = 100;
    return createAuction(database.db, { supplierId: seller.id, price: 1 });
  };

  // The load generator shares the 2 cores with the app and PostgreSQL, so it is kept light: node:http
  // on kept-alive sockets (one per bidder), not fetch, which cost ~3× more CPU per request here.
  const agent = new nodeHttp.Agent({ keepAlive: true, maxSockets: BIDDERS * 4 });
  const post = (urlPath: string, cookie: string, body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = nodeHttp.request(
        {
          host: '127.0.0.1',
          port,
          path: urlPath,
          method: 'POST',
          agent,
          headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  async function httpBid(productId: number, cookie: string) {
    const t0 = performance.now();
    try {
      const status = await post(`/api/users/auction/offers/add/${productId}`, cookie, JSON.stringify({ amount: nextAmount() }));
      return { ok: status === 200, ms: performance.now() - t0 };
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
    // No maximum, no idempotency key: the same call the HTTP route makes for a plain bid.
    const res = await pool.query('select * from place_bid($1::int, $2::int, $3::numeric, null::numeric, null::text)', [
      productId,
      userId,
      nextAmount().toFixed(2),
    ]);
    return { ok: res.rows[0].r_outcome === 'OK', ms: performance.now() - t0 };
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

  const warm = await newLot();
  for (let i = 0; i < 200; i++) await httpBid(warm.id, cookies[i % BIDDERS]!);

  // Each phase: accepted bids/s, and the CPU it cost — the app process (server) and this process
  // (the load generator: HTTP client, or the bare pg client) — per accepted bid.
  const serverPid = server.pid!;
  async function phase(kind: 'http' | 'bare') {
    const lot = await newLot();
    const s0 = processCpuMs(serverPid);
    const c0 = ownCpuMs();
    const r = await closedLoop((i) => (kind === 'http' ? httpBid(lot.id, cookies[i]!) : bareBid(lot.id, bidders[i]!.id)));
    const per = (ms: number) => (r.accepted ? ms / r.accepted : NaN);
    return { ...r, serverCpuPerBid: per(processCpuMs(serverPid) - s0), clientCpuPerBid: per(ownCpuMs() - c0) };
  }
  const rounds: Array<{ http: Awaited<ReturnType<typeof phase>>; bare: Awaited<ReturnType<typeof phase>> }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order, so a burst of load from elsewhere does not always hit the same side.
    if (round % 2 === 0) {
      const http = await phase('http');
      rounds.push({ http, bare: await phase('bare') });
    } else {
      const bare = await phase('bare');
      rounds.push({ http: await phase('http'), bare });
    }
  }
  const ratios = rounds.map((r) => (100 * r.http.perSec) / r.bare.perSec);
  const mid = rounds[ratios.indexOf([...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!)]!;
  const { http, bare } = mid;
  const lotOpen = await newLot();
  const open = await openLoop(lotOpen.id);
  const lotLow = await newLot();
  const low = await openLoop(lotLow.id, LOW_RATE);

  console.log(
    `\nbench/bids — one hot auction, ${BIDDERS} concurrent bidders, ${DURATION_MS / 1000} s per phase, PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.table({
    'HTTP (app), max rate': { 'accepted bids/s': http.perSec.toFixed(0), p50: ms(http.p50), p99: ms(http.p99), max: ms(http.max) },
    'bare pg, same transaction': { 'accepted bids/s': bare.perSec.toFixed(0), p50: ms(bare.p50), p99: ms(bare.p99), max: ms(bare.max) },
    [`HTTP at ${OFFERED_RATE} offered bids/s`]: { 'accepted bids/s': open.perSec.toFixed(0), p50: ms(open.p50), p99: ms(open.p99), max: ms(open.max) },
    [`HTTP at ${LOW_RATE} offered bids/s`]: { 'accepted bids/s': low.perSec.toFixed(0), p50: ms(low.p50), p99: ms(low.p99), max: ms(low.max) },
  });
  console.log(`\nrounds (HTTP and bare alternating, ${DURATION_MS / 1000} s each; the median round is in the table above):`);
  console.table(
    Object.fromEntries(
      rounds.map((r, i) => [
        `round ${i + 1}`,
        {
          'HTTP bids/s': r.http.perSec.toFixed(0),
          'bare bids/s': r.bare.perSec.toFixed(0),
          'HTTP/bare': `${ratios[i]!.toFixed(0)} %`,
          'app CPU ms/bid (HTTP)': r.http.serverCpuPerBid.toFixed(2),
          'load-gen CPU ms/bid (HTTP client)': r.http.clientCpuPerBid.toFixed(2),
          'bare client CPU ms/bid (pg)': r.bare.clientCpuPerBid.toFixed(2),
        },
      ]),
    ),
  );
  const ratio = median(ratios);
  if (failures) console.log(`connection failures: ${failures}`);
  console.log(`baseline (issue 15): HTTP/bare 43 %; p99 at 500 offered bids/s 37.7 ms`);
  console.log(`HTTP/bare throughput, median of ${ROUNDS} rounds: ${ratio.toFixed(0)} % (goal ≥ 70 %) — ${ratio >= 70 ? 'MET' : 'MISSED'}`);
  console.log(
    `CPU per accepted bid, medians: app process ${median(rounds.map((r) => r.http.serverCpuPerBid)).toFixed(2)} ms; ` +
      `HTTP load generator ${median(rounds.map((r) => r.http.clientCpuPerBid)).toFixed(2)} ms; bare pg client ${median(rounds.map((r) => r.bare.clientCpuPerBid)).toFixed(2)} ms ` +
      `(PostgreSQL's own CPU is the same work on both sides and is not counted)`,
  );
  console.log(`p99 at ${open.offered.toFixed(0)} offered bids/s: ${ms(open.p99)} (goal ≤ 25 ms) — ${open.p99 <= 25 ? 'MET' : 'MISSED'}`);
  await pool.end();
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (CPU_PROF) console.log(`CPU profile of the app: ${profDir} (open in Chrome DevTools, or: npx tsx bench/bids/profile-summary.ts ${profDir})`);
} finally {
  // Also when the run failed: never leave the app running on a dropped database.
  if (app && app.exitCode === null && app.signalCode === null) {
    app.kill('SIGTERM');
    await new Promise((r) => app!.once('exit', r));
  }
  await drop();
}
