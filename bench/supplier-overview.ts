import { dayInParis } from '@primeur/shared';
/**
 * Times the supplier overview (SQL aggregate, decision 122) and one supplier's price list as the
 * variant table grows, on embedded PGlite. Each supplier deals in 10 articles, CIT04 among them;
 * variants are spread over 120 days around today, so a one-week range keeps a fraction of them.
 * Run: npx tsx bench/supplier-overview.ts [suppliers=200]
 */
import { sql } from 'drizzle-orm';
import { articleByCode, createSupplier } from '../apps/server/src/db/factories/backoffice.js';
import { readCatalogFile } from '../apps/server/src/db/reference/catalog.js';
import { pgliteAppAsAdmin, timeGet } from './lib.js';

const suppliers = Number(process.argv[2] ?? 200);
const { database, app, cookie } = await pgliteAppAsAdmin();
const codes = readCatalogFile()
  .articles.map((a) => a.code)
  .filter((c) => c !== 'CIT04');

const time = (url: string) => timeGet(app, cookie, url);

for (let i = 0; i < suppliers; i++) {
  await createSupplier(database.db, { country: 'ES', discount: i % 10, products: ['CIT04', ...codes.slice((i * 7) % 150, ((i * 7) % 150) + 9)] });
}
const { id: productId } = await articleByCode(database.db, 'CIT04');
const day = (n: number) => dayInParis(n);
const [from, to] = [day(0), day(7)];
for (const perLink of [1, 5, 25]) {
  await database.db.execute(sql`delete from supplier_variants`);
  await database.db.execute(sql`
    insert into supplier_variants (product_link_id, caliber, price_kg, volume, start_date, end_date)
    select l.id, (g % 3)::text, 0.5 + (g % 17) / 10.0, g % 20, current_date + ((g * 37 + l.id * 11) % 120 - 60), current_date + ((g * 37 + l.id * 11) % 120 - 60) + 10
    from product_links l cross join generate_series(1, ${perLink}) g`);
  const total = await database.db.$count(sql`supplier_variants` as never);
  const overview = await time(`/api/intern/userProduct/supplier/productDetails?productId=${productId}&startDate=${from}&endDate=${to}`);
  const list = await time('/api/intern/userProduct/supplier/products/1');
  console.log(
    `${suppliers} suppliers, ${total} variants: overview median ${overview.median} ms p95 ${overview.p95} ms ${overview.kB} kB | ` +
      `one supplier's list (${perLink * 10} variants) median ${list.median} ms ${list.kB} kB`,
  );
}
await app.close();
