import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';
import { TEMPLATE_DB_NAME, TEMPLATE_DUMP } from './template.js';

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ pglite: new PGlite(await embeddedOptions()) });
  const name = `primeur_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB_NAME}`);
  await admin.end();
  // A request waits up to 3 s for a pooled connection in production (then 503); a test on a machine
  // running several suites waits longer, since what it checks is the answer, not the wait.
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 10, connectTimeoutMs: 30_000 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * What every embedded database of a test worker shares: the compiled PostgreSQL and initdb WebAssembly
 * modules, PGlite's file bundle and the unpacked template. Compiling the engine and unpacking the
 * template again for each of ~100 files was 1–2 s per file on a loaded machine; with them kept, opening
 * a fresh database is the copy of the template alone (~0.7 s). Files share a worker's modules
 * (isolate: false), so this is built once per worker. Each database still gets its own copy.
 */
export async function embeddedOptions(): Promise<PGliteOptions> {
  engine ??= loadEngine();
  const { template, ...shared } = await engine;
  return { ...shared, loadDataDir: new Blob([template], { type: 'application/x-tar' }) };
}
let engine: Promise<Omit<PGliteOptions, 'loadDataDir'> & { template: Uint8Array<ArrayBuffer> }> | undefined;

// Node has WebAssembly at run time; the server's type libraries (no DOM) declare only its types.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

async function loadEngine() {
  const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all(['pglite.wasm', 'initdb.wasm'].map((file) => wasm.compile(readFileSync(new URL(file, dist)))));
  return {
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([readFileSync(new URL('pglite.data', dist))]),
    // The template is written once by the global set-up, before any file runs.
    template: new Uint8Array(gunzipSync(readFileSync(TEMPLATE_DUMP))),
  };
}

/**
 * Drops a test database once its connections are gone. pool.end() resolves while the last
 * connections are still closing; dropping WITH (FORCE) at that moment kills them and their clients
 * raise uncaught errors, so wait for them (object_in_use, 55006) and force only as a last resort.
 */
async function dropDatabase(url: string, name: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await c.end();
  }
}
