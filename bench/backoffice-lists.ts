/**
 * Times the back-office list calls that the configuration pages load (full suppliers with
 * certificates, contacts and products) for a growing number of suppliers, on embedded PGlite.
 * Run: npx tsx bench/backoffice-lists.ts [suppliers=300]
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createUser } from '../apps/server/src/db/factories.js';
import { createSupplier } from '../apps/server/src/db/factories/backoffice.js';
import { readCatalogFile } from '../apps/server/src/db/reference/catalog.js';
import { syncReferenceData } from '../apps/server/src/db/reference/sync.js';
import { SESSION_COOKIE } from '../apps/server/src/plugins/session.js';

const total = Number(process.argv[2] ?? 300);
const database = await openDatabase({});
await database.migrate();
await syncReferenceData(database.db);
const codes = readCatalogFile().articles.map((a) => a.code);
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), database });
await app.ready();
const admin = await createUser(database.db, { category: 'admin' });
const cookie = `${SESSION_COOKIE}=${await app.sessions.create(admin.id)}`;

async function time(url: string, runs = 20) {
  await app.inject({ url, headers: { cookie } });
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await app.inject({ url, headers: { cookie } });
    ms.push(performance.now() - t);
    bytes = res.body.length;
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(runs / 2)]!.toFixed(1), p95: ms[Math.floor(runs * 0.95)]!.toFixed(1), kB: (bytes / 1024).toFixed(0) };
}

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
