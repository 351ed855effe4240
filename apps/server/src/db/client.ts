import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; omit for an in-memory one. */
  dataDir?: string;
  /** Pre-built PGlite instance (tests load a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
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
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(pgl, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pgl.close(),
  };
}
