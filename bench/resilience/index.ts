/**
 * bench/resilience — the latencies the server tests used to assert as wall-clock budgets (decision 963).
 * The tests now assert the behaviour (the sockets close, the answer comes, nothing is lost) under a
 * generous ceiling; the figures and their goals live here, each beside a baseline measured in the same
 * run, so that a loaded machine shows as a slow baseline rather than a failed test:
 *
 *   1. ended sessions: sign-out on instance A → the user's live sockets closed on A and B (two apps,
 *      one PostgreSQL, one Redis). Baseline: a bare Redis PUBLISH → message between two connections.
 *      Goal ≤ 1 000 ms (decision 523).
 *   2. /api/health while 2 000 WhatsApp messages are taken in one call and parsed. Baseline: the same
 *      probe on the idle app. Goal: worst ≤ 200 ms.
 *   3. a request while the database refuses connections → 503. Baseline: the same request answered 200.
 *      Goal ≤ 5 000 ms (fails fast, never hangs on the pool).
 *   4. a STOMP client that promised heart-beats (100 ms; the server's interval set to 200 ms) and went
 *      silent → dropped. Goal ≤ 3 000 ms (three missed 200 ms intervals ≈ 600 ms).
 *
 *   npm run bench:resilience        (PostgreSQL: BENCH_DATABASE_URL; Redis: REDIS_URL, default local)
 *   BENCH_ROUNDS=20 npm run bench:resilience
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { createUser } from '../../apps/server/src/db/factories.js';
import { createSupplier } from '../../apps/server/src/db/factories/backoffice.js';
import { RedisEventBus } from '../../apps/server/src/realtime/redis-event-bus.js';
import { sign } from '../../apps/server/src/pricing/unchecked-products/whatsapp-webhook.js';
import { login, testConfig } from '../../apps/server/test/build-app.js';
import { frame, listenWs, rawStomp } from '../../apps/server/test/stomp-client.js';
import { BENCH_URL, benchDatabase, ms, summary } from '../lib.js';

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 10));
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

type Line = { what: string; figure: string; baseline: string; goal: string; met: boolean };
const lines: Line[] = [];
const report = (l: Line) => {
  lines.push(l);
  console.log(`${l.met ? 'MET   ' : 'MISSED'} ${l.what}: ${l.figure} (baseline ${l.baseline}; goal ${l.goal}) — load ${loadavg()[0]!.toFixed(1)}`);
};

async function endedSessions() {
  const { database: dbA, url, drop } = await benchDatabase('bench_resilience_sessions', 10);
  const dbB = await openDatabase({ databaseUrl: url, poolSize: 5 });
  const channelPrefix = `primeur-bench-${randomBytes(4).toString('hex')}:`;
  const apps: FastifyInstance[] = [];
  const buses: RedisEventBus[] = [];
  try {
    const urls: string[] = [];
    for (const database of [dbA, dbB] as Database[]) {
      const bus = await RedisEventBus.connect(REDIS_URL, { channelPrefix, secret: 'bench-resilience-secret' });
      const app = await buildApp({ config: testConfig(), database, bus });
      buses.push(bus);
      apps.push(app);
      urls.push(await listenWs(app));
    }
    // Baseline: a bare PUBLISH → message between two Redis connections, in this run.
    const pub = new Redis(REDIS_URL);
    const sub = new Redis(REDIS_URL);
    const channel = `${channelPrefix}baseline`;
    await sub.subscribe(channel);
    const bare: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const got = new Promise<void>((r) => sub.once('message', () => r()));
      const t = performance.now();
      await pub.publish(channel, 'x');
      await got;
      bare.push(performance.now() - t);
    }
    pub.disconnect();
    sub.disconnect();

    const closes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const user = await createUser(dbA.db, { category: 'client' });
      const cookie = await login(apps[0]!, user.email, user.password);
      const socks = await Promise.all(urls.map((u) => rawStomp(u, { cookie })));
      for (const s of socks) {
        s.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost' }));
        await s.waitFor((t) => t.startsWith('CONNECTED'));
      }
      const started = performance.now();
      const res = await apps[0]!.inject({ method: 'GET', url: '/auth/logout', headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`logout ${res.statusCode}`);
      const times = await Promise.all(socks.map((s) => s.closed.then(() => performance.now() - started)));
      closes.push(Math.max(...times));
    }
    const s = summary(closes);
    const b = summary(bare);
    report({
      what: `sign-out → sockets closed on both instances (${ROUNDS} rounds)`,
      figure: `p50 ${ms(s.p50)}, max ${ms(s.max)}`,
      baseline: `bare Redis round trip p50 ${ms(b.p50)}, max ${ms(b.max)}`,
      goal: '≤ 1000 ms',
      met: s.max <= 1000,
    });
  } finally {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    await dbB.close();
    await drop();
  }
}

function notification(messages: Array<{ id: string; body: string }>) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: { messages: messages.map((m) => ({ from: '34950999111', id: m.id, timestamp: '1763712000', type: 'text', text: { body: m.body } })) },
          },
        ],
      },
    ],
  });
}

async function probeHealth(base: string, until: () => boolean) {
  const lat: number[] = [];
  while (!until()) {
    const t = performance.now();
    const r = await fetch(`${base}/api/health`);
    await r.arrayBuffer();
    lat.push(performance.now() - t);
    await new Promise((r2) => setTimeout(r2, 20));
  }
  return lat;
}

async function healthDuringIntake() {
  const SECRET = 'bench-intake-secret-0123';
  const { database, drop } = await benchDatabase('bench_resilience_intake', 10);
  const app = await buildApp({ config: testConfig({ whatsapp: { verifyToken: 't', appSecret: SECRET, maxBodyBytes: 2_000_000 } }), database });
  try {
    await app.ready();
    await createSupplier(database.db, {
      company: 'Intake Bench S.L.',
      products: ['CIT01'],
      contacts: [{ firstName: 'Ana', lastName: 'Ruiz', phone: '+34950999111', email: 'ana@intake.bench' }],
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const idleUntil = performance.now() + 3000;
    const idle = await probeHealth(base, () => performance.now() > idleUntil);
    const body = notification(
      Array.from({ length: 2000 }, (_, i) => ({
        id: `wamid.BENCH${i}`,
        body: `Naranja navel cal ${1 + (i % 5)} 0,${50 + (i % 40)}€/kg ${1 + (i % 9)} pal\nLimón cal 4 granel 0,80 €/kg 6 pal`,
      })),
    );
    let done = false;
    const during = probeHealth(base, () => done);
    const res = await fetch(`${base}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, SECRET) },
      body,
    });
    if (res.status !== 200) throw new Error(`intake ${res.status}`);
    await app.intake.kick();
    const pool = new pg.Pool({ connectionString: (database.pool!.options as { connectionString: string }).connectionString, max: 1 });
    for (;;) {
      const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from inbound_messages where status in ('pending', 'parsing')");
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await pool.end();
    done = true;
    const busy = summary(await during);
    const quiet = summary(idle);
    report({
      what: `/api/health while 2 000 messages are taken and parsed (${busy.n} probes)`,
      figure: `p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)}, worst ${ms(busy.max)}`,
      baseline: `idle p50 ${ms(quiet.p50)}, worst ${ms(quiet.max)}`,
      goal: 'worst ≤ 200 ms',
      met: busy.max <= 200,
    });
  } finally {
    await app.close();
    await drop();
  }
}

async function outage() {
  const { database, url, drop } = await benchDatabase('bench_resilience_outage', 10);
  const name = new URL(url).pathname.slice(1);
  const app = await buildApp({ config: testConfig(), database });
  const admin = new pg.Client({ connectionString: BENCH_URL });
  await admin.connect();
  try {
    await app.ready();
    const ok: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url: '/api/location/origin/getAll' });
      if (r.statusCode !== 200) throw new Error(`baseline ${r.statusCode}`);
      ok.push(performance.now() - t);
    }
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    const refused: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url: '/api/location/origin/getAll' });
      if (r.statusCode !== 503) throw new Error(`during the outage: ${r.statusCode}`);
      refused.push(performance.now() - t);
    }
    await admin.query(`alter database ${name} allow_connections true`);
    const s = summary(refused);
    const b = summary(ok);
    report({
      what: `a request while the database refuses connections → 503 (${ROUNDS} requests)`,
      figure: `p50 ${ms(s.p50)}, max ${ms(s.max)}`,
      baseline: `answered 200 with the database up: p50 ${ms(b.p50)}`,
      goal: '≤ 5000 ms',
      met: s.max <= 5000,
    });
  } finally {
    await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin.end();
    await app.close();
    await drop();
  }
}

async function heartBeatDrop() {
  const { database, drop } = await benchDatabase('bench_resilience_heartbeat', 5);
  // The server's receive interval shortened to 200 ms as in the STOMP tests (production: 10 s, so a
  // silent client goes after 30 s): the figure is the drop's delay past three missed intervals.
  const stomp = { heartbeatSendMs: 200, heartbeatReceiveMs: 200, maxSubscriptions: 3, maxFrameBytes: 4096, sessionRecheckMs: 60_000, maxFramesPer10s: 40 };
  const app = await buildApp({ config: testConfig(), database, stomp });
  try {
    const url = await listenWs(app);
    const user = await createUser(database.db, { category: 'client' });
    const cookie = await login(app, user.email, user.password);
    const drops: number[] = [];
    for (let i = 0; i < Math.min(ROUNDS, 5); i++) {
      const raw = await rawStomp(url, { cookie });
      raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h', 'heart-beat': '100,0' }));
      await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
      const t = performance.now();
      await raw.closed;
      drops.push(performance.now() - t);
    }
    const s = summary(drops);
    report({
      what: `a silent STOMP client (heart-beat 100 ms) dropped (${s.n} clients)`,
      figure: `p50 ${ms(s.p50)}, max ${ms(s.max)}`,
      baseline: 'three missed 200 ms intervals: 600 ms',
      goal: '≤ 3000 ms',
      met: s.max <= 3000,
    });
  } finally {
    await app.close();
    await drop();
  }
}

console.log(`bench/resilience: ${ROUNDS} rounds; PostgreSQL ${BENCH_URL}; Redis ${REDIS_URL}; load average ${loadavg()[0]!.toFixed(1)}`);
await endedSessions();
await healthDuringIntake();
await outage();
await heartBeatDrop();
console.log(`\n${lines.filter((l) => l.met).length} of ${lines.length} goals met`);
process.exit(0);
