import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code is written against the PostgreSQL one. */
export type Db = ReturnType<typeof drizzlePg<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The pg pool when running on PostgreSQL (benchmarks, LISTEN). */
  pool?: pg.Pool;
  /**
   * LISTENs on a channel for the life of the returned subscription. On PostgreSQL a dedicated
   * connection, reconnected after any loss; `onResumed` is called each time it is listening again
   * after a loss (notifications sent meanwhile were missed).
   */
  listen(channel: string, onNotify: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `fn` only if this session gets the advisory lock (k1, k2) at once; never waits for it. The
   * lock is held on one connection for the whole run and released after, or by the server if the
   * connection (or the process) dies — so a crashed instance never keeps a job locked. On PostgreSQL
   * that connection comes from a small pool of its own: `fn` may use every connection of the main one.
   */
  tryWithAdvisoryLock<T>(k1: number, k2: number, fn: () => Promise<T>): Promise<{ acquired: false } | { acquired: true; value: T }>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** The newest migration of the journal (drizzle's `folderMillis`, the `created_at` it records). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * True when the database has every migration of the journal: one query (decision 920). Drizzle's
 * migrator applies a migration when the newest `created_at` it recorded is older than the
 * migration's `when`; so nothing is left to apply when that newest row is at least the journal's
 * newest. Its own check reads and hashes every migration file and runs DDL first. False when the
 * migrations table is missing (a new database): the migrator then runs.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const res = await db.execute<{ last: string | null }>(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
    const last = res.rows[0]?.last;
    return last !== null && last !== undefined && Number(last) >= newestMigrationMillis();
  } catch {
    return false;
  }
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; omit for an in-memory one. */
  dataDir?: string;
  /** Pre-built PGlite instance (tests load a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  /** How long a request waits for a connection (default PG_CONNECT_TIMEOUT_MS); tests opening many at once on a loaded machine wait longer. */
  connectTimeoutMs?: number;
  /** Where connection faults are reported (a broken connection is dropped, never fatal). */
  onConnectionError?: (err: Error) => void;
}

/**
 * Fail fast when the server is unreachable (a request waits at most this long for a connection, then
 * answers 503), and never let one statement hold a connection for ever.
 */
export const PG_CONNECT_TIMEOUT_MS = 3_000;
export const PG_STATEMENT_TIMEOUT_MS = 30_000;
/** Connections kept for the jobs' advisory locks, beside the requests' pool: more than the jobs an instance runs. */
export const LOCK_POOL_SIZE = 8;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      // Client-side bound too: a server that vanished without closing the socket never answers.
      query_timeout: PG_STATEMENT_TIMEOUT_MS + 5_000,
      idle_in_transaction_session_timeout: PG_STATEMENT_TIMEOUT_MS,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
    });
    const report = opts.onConnectionError ?? ((err: Error) => console.error('database connection error:', err.message));
    // Every connection gets a listener for its whole life: one checked out between two statements of
    // a transaction has none of the pool's, and an unhandled 'error' event ends the process. The
    // statement in flight fails on its own; the pool drops a broken connection when it comes back.
    pool.on('connect', (client) => {
      client.on('error', (err) => report(err));
    });
    // An idle connection the server closed (restart, failover, pg_terminate_backend) is also re-emitted
    // on the pool; already reported by the listener above, it only must not go unhandled.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    const connectionString = opts.databaseUrl;
    // The jobs' advisory locks live on connections of their own (decision 961): one per job running.
    const lockPool = new pg.Pool({
      connectionString,
      max: LOCK_POOL_SIZE,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
      query_timeout: PG_STATEMENT_TIMEOUT_MS + 5_000,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
    });
    lockPool.on('connect', (client) => {
      client.on('error', (err) => report(err));
    });
    lockPool.on('error', () => undefined);
    return {
      db,
      kind: 'postgres',
      pool,
      listen: (channel, onNotify, onResumed) => listenPg(connectionString, channel, onNotify, onResumed, report),
      // The lock's session is a connection of the lock pool, not of the requests' pool (decision 961).
      // Taken from the requests' pool, it was held for the whole run while the run's own queries
      // waited for another connection of the same pool: as many runs at once as the pool has
      // connections (the jobs all start together) held every connection and waited for one more,
      // until the connect timeout failed them. A run waiting for a lock connection holds nothing.
      async tryWithAdvisoryLock(k1, k2, fn) {
        const client = await lockPool.connect();
        let broken: Error | undefined;
        try {
          const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [k1, k2]);
          if (!got.rows[0]?.ok) return { acquired: false as const };
          try {
            return { acquired: true as const, value: await fn() };
          } finally {
            await client.query('select pg_advisory_unlock($1, $2)', [k1, k2]).catch((err: Error) => {
              broken = err; // the session is dropped, and its lock with it
            });
          }
        } finally {
          client.release(broken);
        }
      },
      migrate: async () => {
        if (!(await migrationsApplied(db))) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      },
      // Idempotent: a test may end the pool to play an outage, then close the database as usual.
      close: async () => {
        await Promise.all([pool.ended ? undefined : pool.end(), lockPool.ended ? undefined : lockPool.end()]);
      },
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
    client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pg')) : new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const pgl = client;
  const heldLocks = new Set<string>();
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      if (!(await migrationsApplied(db))) await migratePglite(drizzlePglite(pgl, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => (pgl.closed ? Promise.resolve() : pgl.close()),
    // One process holds the embedded database, on one session: the lock is still taken, so that a
    // job cannot overlap itself.
    async tryWithAdvisoryLock(k1, k2, fn) {
      // Session-level advisory locks are re-entrant within one session, and PGlite has one session:
      // the keys held are also tracked here, so that a second taker is refused as on PostgreSQL.
      const key = `${k1}:${k2}`;
      if (heldLocks.has(key)) return { acquired: false as const };
      heldLocks.add(key);
      try {
        const got = await pgl.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [k1, k2]);
        if (!got.rows[0]?.ok) return { acquired: false as const };
        try {
          return { acquired: true as const, value: await fn() };
        } finally {
          if (!pgl.closed) await pgl.query('select pg_advisory_unlock($1, $2)', [k1, k2]);
        }
      } finally {
        heldLocks.delete(key);
      }
    },
    // One process holds the embedded database: its notifications cannot be missed.
    listen: async (channel, onNotify) => {
      const unlisten = await pgl.listen(channel, onNotify);
      return async () => {
        if (!pgl.closed) await unlisten();
      };
    },
  };
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 2_000;

/** A LISTEN connection of its own (LISTEN is per session; pooled connections come and go). */
async function listenPg(url: string, channel: string, onNotify: (payload: string) => void, onResumed: (() => void) | undefined, report: (err: Error) => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, keepAlive: true });
    c.on('error', (err) => report(err));
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onNotify(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      // A connection that failed half-way is closed, never left open beside the next attempt.
      await c.end().catch(() => undefined);
      throw err;
    }
    // Stopped while this reconnection was on its way (the app closing during an outage): the new
    // connection is closed at once instead of listening for ever, which also kept its database from
    // being dropped.
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    c.once('end', () => {
      if (stopped) return;
      client = undefined;
      schedule(true);
    });
  };

  const schedule = (lost: boolean) => {
    timer = setTimeout(async () => {
      if (stopped) return;
      try {
        await (connecting = connect());
        retryMs = RETRY_MIN_MS;
        if (lost) onResumed?.();
      } catch (err) {
        report(err instanceof Error ? err : new Error(String(err)));
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
        if (!stopped) schedule(lost);
      }
    }, retryMs);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await connecting?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  };
}
