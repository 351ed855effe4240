import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { syncReferenceData } from '../apps/server/src/db/reference/sync.js';

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
