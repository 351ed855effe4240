import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createGrowerPrices, createMarketPrices } from '../../db/factories/prices.js';
import { articles } from '../../db/schema/index.js';

let ctx: TestContext;
let admin: string;
const url = (q: string) => `/api/intern/productList/product/scrapedPrices?${q}`;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
  await createMarketPrices(ctx.db, [
    { date: '2026-03-09', name: 'Tomato', family: 'legumes', minPrice: 1, maxPrice: 1.6, avgPrice: 1.3 },
    { date: '2026-03-10', name: 'Tomato', family: 'legumes', minPrice: 1.1, maxPrice: 1.8, avgPrice: 1.45 },
    { date: '2026-03-10', name: 'Lemon', family: 'fruits', minPrice: 0.8, maxPrice: 1.2, avgPrice: 1 },
    { date: '2026-03-06', name: 'Lemon', family: 'fruits', minPrice: 0.9, maxPrice: 1.3, avgPrice: 1.1 },
    { date: '2026-03-10', name: 'Cucumber', family: 'legumes', minPrice: 0.5, maxPrice: 0.7, avgPrice: 0.6 },
    { date: '2026-03-09', name: 'Cucumber', family: 'legumes', minPrice: 0.5, maxPrice: 0.7, avgPrice: 0.6 },
  ]);
  const cuts = Array.from({ length: 15 }, (_, i) => 2 - i * 0.1);
  await createGrowerPrices(ctx.db, [
    { date: '2026-03-10', name: 'Bell pepper', cuts },
    { date: '2026-03-10', name: 'Zucchini', cuts: [0.9] },
  ]);
});
afterAll(() => ctx.close());

describe('GET scrapedPrices', () => {
  it('returns the market rows of the day with min, max, average and the change against the previous day with data', async () => {
    const res = await ctx.app.inject({ url: url('date=2026-03-10&type=market'), headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.name)).toEqual(['Lemon', 'Cucumber', 'Tomato']);
    const tomato = rows.find((r) => r.name === 'Tomato')!;
    expect(tomato).toMatchObject({ family: 'legumes', minPrice: 1.1, maxPrice: 1.8, avgPrice: 1.45, source: 'Mercabarna', date: '2026-03-10' });
    expect(tomato.change).toEqual({ direction: 'up', previousDate: '2026-03-09', previousPrice: 1.3 });
    // The previous day with data for lemons is four days back.
    expect(rows.find((r) => r.name === 'Lemon')!.change).toEqual({ direction: 'down', previousDate: '2026-03-06', previousPrice: 1.1 });
    expect(rows.find((r) => r.name === 'Cucumber')!.change).toMatchObject({ direction: 'flat' });
  });

  it('returns the grower rows with their 15 cuts, empty cuts as null', async () => {
    const res = await ctx.app.inject({ url: url('date=2026-03-10&type=grower'), headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    const pepper = rows.find((r) => r.name === 'Bell pepper')!;
    expect(pepper.firstPrice).toBe(2);
    expect(pepper.fifteenthPrice).toBeCloseTo(0.6);
    expect(pepper.change).toBeNull();
    const zucchini = rows.find((r) => r.name === 'Zucchini')!;
    expect(zucchini.firstPrice).toBe(0.9);
    expect(zucchini.secondPrice).toBeNull();
  });

  it('returns an empty list for a day without prices', async () => {
    const res = await ctx.app.inject({ url: url('date=2025-01-01&type=market'), headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['date=2026-02-30&type=market', 'querystring.date'],
    ['date=10/03/2026&type=market', 'querystring.date'],
    ['type=market', 'querystring.date'],
    ['date=2026-03-10&type=retail', 'querystring.type'],
    ['date=2026-03-10', 'querystring.type'],
  ])('refuses %s with 400', async (q, path) => {
    const res = await ctx.app.inject({ url: url(q), headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((res.json() as { details: Array<{ path: string }> }).details.map((d) => d.path)).toContain(path);
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ url: url('date=2026-03-10&type=market') })).statusCode).toBe(401);
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    expect((await ctx.app.inject({ url: url('date=2026-03-10&type=market'), headers: { cookie: buyer } })).statusCode).toBe(403);
    const supplier = (await signedIn(ctx, { category: 'supplier' })).cookie;
    expect((await ctx.app.inject({ url: url('date=2026-03-10&type=grower'), headers: { cookie: supplier } })).statusCode).toBe(403);
  });
});

describe('GET price history', () => {
  it('gives one point per day with the market band and average, all sources folded', async () => {
    await createMarketPrices(ctx.db, [{ date: '2026-03-10', source: 'Rungis', name: 'Tomato', minPrice: 0.9, maxPrice: 2.2, avgPrice: 1.55 }]);
    const res = await ctx.app.inject({
      url: '/api/intern/prices/history?type=market&family=legumes&name=tomato&days=30&to=2026-03-10',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: '2026-02-09', to: '2026-03-10', name: 'tomato' });
    expect(body.points).toEqual([
      { date: '2026-03-09', min: 1, max: 1.6, avg: 1.3, first: null },
      { date: '2026-03-10', min: 0.9, max: 2.2, avg: 1.5, first: null },
    ]);
  });

  it('gives the first cut and the average of the cuts for grower prices', async () => {
    const res = await ctx.app.inject({
      url: '/api/intern/prices/history?type=grower&family=legumes&name=Bell%20pepper&days=90&to=2026-03-10',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const [point] = res.json().points;
    expect(point.first).toBe(2);
    expect(point.avg).toBeCloseTo(1.3);
  });

  it('accepts only 30 or 90 days', async () => {
    const res = await ctx.app.inject({ url: '/api/intern/prices/history?type=market&family=legumes&name=Tomato&days=45', headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
  });
});

describe('catalog link', () => {
  it('links an imported row to the catalog article of the same family and English name', async () => {
    // Names absent from the reference catalog, which every test database carries.
    const [article] = await ctx.db
      .insert(articles)
      .values({
        code: 'T-ZZF',
        family: 'fruits',
        subfamily: 'Tropical',
        article: 'Zz test fruit',
        names: { en: 'Zz test fruit', fr: 'Fruit test zz', de: 'Zz Testfrucht', es: 'Fruta de prueba zz' },
      })
      .returning();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/prices/import',
      headers: { cookie: admin },
      payload: {
        type: 'market',
        rows: [
          { date: '2026-03-11', source: 'Mercabarna', family: 'fruits', name: 'zz TEST fruit', minPrice: 2, maxPrice: 3, avgPrice: 2.5 },
          { date: '2026-03-11', source: 'Mercabarna', family: 'fruits', name: 'Unlisted curiosity', minPrice: 5, maxPrice: 7, avgPrice: 6 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const rows = (await ctx.app.inject({ url: url('date=2026-03-11&type=market'), headers: { cookie: admin } })).json() as Array<{
      name: string;
      articleId: number | null;
      articleNames: Record<string, string> | null;
    }>;
    expect(rows.find((r) => r.name === 'zz TEST fruit')).toMatchObject({
      articleId: article!.id,
      articleNames: { fr: 'Fruit test zz', es: 'Fruta de prueba zz' },
    });
    expect(rows.find((r) => r.name === 'Unlisted curiosity')).toMatchObject({ articleId: null, articleNames: null });
  });
});
