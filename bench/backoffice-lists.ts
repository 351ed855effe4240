/**
 * Times the back-office list calls that the configuration pages load (full suppliers with
 * certificates, contacts and products) for a growing number of suppliers, on embedded PGlite.
 * Run: npx tsx bench/backoffice-lists.ts [suppliers=300]
 */
import { createSupplier } from '../apps/server/src/db/factories/backoffice.js';
import { readCatalogFile } from '../apps/server/src/db/reference/catalog.js';
import { pgliteAppAsAdmin, timeGet } from './lib.js';

const total = Number(process.argv[2] ?? 300);
const { database, app, cookie } = await pgliteAppAsAdmin();
const codes = readCatalogFile().articles.map((a) => a.code);

const time = (url: string) => timeGet(app, cookie, url);

let made = 0;
for (const step of [...new Set([10, 100, total])].filter((n) => n <= total).sort((a, b) => a - b)) {
  for (; made < step; made++) {
    await createSupplier(database.db, {
      country: 'ES',
      certificates: ['GLOBALG.A.P.', 'GRASP'],
      products: codes.slice((made * 7) % 160, ((made * 7) % 160) + 10),
      contacts: [{}, {}, {}],
    });
  }
  const all = await time('/api/intern/supplier/getAll');
  const pick = await time('/api/intern/supplier/getSuppliers');
  const one = await time('/api/intern/supplier/get/1');
  console.log(
    `${step} suppliers (3 contacts, 10 products each): getAll median ${all.median} ms p95 ${all.p95} ms ${all.kB} kB | ` +
      `getSuppliers median ${pick.median} ms ${pick.kB} kB | get/{id} median ${one.median} ms ${one.kB} kB`,
  );
}
const articles = await time('/api/intern/productList/getAll');
console.log(`productList/getAll (${codes.length} articles): median ${articles.median} ms, ${articles.kB} kB`);
await app.close();
await database.close();
