/**
 * bench/auctions-list — GET /api/users/product/listActiveAuctionsWithBiggestOffer with 1 000 live
 * auctions (plus 4 000 ended or fixed-price lots) and 1 000 000 offers on PostgreSQL: latency over
 * HTTP and of the database queries alone, and the query plans (an index, no scan of all offers).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { createUser } from '../../apps/server/src/db/factories.js';
import { countryId, createArticle, createPackaging } from '../../apps/server/src/db/factories/listings.js';
import { auctionsService } from '../../apps/server/src/modules/auctions/auctions.service.js';
import { marketplaceRepository } from '../../apps/server/src/modules/marketplace/marketplace.repository.js';
import { benchDatabase, ms, summary } from '../lib.js';

const LIVE = 1000;
const OTHER = 4000;
const OFFERS_PER_LIVE = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const { database, drop } = await benchDatabase('bench_auctions_list', 10);
try {
  const db = database.db;
  const seller = await createUser(db, { category: 'supplier' });
  const buyer = await createUser(db, { category: 'client' });
  const article = await createArticle(db);
  const packaging = await createPackaging(db);
  const origin = await countryId(db, 'ES');
  const t0 = performance.now();
  // Live auctions end over the next 3 days; the others ended long ago or are fixed-price lots.
  await db.execute(sql`
    insert into products (supplier_id, article_id, name, origin_id, packaging_id, price, quantity, available_until, photos, status, auction_start_date, ends_at)
    select ${seller.id}, ${article.id}, 'Lot ' || g, ${origin}, ${packaging.id}, 1, 10, current_date + 30, '["a.png"]'::jsonb, 'IN_AUCTION',
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '3 days'
    from generate_series(1, ${LIVE}) g`);
  await db.execute(sql`
    insert into products (supplier_id, article_id, name, origin_id, packaging_id, price, quantity, available_until, photos, status, auction_start_date, ends_at)
    select ${seller.id}, ${article.id}, 'Old ' || g, ${origin}, ${packaging.id}, 1, 10, current_date - 1, '["a.png"]'::jsonb,
           case when g % 2 = 0 then 'EXPIRED' else 'ENABLED' end::product_status,
           case when g % 2 = 0 then now() - interval '10 days' end, case when g % 2 = 0 then now() - interval '7 days' end
    from generate_series(1, ${OTHER}) g`);
  await db.execute(sql`
    insert into offers (product_id, user_id, amount, created_at)
    select p.id, ${buyer.id}, 1 + g * 0.01, now() - ((${OFFERS_PER_LIVE} - g) || ' seconds')::interval
    from products p cross join generate_series(1, ${OFFERS_PER_LIVE}) g where p.status = 'IN_AUCTION'`);
  // Steady state, as autovacuum leaves a live table: statistics, and the visibility map that lets the
  // index-only probe of the highest offer skip the heap.
  await db.execute(sql`vacuum analyze`);
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from offers`)).rows as [{ n: number }];
  console.log(`data: ${LIVE} live auctions, ${OTHER} other lots, ${n} offers (built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const app = await buildApp({ config: { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), auctionCloseIntervalMs: 0 }, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/users/product/listActiveAuctionsWithBiggestOffer`;
  const cookie = `primeur_sid=${await app.sessions.create(buyer.id)}`;

  const measure = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await fn();
    const lat: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await fn();
      lat.push(performance.now() - s);
    }
    return summary(lat);
  };
  const first = await (await fetch(url, { headers: { cookie } })).json();
  if (!Array.isArray(first) || first.length !== LIVE || first[0].amount === null) throw new Error('unexpected answer');

  // The query the endpoint runs (lots with article, origin, packaging, seller and the highest offer).
  const query = marketplaceRepository.listOpenAuctions(db).toSQL();
  const pool = database.pool!;
  const queryOnly = await measure(() => pool.query(query.sql, query.params));
  const service = await measure(() => auctionsService.listActive(db));
  const http = await measure(async () => (await fetch(url, { headers: { cookie } })).arrayBuffer());

  console.log(`\nbench/auctions-list — ${RUNS} runs each; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine`);
  console.table({
    'the endpoint query (SQL only)': { p50: ms(queryOnly.p50), p99: ms(queryOnly.p99), max: ms(queryOnly.max) },
    'service (query + presenting)': { p50: ms(service.p50), p99: ms(service.p99), max: ms(service.max) },
    'HTTP GET (JSON of 1 000 items)': { p50: ms(http.p50), p99: ms(http.p99), max: ms(http.max) },
  });
  console.log(`goal p99 ≤ 20 ms: SQL ${queryOnly.p99 <= 20 ? 'met' : 'MISSED'}, service ${service.p99 <= 20 ? 'met' : 'MISSED'}, HTTP ${http.p99 <= 20 ? 'met' : 'MISSED'}`);

  const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${query.sql}`, query.params);
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  console.log('\nEXPLAIN ANALYZE (open auctions with their highest offer):\n' + lines.map((l) => '  ' + l).join('\n'));
  const usesIndexes = lines.some((l) => /Index (Only )?Scan.*offers_product_amount_idx/.test(l)) && !lines.some((l) => /Seq Scan on offers/.test(l));
  console.log(`offers read through offers_product_amount_idx, no sequential scan of offers: ${usesIndexes ? 'yes' : 'NO'}`);
  await app.close();
} finally {
  await drop();
}
