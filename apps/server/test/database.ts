import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';
import { TEMPLATE_DB_NAME, TEMPLATE_DUMP } from './template.js';

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(TEMPLATE_DUMP)]);
    return openDatabase({ pglite: new PGlite({ loadDataDir: dump }) });
  }
  const name = `primeur_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB_NAME}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 10 });
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
