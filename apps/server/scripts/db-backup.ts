/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pg), docs/operations.md "Backups":
 *   npm run db:backup [-- file.tar.gz]     writes a gzip'd dump of the data folder (default: DATA_DIR/backups/)
 *   npm run db:restore -- file.tar.gz      replaces the data folder with a dump (the old one is kept aside)
 * PGlite has one process per data folder: stop the server first (the script refuses if it answers on PORT).
 * With DATABASE_URL use PostgreSQL's own tools (pg_dump / pg_restore), see the README.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config/env.js';

const [mode, arg] = process.argv.slice(2);
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README), not with this script.');
  process.exit(2);
}
const base = config.invocationDir ?? process.cwd();
const dataDir = path.resolve(base, config.dataDir);
const pgDir = path.join(dataDir, 'pg');

// One process per PGlite folder: a running server would be corrupted by a second opener.
const running = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1000) })
  .then((r) => r.ok)
  .catch(() => false);
if (running) {
  console.error(`A server answers on port ${config.port}: stop it first (the embedded database has one process).`);
  process.exit(1);
}

if (mode === 'backup') {
  if (!existsSync(pgDir)) {
    console.error(`No embedded database in ${pgDir}.`);
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = arg ? path.resolve(base, arg) : path.join(dataDir, 'backups', `primeur-${stamp}.tar.gz`);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new PGlite(pgDir);
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  console.log(`Backup written: ${file} (${Math.round(dump.size / 1024)} kB)`);
} else if (mode === 'restore') {
  if (!arg) {
    console.error('usage: npm run db:restore -- <backup.tar.gz>');
    process.exit(2);
  }
  const file = path.resolve(base, arg);
  const dump = new Blob([readFileSync(file)]);
  // Check the dump opens before touching the current database.
  const probe = new PGlite({ loadDataDir: dump });
  await probe.waitReady;
  await probe.query('select 1');
  await probe.close();
  if (existsSync(pgDir)) {
    const aside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgDir, aside);
    console.log(`Current database kept aside: ${aside}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(pgDir, { loadDataDir: dump });
  await db.waitReady;
  await db.close();
  console.log(`Restored ${file} into ${pgDir}`);
} else {
  console.error('usage: db-backup.ts backup [file] | restore <file>');
  process.exit(2);
}
