import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { createUser } from '../apps/server/src/db/factories.js';
import { syncReferenceData } from '../apps/server/src/db/reference/sync.js';
import { SESSION_COOKIE } from '../apps/server/src/plugins/session.js';

/** PostgreSQL server the benchmarks create their throw-away database on. */
export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh migrated database; dropped by the returned cleanup. */
export async function benchDatabase(prefix: string, poolSize = 40): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDb(BENCH_URL, name);
  const database = await openDatabase({ databaseUrl: url, poolSize });
  await database.migrate();
  await syncReferenceData(database.db);
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: BENCH_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summary(latencies: number[]) {
  const s = [...latencies].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

/** The app on a fresh embedded PGlite (migrated, reference data in) and an admin's session cookie. */
export async function pgliteAppAsAdmin() {
  const database = await openDatabase({});
  await database.migrate();
  await syncReferenceData(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), database });
  await app.ready();
  const admin = await createUser(database.db, { category: 'admin' });
  const cookie = `${SESSION_COOKIE}=${await app.sessions.create(admin.id)}`;
  return { database, app, cookie };
}

/**
 * Times GET `url` with the cookie: one warm-up call, then `runs` calls; median and p95 in ms and the
 * answer's size. A call that does not answer 200 stops the run (its time would mean nothing).
 */
export async function timeGet(app: FastifyInstance, cookie: string, url: string, runs = 20) {
  await app.inject({ url, headers: { cookie } });
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await app.inject({ url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    ms.push(performance.now() - t);
    bytes = res.body.length;
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(runs / 2)]!.toFixed(1), p95: ms[Math.floor(runs * 0.95)]!.toFixed(1), kB: (bytes / 1024).toFixed(0) };
}

/**
 * A light HTTP client on one kept-alive socket, for apps the benchmark runs in its own process (the
 * client's own cost would show in the latencies): `get` answers the body of a 200, else fails.
 */
export function keepAliveClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (port: number, path: string, cookie: string) =>
    new Promise<string>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode} ${body}`))));
      });
      req.on('error', reject);
      req.end();
    });
  return { get, close: () => agent.destroy() };
}

/**
 * Runs each kind of call `warmup` times, then `runs` times in `rounds` alternating rounds (forward, then
 * backward: the load of a shared machine moves in minutes, and each kind sees the same share of it).
 * Answers each kind's latencies (ms) and the load average before → after.
 */
export async function alternatingRounds<K extends string>(kinds: Record<K, () => Promise<unknown>>, runs: number, rounds: number, warmup = 10) {
  const names = Object.keys(kinds) as K[];
  const lat = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (const k of names) for (let w = 0; w < warmup; w++) await kinds[k]();
  const before = loadavg();
  const perRound = Math.max(1, Math.round(runs / rounds));
  for (let round = 0; round < rounds; round++) {
    for (const k of round % 2 ? [...names].reverse() : names) {
      for (let n = 0; n < perRound; n++) {
        const s = performance.now();
        await kinds[k]();
        lat[k].push(performance.now() - s);
      }
    }
  }
  const load = [before, loadavg()].map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' → ');
  return { names, lat, load, perRound };
}
