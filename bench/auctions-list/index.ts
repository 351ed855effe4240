/**
 * bench/auctions-list — GET /api/users/product/listActiveAuctionsWithBiggestOffer, a page of 24 of
 * 1 000 live auctions (plus 4 000 ended or fixed-price lots), in two PostgreSQL databases built
 * alike except for their offers: 10 000 in one, 1 000 000 in the other. Both are measured in the
 * same rounds, alternating (on a shared machine the load moves in minutes, so measuring one after
 * the other measured the load's change): latency over HTTP, of the service and of the page query
 * alone, the growth between the two, and the query plan (an index walk; offers never read).
 * Each card carries the market reference line (issue 25): the lots are spread over 24 articles in 4
 * catalog families with 30 days of market and grower prices (matched by article, by family, or not at
 * all); the reference query of a page is also measured uncached ("reference, cold").
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { createUser } from '../../apps/server/src/db/factories.js';
import { countryId, createArticle, createPackaging } from '../../apps/server/src/db/factories/listings.js';
import * as auctionsService from '../../apps/server/src/trading/auctions/auctions.service.js';
import * as marketplaceRepository from '../../apps/server/src/trading/marketplace/marketplace.repository.js';
import * as marketplaceService from '../../apps/server/src/trading/marketplace/marketplace.service.js';
import * as referenceService from '../../apps/server/src/pricing/prices/reference.service.js';
import { createGrowerPrices, createMarketPrices, type GrowerPriceInput, type MarketPriceInput } from '../../apps/server/src/db/factories/prices.js';
import { DEFAULT_PAGE_SIZE, addDays, todayInParis } from '@primeur/shared';
import { benchDatabase, keepAliveClient, ms, summary } from '../lib.js';

const LIVE = 1000;
const OTHER = 4000;
const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 10));
const PATH = '/api/users/product/listActiveAuctionsWithBiggestOffer';
const FILTER = { page: 1, size: DEFAULT_PAGE_SIZE };
const DEEP = { page: Math.floor(LIVE / DEFAULT_PAGE_SIZE), size: DEFAULT_PAGE_SIZE };

// A light HTTP client on kept-alive sockets: the app runs in this process, so the client's own cost
// would show in the latencies.
const client = keepAliveClient();
const get = client.get;

interface Target {
  offers: number;
  app: FastifyInstance;
  port: number;
  articleIds: number[];
  cookie: string;
  database: Awaited<ReturnType<typeof benchDatabase>>['database'];
  drop: () => Promise<void>;
}

/** A database with the lots and `perLive` offers on each live auction, and an app listening on it. */
async function build(label: string, perLive: number): Promise<Target> {
  const { database, drop } = await benchDatabase(`bench_auctions_list_${label}`, 10);
  try {
    const db = database.db;
    const seller = await createUser(db, { category: 'supplier' });
    const buyer = await createUser(db, { category: 'client' });
    // 24 articles in 4 catalog families: in the first three families every third article has no prices
    // of its own (matched by family); the fourth family has none at all (no reference).
    const articles = [];
    for (let i = 0; i < 24; i++) articles.push(await createArticle(db, { family: 'fruits', subfamily: `bench-${Math.floor(i / 6)}` }));
    const articleIds = articles.map((a) => a.id);
    const today = todayInParis();
    const market: MarketPriceInput[] = [];
    const grower: GrowerPriceInput[] = [];
    articles.forEach((a, i) => {
      if (i >= 18 || i % 3 === 0) return;
      for (let d = 0; d < 30; d++) {
        const date = addDays(today, -d);
        for (const source of ['Mercabarna', 'Mercamadrid']) {
          const avg = 1 + i / 10 + (d % 7) / 50;
          market.push({ date, source, family: 'fruits', name: a.article, articleId: a.id, minPrice: avg * 0.85, avgPrice: avg, maxPrice: avg * 1.2 });
        }
        grower.push({ date, family: 'fruits', name: a.article, articleId: a.id, cuts: [1.2, 1.1, 1, 0.95, 0.9] });
      }
    });
    await createMarketPrices(db, market);
    await createGrowerPrices(db, grower);
    const packaging = await createPackaging(db);
    const origin = await countryId(db, 'ES');
    // Live auctions end over the next 3 days; the others ended long ago or are fixed-price lots.
    await db.execute(sql`
      insert into products (supplier_id, article_id, name, origin_id, packaging_id, price, quantity, available_until, photos, status, auction_start_date, ends_at, quality_class)
      select ${seller.id}, (${sql.raw(`array[${articleIds.join(',')}]`)})[1 + g % 24], 'Lot ' || g, ${origin}, ${packaging.id}, 1, 10, current_date + 30, '["a.png"]'::jsonb, 'IN_AUCTION',
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '3 days',
             (array['EXTRA', 'I', 'II'])[1 + g % 3]::quality_class
      from generate_series(1, ${LIVE}) g`);
    await db.execute(sql`
      insert into products (supplier_id, article_id, name, origin_id, packaging_id, price, quantity, available_until, photos, status, auction_start_date, ends_at, quality_class)
      select ${seller.id}, ${articleIds[0]!}, 'Old ' || g, ${origin}, ${packaging.id}, 1, 10, current_date - 1, '["a.png"]'::jsonb,
             case when g % 2 = 0 then 'EXPIRED' else 'ENABLED' end::product_status,
             case when g % 2 = 0 then now() - interval '10 days' end, case when g % 2 = 0 then now() - interval '7 days' end,
             'I'::quality_class
      from generate_series(1, ${OTHER}) g`);
    // In slices of 20 000 rows, each well within the pool's statement timeout. The bidder-number
    // trigger (decision 700) looks each new row's bidder up in offers: with the statistics of the empty
    // table its plan is a sequential scan, quadratic over a million rows, so the table is analyzed
    // after each slice.
    for (let from = 1; from <= perLive; from += 20) {
      const to = Math.min(perLive, from + 19);
      await db.execute(sql`
        insert into offers (product_id, user_id, amount, created_at)
        select p.id, ${buyer.id}, 1 + g * 0.01, now() - ((${perLive}::int - g) || ' seconds')::interval
        from products p cross join generate_series(${from}::int, ${to}::int) g where p.status = 'IN_AUCTION'`);
      await db.execute(sql`analyze offers`);
    }
    // What place_bid keeps on the lot in the bid's transaction (migration 0002).
    await db.execute(sql`
      update products p set highest_amount = s.h, bidder_count = s.c
      from (select product_id, max(amount) as h, count(distinct user_id)::int as c from offers group by product_id) s
      where s.product_id = p.id`);
    // Steady state, as autovacuum leaves a live table.
    await db.execute(sql`vacuum analyze`);
    const offers = ((await db.execute<{ n: number }>(sql`select count(*)::int as n from offers`)).rows[0] as { n: number }).n;
    const app = await buildApp({ config: { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), auctionCloseIntervalMs: 0 }, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const cookie = `primeur_sid=${await app.sessions.create(buyer.id)}`;
    const first = JSON.parse(await get(port, `${PATH}?page=1`, cookie));
    if (first.total !== LIVE || first.items.length !== DEFAULT_PAGE_SIZE || first.items[0].amount === null)
      throw new Error(`unexpected answer at ${offers} offers`);
    const refs = (first.items as Array<{ product: { reference: { matchedBy: string } | null } }>).map((i) => i.product.reference?.matchedBy ?? 'none');
    if (!refs.includes('article') || !refs.includes('family') || !refs.includes('none')) throw new Error(`unexpected reference lines: ${refs.join(' ')}`);
    return { offers, app, port, articleIds, cookie, database, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

const KINDS = ['sql', 'bare', 'service', 'http', 'deep', 'plain', 'refcold'] as const;
type Kind = (typeof KINDS)[number];

function calls(t: Target): Record<Kind, () => Promise<unknown>> {
  const q = marketplaceRepository.openAuctionsPage(t.database.db, FILTER, DEFAULT_PAGE_SIZE, 0).toSQL();
  return {
    sql: () => t.database.pool!.query(q.sql, q.params),
    // The page and its total without the reference line, beside the service with it (cached, as the
    // list serves it all day): the difference is what the line costs a page.
    bare: () => marketplaceService.openAuctionsPage(t.database.db, FILTER),
    service: () => auctionsService.listActivePage(t.database.db, FILTER),
    http: () => get(t.port, `${PATH}?page=1&size=${DEFAULT_PAGE_SIZE}`, t.cookie),
    deep: () => get(t.port, `${PATH}?page=${DEEP.page}&size=${DEEP.size}`, t.cookie),
    plain: () => get(t.port, PATH, t.cookie),
    // The one reference query of a page of 24 lots (24 articles), the day's cache emptied first.
    refcold: () => {
      referenceService.invalidateReferences(t.database.db);
      return referenceService.referencesFor(t.database.db, t.articleIds);
    },
  };
}

const t0 = performance.now();
const targets: Target[] = [];
try {
  targets.push(await build('10k', 10));
  console.log(`data: ${LIVE} live auctions, ${OTHER} other lots, ${targets[0]!.offers} offers (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  targets.push(await build('1m', 1000));
  console.log(`data: the same lots, ${targets[1]!.offers} offers (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const loadBefore = loadavg();
  const [small, large] = targets as [Target, Target];
  const fns = [calls(small), calls(large)];
  const lat = [0, 1].map(() => Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>);
  // Warm-up, then rounds: each round measures every kind on both databases, the order alternating.
  for (const f of fns) for (const k of KINDS) for (let i = 0; i < 10; i++) await f[k]();
  const perRound = Math.max(1, Math.round(RUNS / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const k of KINDS) {
      for (const which of round % 2 ? [1, 0] : [0, 1]) {
        for (let i = 0; i < perRound; i++) {
          const s = performance.now();
          await fns[which]![k]();
          lat[which]![k].push(performance.now() - s);
        }
      }
    }
  }
  const [a, b] = lat.map((l) => Object.fromEntries(KINDS.map((k) => [k, summary(l[k])])) as Record<Kind, ReturnType<typeof summary>>) as [
    Record<Kind, ReturnType<typeof summary>>,
    Record<Kind, ReturnType<typeof summary>>,
  ];

  const load = [loadBefore, loadavg()].map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' → ');
  console.log(
    `\nbench/auctions-list — page of ${DEFAULT_PAGE_SIZE} of ${LIVE} live auctions, ${perRound * ROUNDS} calls of each kind per database in ${ROUNDS} alternating rounds; load average ${load}`,
  );
  const row = (label: string, k: Kind) => ({
    [label]: {
      'p50 @10k': ms(a[k].p50),
      'p99 @10k': ms(a[k].p99),
      'p50 @1M': ms(b[k].p50),
      'p99 @1M': ms(b[k].p99),
      'growth p50': `${(b[k].p50 / a[k].p50).toFixed(2)}×`,
      'growth p99': `${(b[k].p99 / a[k].p99).toFixed(2)}×`,
    },
  });
  console.table({
    ...row('SQL (page query)', 'sql'),
    ...row('service without the reference line', 'bare'),
    ...row('service (page + total + reference line)', 'service'),
    ...row('HTTP ?page=1', 'http'),
    ...row(`HTTP ?page=${DEEP.page} (deep)`, 'deep'),
    ...row('HTTP plain array (spec call)', 'plain'),
    ...row('reference, cold (24 articles, 1 query)', 'refcold'),
  });
  const growth = b.http.p99 / a.http.p99;
  console.log(`baseline (issue 15, whole list of 1 000): HTTP p99 70.3 ms busy machine / 37.7 ms quiet`);
  console.log(`goal HTTP p99 ≤ 20 ms for a page at 1M offers: ${b.http.p99.toFixed(1)} ms — ${b.http.p99 <= 20 ? 'MET' : 'MISSED'}`);
  console.log(
    `goal growth 10k → 1M offers < 1.5× (HTTP p99): ${growth.toFixed(2)}× — ${growth < 1.5 ? 'MET' : 'MISSED'} (p50 ${(b.http.p50 / a.http.p50).toFixed(2)}×)`,
  );

  const q = marketplaceRepository.openAuctionsPage(large.database.db, FILTER, DEFAULT_PAGE_SIZE, 0).toSQL();
  const plan = await large.database.pool!.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${q.sql}`, q.params);
  const lines = plan.rows.map((r) => r['QUERY PLAN']);
  console.log('\nEXPLAIN ANALYZE at 1M offers (a page of open auctions with their highest offer):\n' + lines.map((l) => '  ' + l).join('\n'));
  const readsOffers = lines.some((l) => /\boffers\b/.test(l));
  const usesLotIndex = lines.some((l) => /products_open_auctions_idx/.test(l));
  console.log(
    `lots read through products_open_auctions_idx: ${usesLotIndex ? 'yes' : 'NO'}; offers not read at all (highest kept on the lot): ${readsOffers ? 'NO' : 'yes'}`,
  );
} finally {
  client.close();
  for (const t of targets) {
    await t.app.close().catch(() => undefined);
    await t.drop();
  }
}
