import { todayInParis } from '@primeur/shared';
/**
 * Figures for back office III, on embedded PGlite:
 * - offer parser: lines per second over the real-style test lines, matched against the full catalog;
 * - price list: time to generate (price + render + store) and download a list of N lines.
 * Run: npx tsx bench/backoffice3.ts [lines=200]
 */
import { performance } from 'node:perf_hooks';
import { createClient, createSupplier } from '../apps/server/src/db/factories/backoffice.js';
import { createClientVariant } from '../apps/server/src/db/factories/client-products.js';
import { createVariant } from '../apps/server/src/db/factories/supplier-products.js';
import { readCatalogFile } from '../apps/server/src/db/reference/catalog.js';
import { CatalogMatcher } from '../apps/server/src/lib/offers/catalog-matcher.js';
import { parseMessage } from '../apps/server/src/lib/offers/offer-parser.js';
import { referenceMatchCatalog } from '../apps/server/src/db/reference/match-catalog.js';
import { pgliteAppAsAdmin } from './lib.js';

const total = Number(process.argv[2] ?? 200);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Parser.
const t0 = performance.now();
const matcher = new CatalogMatcher(referenceMatchCatalog());
const built = performance.now() - t0;
const lines = [
  'Naranja navel cal 3 España 0,65€/kg 4 pal desde 25/11',
  'Clémentines Maroc cal 2 colis 10kg 9€ le colis 2 pal à partir du 28/11',
  'Hass avocados Peru size 20 4kg box €10.50/box 2 pallets',
  'Fresas tarrina 500g 1,60€/ud 5 pal Huelva',
  'Hola buenos días, os paso oferta',
];
const message = Array.from({ length: 200 }, (_, i) => lines[i % lines.length]).join('\n');
const runs: number[] = [];
for (let i = 0; i < 10; i++) {
  const s = performance.now();
  parseMessage(message, matcher, { today: new Date() });
  runs.push(performance.now() - s);
}
console.log(
  `parser: matcher built in ${built.toFixed(0)} ms; 200-line message in ${median(runs).toFixed(0)} ms median (${(200 / (median(runs) / 1000)).toFixed(0)} lines/s)`,
);

// Price list.
const { database, app, cookie } = await pgliteAppAsAdmin();
const codes = readCatalogFile()
  .articles.map((a) => a.code)
  .slice(0, Math.ceil(total / 4));
const today = todayInParis();
const supplier = await createSupplier(database.db, { company: 'Bench supplier', discount: 3 });
for (const code of codes) {
  for (const caliber of ['1', '2'])
    await createVariant(database.db, { supplierId: supplier.id, code, caliber, weightPiece: 0.2, nbPiece: 50, priceKg: 1.5, startDate: today, endDate: today });
}
const client = await createClient(database.db, { company: 'Bench client GmbH', ict: 'CIF', carrier: 'STEF', contacts: [{ phone: '+494012345678' }] });
let made = 0;
for (const code of codes) {
  for (const caliber of ['1', '2', '3', '4']) {
    if (made++ < total) await createClientVariant(database.db, { clientId: client.id, code, caliber });
  }
}
const gen: number[] = [];
const dl: number[] = [];
let meta: { lines: number; pricedLines: number; pages: number; bytes: number } | undefined;
for (let i = 0; i < 5; i++) {
  let s = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/intern/client/${client.id}/generatePriceList`, headers: { cookie } });
  gen.push(performance.now() - s);
  meta = res.json();
  s = performance.now();
  await app.inject({ url: `/api/intern/client/downloadClientPriceList/${encodeURIComponent('Bench client GmbH')}`, headers: { cookie } });
  dl.push(performance.now() - s);
}
console.log(
  `price list: ${meta!.lines} lines (${meta!.pricedLines} priced), ${meta!.pages} pages, ${(meta!.bytes / 1024).toFixed(0)} KiB; generate ${median(gen).toFixed(0)} ms median, download ${median(dl).toFixed(0)} ms median`,
);
await app.close();
await database.close();
