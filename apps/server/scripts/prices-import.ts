/**
 * Imports a price file (CSV or JSON, the dashboard's upload format) into the configured database:
 *   npm run prices:import -- path/to/prices.csv
 * All-or-nothing: a refused file stores nothing and the line and reason are printed (exit code 1).
 * With the embedded database (no DATABASE_URL), stop the server first: PGlite has one writer.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PRICE_IMPORT_MAX_BYTES } from '@primeur/shared';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';
import { HttpError } from '../src/lib/http-error.js';
import { detectFormat } from '../src/pricing/prices/price-file.js';
import * as pricesService from '../src/pricing/prices/prices.service.js';

const arg = process.argv[2];
if (!arg) {
  console.error('usage: npm run prices:import -- <file.csv|file.json>');
  process.exit(2);
}

const config = loadConfig();
const file = path.resolve(config.invocationDir ?? process.cwd(), arg);
let content: string;
try {
  const buffer = await readFile(file);
  if (buffer.byteLength > PRICE_IMPORT_MAX_BYTES) throw new Error(`larger than ${PRICE_IMPORT_MAX_BYTES} bytes`);
  content = buffer.toString('utf8');
} catch (e) {
  console.error(`Cannot read ${file}: ${(e as Error).message}`);
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
let code = 0;
try {
  await database.migrate();
  const result = await pricesService.importFile(database.db, {
    content,
    format: detectFormat(file, content),
    origin: 'cli',
    label: path.basename(file),
  });
  console.log(`Imported ${result.rowCount} ${result.type} price rows for ${result.dates.join(', ')}.`);
} catch (e) {
  code = 1;
  console.error(e instanceof HttpError ? e.message : `Import failed: ${(e as Error).message}`);
} finally {
  await database.close();
}
process.exit(code);
