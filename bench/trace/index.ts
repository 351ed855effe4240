/**
 * bench/trace — the trace (issue 37 §4: "in under 1 s at 10⁵ orders"). One PostgreSQL database holding
 * 10⁵ orders over 25 000 lots (four buyers a lot), each order shipped in four pallets (4·10⁵ pallets with
 * SSCCs) and invoiced (10⁵ invoices). Measured in alternating rounds over HTTP as the operator:
 *   - `GET /api/admin/trace?sscc=` (a scanned pallet), `?order=`, `?lot=` and `?invoice=`;
 *   - the baseline: the chain's core as one bare SQL join (lot → orders → pallets) through the same pool.
 * Prints p50/p99 of each, the ratio to the bare query, and whether the goal (p99 < 1 s) holds.
 */
import { sql } from 'drizzle-orm';
import { buildSscc } from '@primeur/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/env.js';
import { createUser } from '../../apps/server/src/db/factories.js';
import { createArticle, createPackaging } from '../../apps/server/src/db/factories/listings.js';
import { alternatingRounds, benchDatabase, keepAliveClient, ms, summary } from '../lib.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PER_LOT = 4;
const PALLETS = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 4));
const GOAL_MS = 1000;
const PREFIX = '3012345';

const client = keepAliveClient();
const t0 = performance.now();
const { database, drop } = await benchDatabase('bench_trace', 10);
const db = database.db;
try {
  const seller = await createUser(db, { category: 'supplier', companyName: 'Huerta de Almería S.L.', country: 'ES' });
  const buyers: number[] = [];
  for (let i = 0; i < 50; i++) buyers.push((await createUser(db, { category: 'client', companyName: `Buyer ${i}` })).id);
  const admin = await createUser(db, { category: 'admin' });
  const article = await createArticle(db);
  const packaging = await createPackaging(db);
  const lots = ORDERS / PER_LOT;
  await db.execute(sql`
    insert into products (supplier_id, article_id, packaging_id, origin_id, name, price, quantity, available_until, quality_class, net_kg_per_pallet, boxes_per_pallet, status)
    select ${sql.raw(String(seller.id))}, ${sql.raw(String(article.id))}, ${sql.raw(String(packaging.id))}, (select id from countries where alpha2 = 'ES'), 'Tomate Raf ' || g, 1.5, 0, current_date, 'I', 800, 80, 'EXPIRED'
    from generate_series(1, ${sql.raw(String(lots))}) g`);
  const firstLot = Number((await db.execute<{ id: number }>(sql`select min(id) as id from products`)).rows[0]!.id);
  const party = (name: string) =>
    sql`jsonb_build_object('userId', 1, 'companyName', ${sql.raw(`'${name}'`)}, 'address', 'Calle 1', 'postalCode', '04700', 'city', 'El Ejido', 'countryAlpha2', 'ES', 'countryName', 'Spain', 'vatId', 'ESB04111111', 'email', 'x@example.com')`;
  for (let from = 0; from < ORDERS; from += 20_000) {
    const to = Math.min(ORDERS, from + 20_000) - 1;
    await db.execute(sql`
      insert into orders (number, status, source, product_id, buyer_id, seller_id, buyer, seller, lot, pallets, price_per_kg, amount, incoterm, incoterm_place,
                          delivery_address, shipped_pallets, shipped_net_kg, departure_date, vehicle_plate, shipped_at, received_pallets, received_net_kg, received_at, delivered_at, invoiced_weight)
      select 'PRM-2026-' || lpad(g::text, 6, '0'), 'DELIVERED', 'PURCHASE_REQUEST', ${sql.raw(String(firstLot))} + g / ${sql.raw(String(PER_LOT))},
             ${sql.raw(`(array[${buyers.join(',')}])`)}[1 + g % 50], ${sql.raw(String(seller.id))}, ${party('Primeurs Lyonnais')}, ${party('Huerta de Almería S.L.')},
             jsonb_build_object('productId', ${sql.raw(String(firstLot))} + g / ${sql.raw(String(PER_LOT))}, 'articleId', ${sql.raw(String(article.id))}, 'article', jsonb_build_object('en','Tomato','fr','Tomate','de','Tomate','es','Tomate'),
               'title', 'Tomate Raf', 'caliber', 'M', 'originAlpha2', 'ES', 'originName', 'Spain', 'packaging', 'IFCO', 'photo', null, 'netKgPerPallet', 800, 'boxesPerPallet', 80, 'netKgPerBox', 10, 'qualityClass', 'I'),
             ${sql.raw(String(PALLETS))}, 1.62, 5184, 'DAP', 'Lyon', jsonb_build_object('address','12 quai','postalCode','69002','city','Lyon','countryAlpha2','FR'),
             ${sql.raw(String(PALLETS))}, ${sql.raw(String(PALLETS * 800))}, current_date, 'AB-123', now(), ${sql.raw(String(PALLETS))}, ${sql.raw(String(PALLETS * 800))}, now(), now(), 'RECEIVED'
      from generate_series(${sql.raw(String(from))}::int, ${sql.raw(String(to))}::int) g`);
  }
  // The pallets, their SSCCs built as the app builds them (n-th of the prefix), and one invoice an order.
  const orderIds = (await db.execute<{ id: number }>(sql`select id from orders order by id`)).rows.map((r) => Number(r.id));
  for (let i = 0; i < orderIds.length; i += 5_000) {
    const slice = orderIds.slice(i, i + 5_000);
    const codes: string[] = [];
    const ids: number[] = [];
    const seqs: number[] = [];
    slice.forEach((id, k) => {
      for (let p = 0; p < PALLETS; p++) {
        codes.push(buildSscc(PREFIX, (i + k) * PALLETS + p));
        ids.push(id);
        seqs.push(p + 1);
      }
    });
    await db.execute(sql`
      insert into pallets (order_id, seq, code, gs1, net_kg, boxes)
      select o, s, c, true, 800, 80 from unnest(${sql.param(ids)}::int[], ${sql.param(seqs)}::int[], ${sql.param(codes)}::text[]) as t(o, s, c)`);
  }
  await db.execute(sql`
    insert into invoices (kind, number, status, seller_id, buyer_id, order_id, issue_date, due_date, net, vat, total, input)
    select 'INVOICE', 'HDA-2026-' || lpad(o.id::text, 6, '0'), 'ISSUED', o.seller_id, o.buyer_id, o.id, current_date, current_date + 30, 5184, 207.36, 5391.36, '{}'::jsonb
    from orders o`);
  await db.execute(sql`vacuum analyze`);
  const app = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), auctionCloseIntervalMs: 0, alertsIntervalMs: 0 },
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const cookie = `primeur_sid=${await app.sessions.create(admin.id)}`;
  console.log(
    `data: ${ORDERS.toLocaleString('en')} orders over ${lots.toLocaleString('en')} lots, ${(ORDERS * PALLETS).toLocaleString('en')} pallets, ${ORDERS.toLocaleString('en')} invoices (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const pool = database.pool!;
  const BARE =
    'select o.id, o.number, o.buyer, p.code, p.net_kg, p.received_at from orders o left join pallets p on p.order_id = o.id where o.product_id = $1 order by o.created_at, o.id, p.seq';
  const pickOrder = () => orderIds[Math.floor(Math.random() * orderIds.length)]!;
  const check = async (query: string) => {
    const body = JSON.parse(await client.get(port, `/api/admin/trace?${query}`, cookie)) as { orders?: unknown[] };
    if (body.orders?.length !== PER_LOT)
      throw new Error(`trace ${query}: expected ${sql.raw(String(PER_LOT))} orders, got ${JSON.stringify(body).slice(0, 200)}`);
  };
  const kinds = {
    'API, by SSCC (a scanned pallet)': () => check(`sscc=${buildSscc(PREFIX, Math.floor(Math.random() * ORDERS * PALLETS))}`),
    'API, by order number': () => check(`order=PRM-2026-${String(Math.floor(Math.random() * ORDERS)).padStart(6, '0')}`),
    'API, by lot': () => check(`lot=L${firstLot + Math.floor(Math.random() * lots)}`),
    'API, by invoice number': () => check(`invoice=HDA-2026-${String(pickOrder()).padStart(6, '0')}`),
    'bare join, lot → orders → pallets': async () => {
      const r = await pool.query(BARE, [firstLot + Math.floor(Math.random() * lots)]);
      if (r.rows.length !== PER_LOT * PALLETS) throw new Error('the bare query found too few rows');
    },
  } as const;
  type Kind = keyof typeof kinds;
  const { names, lat, load, perRound } = await alternatingRounds(kinds, RUNS, ROUNDS);
  console.log(`\nbench:trace — ${perRound * ROUNDS} calls of each kind in ${ROUNDS} alternating rounds; load average ${load}`);
  const s = Object.fromEntries(names.map((k) => [k, summary(lat[k])])) as Record<Kind, ReturnType<typeof summary>>;
  console.table(Object.fromEntries(names.map((k) => [k, { p50: ms(s[k].p50), p99: ms(s[k].p99), max: ms(s[k].max) }])));
  const bare = s['bare join, lot → orders → pallets'];
  const apiKinds = names.filter((k) => k.startsWith('API'));
  for (const k of apiKinds) console.log(`${k} / bare join: p50 ${(s[k].p50 / bare.p50).toFixed(1)}×, p99 ${(s[k].p99 / bare.p99).toFixed(1)}×`);
  const worst = Math.max(...apiKinds.map((k) => s[k].p99));
  console.log(`goal: trace p99 < ${GOAL_MS} ms at ${ORDERS.toLocaleString('en')} orders: worst ${ms(worst)} — ${worst < GOAL_MS ? 'MET' : 'MISSED'}`);
  await app.close();
} finally {
  client.close();
  await drop();
}
