import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { marketPrices, priceImports } from '../src/db/schema/index.js';
import { freshDatabase } from '../test/database.js';
import { BAD_MARKET_CSV, GOOD_MARKET_CSV, GOOD_MARKET_CSV_V2 } from '../src/pricing/prices/test-files.js';

const run = promisify(execFile);
const TSX = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
let dir: string;
/**
 * On the PostgreSQL pass (TEST_DATABASE_URL) the command runs against a fresh database there, as it
 * does in production; otherwise against an embedded database in the temp dir, as on a laptop. Six
 * embedded databases opened by three commands and three reads were 45 s of the loaded pass.
 */
let postgres: Database | undefined;
let databaseUrl = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'primeur-prices-cli-'));
  if (process.env.TEST_DATABASE_URL) {
    postgres = await freshDatabase();
    databaseUrl = (postgres.pool!.options as { connectionString: string }).connectionString;
  }
  await writeFile(path.join(dir, 'good.csv'), GOOD_MARKET_CSV);
  await writeFile(path.join(dir, 'good-v2.csv'), GOOD_MARKET_CSV_V2);
  await writeFile(path.join(dir, 'bad.csv'), BAD_MARKET_CSV);
});
afterAll(async () => {
  await postgres?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the command as `npm run prices:import -- <file>` would, against the file's database. */
async function cli(file: string) {
  try {
    const r = await run(TSX, ['scripts/prices-import.ts', file], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: databaseUrl, REDIS_URL: '', INIT_CWD: dir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

async function stored() {
  if (postgres) return read(postgres);
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}
async function read(database: Database) {
  const rows = await database.db.select().from(marketPrices);
  const imports = await database.db.select().from(priceImports);
  return { rows, imports };
}

describe('npm run prices:import', () => {
  it('imports a file named relative to where the command was typed', async () => {
    const r = await cli('good.csv');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Imported 3 market price rows for 2026-04-01.');
    const { rows, imports } = await stored();
    expect(rows).toHaveLength(3);
    expect(imports).toMatchObject([{ origin: 'cli', label: 'good.csv', status: 'ok', rowCount: 3 }]);
  }, 120_000);

  it('replaces the same rows on re-import', async () => {
    const r = await cli('good-v2.csv');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const { rows } = await stored();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.name === 'Tomato')!.avgPrice).toBe('1.600');
  }, 120_000);

  it('refuses a malformed file with exit code 1, the line and the reason, and stores nothing', async () => {
    const r = await cli(path.join(dir, 'bad.csv'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('Line 3: minPrice 1.5 is greater than maxPrice 0.9');
    const { rows, imports } = await stored();
    expect(rows.filter((x) => x.date === '2026-04-02')).toEqual([]);
    expect(imports.at(-1)).toMatchObject({ origin: 'cli', status: 'failed', line: 3 });
  }, 120_000);
});
