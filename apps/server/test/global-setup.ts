import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { syncReferenceData } from '../src/db/reference/sync.js';
import { TEMPLATE_DB_NAME, TEMPLATE_DUMP } from './template.js';

/**
 * Builds the migrated template once per run: a PGlite data-dir dump, and on real PostgreSQL
 * (TEST_DATABASE_URL) a template database. Each test file then starts from a fresh copy.
 */
export default function setup() {
  // The server and contract projects both name this setup; one run builds the templates once.
  built ??= buildTemplates();
  return built;
}
let built: Promise<void> | undefined;

async function buildTemplates() {
  mkdirSync(path.dirname(TEMPLATE_DUMP), { recursive: true });
  const client = new PGlite();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  await syncReferenceData(database.db);
  const dump = await client.dumpDataDir('gzip');
  // Written beside, then renamed: a second run started at the same time (CI runs the PGlite and the
  // PostgreSQL passes side by side) reads a whole dump, never a half-written one.
  const partial = `${TEMPLATE_DUMP}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, TEMPLATE_DUMP);
  await client.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB_NAME} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB_NAME}`);
    await admin.end();
    const tplUrl = withDatabase(url, TEMPLATE_DB_NAME);
    const tpl = await openDatabase({ databaseUrl: tplUrl, poolSize: 2 });
    await tpl.migrate();
    await syncReferenceData(tpl.db);
    await tpl.close();
  }
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
