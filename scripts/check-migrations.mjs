#!/usr/bin/env node
// Fails when `drizzle-kit generate` would write a migration: the TypeScript schema
// (apps/server/src/db/schema) and the committed snapshot chain (apps/server/drizzle/meta) disagree.
// Runs drizzle-kit against a throwaway copy of apps/server/drizzle, so the working tree is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const committed = path.join(server, 'drizzle');
// bin.cjs is not in the package's exports: find the package folder through its main entry.
const drizzleKit = path.join(path.dirname(createRequire(path.join(server, 'package.json')).resolve('drizzle-kit')), 'bin.cjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'primeur-migrations-'));
const out = path.join(scratch, 'drizzle');

try {
  cpSync(committed, out, { recursive: true });
  const before = new Set(readdirSync(out).filter((f) => f.endsWith('.sql')));
  const run = spawnSync(
    process.execPath,
    [
      drizzleKit,
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      // drizzle-kit prefixes the folder with "./", so an absolute path would not be found.
      path.relative(server, out),
      '--name',
      'pending_schema_change',
    ],
    { cwd: server, encoding: 'utf8' },
  );
  // drizzle-kit exits 0 on some failures (an unreadable snapshot); trust only its two success lines.
  const said = run.stdout + run.stderr;
  if (run.status !== 0 || !/No schema changes|Your SQL migration file/.test(said)) {
    process.stderr.write(said);
    console.error('check-migrations: drizzle-kit generate failed.');
    process.exit(1);
  }
  const written = readdirSync(out).filter((f) => f.endsWith('.sql') && !before.has(f));
  if (written.length > 0) {
    for (const file of written) {
      console.error(`check-migrations: drizzle-kit would write ${file}:`);
      console.error(readFileSync(path.join(out, file), 'utf8'));
    }
    console.error(
      'The schema in apps/server/src/db/schema changed without a migration, or a hand-written migration left the\n' +
        'snapshot chain behind. Run `npm run db:generate -- --name <what>` and commit the migration with its snapshot\n' +
        '(docs/schema-changes.md).',
    );
    process.exit(1);
  }
  console.log('check-migrations: the schema and the migrations agree (drizzle-kit generate writes nothing).');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
