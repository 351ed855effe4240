import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInParis, type LotReference, type MarketReference } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createGrowerPrices, createMarketPrices } from '../../db/factories/prices.js';
import { createArticle, createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { createUser } from '../../db/factories.js';

let ctx: TestContext;
let admin: string;
let buyer: string;
const today = todayInParis();
const day = (n: number) => addDays(today, -n);
const refUrl = (productId: number) => `/api/users/product/reference/${productId}`;

async function get(url: string, cookie = buyer) {
  return ctx.app.inject({ url, headers: { cookie } });
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
  buyer = (await signedIn(ctx, { category: 'client' })).cookie;
});
afterAll(() => ctx.close());

describe('the matching rule', () => {
  it('matches the lot article’s own prices: latest day folded over sources, 30-day trend, grower cuts, percent', async () => {
    const lemon = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-citrus' });
    await createMarketPrices(ctx.db, [
      { date: today, source: 'Mercabarna', family: 'fruits', name: 'Lemon', articleId: lemon.id, minPrice: 1.2, avgPrice: 1.5, maxPrice: 1.8 },
      { date: today, source: 'Mercamadrid', family: 'fruits', name: 'Lemon', articleId: lemon.id, minPrice: 1.1, avgPrice: 1.7, maxPrice: 2.1 },
      { date: day(1), source: 'Mercabarna', family: 'fruits', name: 'Lemon', articleId: lemon.id, minPrice: 1.2, avgPrice: 1.4, maxPrice: 1.7 },
      { date: day(29), source: 'Mercabarna', family: 'fruits', name: 'Lemon', articleId: lemon.id, minPrice: 1, avgPrice: 1.2, maxPrice: 1.5 },
      // Outside the 30 days: not in the trend.
      { date: day(30), source: 'Mercabarna', family: 'fruits', name: 'Lemon', articleId: lemon.id, minPrice: 1, avgPrice: 1.1, maxPrice: 1.5 },
    ]);
    await createGrowerPrices(ctx.db, [{ date: today, family: 'fruits', name: 'Lemon', articleId: lemon.id, cuts: [1.4, 1.3, 1.2] }]);
    const lot = await createProduct(ctx.db, { articleId: lemon.id, price: 1.72 });

    const res = await get(refUrl(lot.id));
    expect(res.statusCode).toBe(200);
    const ref = res.json() as LotReference;
    expect(ref).toMatchObject({ date: today, min: 1.1, avg: 1.6, max: 2.1, matchedBy: 'article', subfamily: 'ref-citrus', price: 1.72 });
    expect(ref.trend).toEqual([
      { date: day(29), avg: 1.2 },
      { date: day(1), avg: 1.4 },
      { date: today, avg: 1.6 },
    ]);
    expect(ref.grower).toEqual({ date: today, min: 1.2, avg: 1.3, max: 1.4 });
    // 1.72 against 1.60: 7.5 % above, rounded half away from zero.
    expect(ref.percent).toBe(8);
  });

  it('falls back to the prices of the article’s catalog family, and says so', async () => {
    const priced = await createArticle(ctx.db, { family: 'legumes', subfamily: 'ref-tomatoes' });
    const unpriced = await createArticle(ctx.db, { family: 'legumes', subfamily: 'ref-tomatoes' });
    await createMarketPrices(ctx.db, [
      { date: day(2), family: 'legumes', name: 'Round tomato', articleId: priced.id, minPrice: 1, avgPrice: 1.4, maxPrice: 1.9 },
    ]);
    const lot = await createProduct(ctx.db, { articleId: unpriced.id, price: 1.4 });
    const res = await get(refUrl(lot.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ date: day(2), min: 1, avg: 1.4, max: 1.9, matchedBy: 'family', subfamily: 'ref-tomatoes', percent: 0 });
    expect((res.json() as LotReference).grower).toBeUndefined();
  });

  it('prefers the article over its family, even when the family has a later day', async () => {
    const a = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-pome' });
    const b = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-pome' });
    await createMarketPrices(ctx.db, [
      { date: day(3), family: 'fruits', name: 'Gala', articleId: a.id, minPrice: 1, avgPrice: 1.2, maxPrice: 1.4 },
      { date: today, family: 'fruits', name: 'Fuji', articleId: b.id, minPrice: 2, avgPrice: 2.2, maxPrice: 2.4 },
    ]);
    const lot = await createProduct(ctx.db, { articleId: a.id });
    expect((await get(refUrl(lot.id))).json()).toMatchObject({ matchedBy: 'article', date: day(3), avg: 1.2 });
  });

  it('answers 204 when nothing matches: no prices, another family’s homonym subfamily, unlinked rows, prices older than 30 days', async () => {
    const lonely = await createArticle(ctx.db, { family: 'legumes', subfamily: 'ref-homonym', article: 'Ref lonely' });
    const fruit = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-homonym' });
    await createMarketPrices(ctx.db, [
      // Same subfamily word in the other family: not the same catalog family.
      { date: today, family: 'fruits', name: 'Other', articleId: fruit.id },
      // The article's name but linked to no article: never guessed.
      { date: today, family: 'legumes', name: 'Ref lonely', articleId: null },
      // Its own prices, but older than the 30 days.
      { date: day(30), family: 'legumes', name: 'Ref lonely old', articleId: lonely.id },
    ]);
    const lot = await createProduct(ctx.db, { articleId: lonely.id });
    const res = await get(refUrl(lot.id));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('compares only prices quoted per kg: per-piece rows never match nor mix in', async () => {
    const lettuce = await createArticle(ctx.db, { family: 'legumes', subfamily: 'ref-salads' });
    await createMarketPrices(ctx.db, [
      { date: today, family: 'legumes', name: 'Iceberg', articleId: lettuce.id, unit: 'piece', minPrice: 0.4, avgPrice: 0.5, maxPrice: 0.6 },
    ]);
    const lot = await createProduct(ctx.db, { articleId: lettuce.id });
    expect((await get(refUrl(lot.id))).statusCode).toBe(204);

    const melon = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-melons' });
    await createMarketPrices(ctx.db, [
      { date: today, source: 'A', family: 'fruits', name: 'Galia', articleId: melon.id, unit: 'kg', minPrice: 0.9, avgPrice: 1, maxPrice: 1.1 },
      { date: today, source: 'B', family: 'fruits', name: 'Galia', articleId: melon.id, unit: 'piece', minPrice: 2, avgPrice: 2.5, maxPrice: 3 },
    ]);
    const melonLot = await createProduct(ctx.db, { articleId: melon.id });
    expect((await get(refUrl(melonLot.id))).json()).toMatchObject({ min: 0.9, avg: 1, max: 1.1 });
  });
});

describe('the lot’s price against the average', () => {
  it('takes the highest bid of a running auction, else its starting price', async () => {
    const art = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-stone' });
    await createMarketPrices(ctx.db, [{ date: today, family: 'fruits', name: 'Peach', articleId: art.id, minPrice: 1.5, avgPrice: 2, maxPrice: 2.5 }]);
    const auction = await createAuction(ctx.db, { articleId: art.id, price: 1.5 });
    expect((await get(refUrl(auction.id))).json()).toMatchObject({ price: 1.5, percent: -25 });
    const bidder = await createUser(ctx.db, { category: 'client' });
    await createOffer(ctx.db, auction.id, bidder.id, 2.09);
    expect((await get(refUrl(auction.id))).json()).toMatchObject({ price: 2.09, percent: 5 });
  });
});

describe('who may read a reference', () => {
  it('refuses visitors, hides lots the caller may not see and refuses bad ids', async () => {
    const lot = await createProduct(ctx.db, { status: 'DISABLED' });
    expect((await ctx.app.inject({ url: refUrl(lot.id) })).statusCode).toBe(401);
    const hidden = await get(refUrl(lot.id));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(refUrl(999_999))).statusCode).toBe(404);
    expect((await get(refUrl(2 ** 31))).statusCode).toBe(400);
    expect((await get('/api/users/product/reference/abc')).statusCode).toBe(400);
    // Its seller and the operator still see it.
    expect([200, 204]).toContain((await get(refUrl(lot.id), admin)).statusCode);
  });
});

describe('GET /api/users/reference/article/:articleId', () => {
  it('gives the reference of a catalog article without the lot, 204 without prices, 404 for an unknown article', async () => {
    const art = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-berries' });
    const bare = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-berries-none' });
    await createMarketPrices(ctx.db, [{ date: day(1), family: 'fruits', name: 'Strawberry', articleId: art.id, minPrice: 2, avgPrice: 3, maxPrice: 4 }]);
    const res = await get(`/api/users/reference/article/${art.id}`);
    expect(res.statusCode).toBe(200);
    const ref = res.json() as MarketReference;
    expect(ref).toMatchObject({ date: day(1), avg: 3, matchedBy: 'article' });
    expect(ref).not.toHaveProperty('percent');
    expect((await get(`/api/users/reference/article/${bare.id}`)).statusCode).toBe(204);
    expect((await get('/api/users/reference/article/999999')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/users/reference/article/${art.id}` })).statusCode).toBe(401);
  });
});

describe('cache and import', () => {
  it('serves the day’s reference from memory and sees new prices as soon as they are imported', async () => {
    const art = await createArticle(ctx.db, { family: 'legumes', subfamily: 'ref-alliums', article: 'Ref shallot' });
    const lot = await createProduct(ctx.db, { articleId: art.id, price: 2 });
    expect((await get(refUrl(lot.id))).statusCode).toBe(204);
    // Written behind the cache's back: the cached answer of the day stands.
    await createMarketPrices(ctx.db, [
      { date: day(1), source: 'Direct', family: 'legumes', name: 'Ref shallot', articleId: art.id, minPrice: 1, avgPrice: 1.5, maxPrice: 2 },
    ]);
    expect((await get(refUrl(lot.id))).statusCode).toBe(204);
    // An import (linked by family and English name) clears it.
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/prices/import',
      headers: { cookie: admin },
      payload: {
        type: 'market',
        rows: [
          { date: today, source: 'Mercabarna', family: 'legumes', name: 'Ref shallot', minPrice: 1.8, avgPrice: 2.2, maxPrice: 2.6 },
          { date: today, source: 'Mercabarna', family: 'legumes', name: 'Ref shallot bunch', unit: 'bunch', minPrice: 0.5, avgPrice: 0.6, maxPrice: 0.7 },
        ],
      },
    });
    expect(imported.statusCode).toBe(200);
    const res = await get(refUrl(lot.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      date: today,
      avg: 2.2,
      percent: -9,
      trend: [
        { date: day(1), avg: 1.5 },
        { date: today, avg: 2.2 },
      ],
    });
  });

  it('refuses an import row whose unit is not kg, piece, box or bunch', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/prices/import',
      headers: { cookie: admin },
      payload: { type: 'market', rows: [{ date: today, source: 'X', family: 'fruits', name: 'Lime', unit: 'dozen', minPrice: 1, avgPrice: 1, maxPrice: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', reason: { key: 'badUnit', params: { value: 'dozen' } } });
  });
});

describe('the reference line of the lot lists', () => {
  it('puts the compact reference (no trend) on marketplace and auction cards, null when nothing matches', async () => {
    const art = await createArticle(ctx.db, { family: 'fruits', subfamily: 'ref-grapes' });
    await createMarketPrices(ctx.db, [{ date: today, family: 'fruits', name: 'Grape', articleId: art.id, minPrice: 2, avgPrice: 2.5, maxPrice: 3 }]);
    const onSale = await createProduct(ctx.db, { articleId: art.id });
    const bare = await createProduct(ctx.db, { articleId: (await createArticle(ctx.db, { subfamily: 'ref-none' })).id });
    const auction = await createAuction(ctx.db, { articleId: art.id });

    const market = (await get('/api/users/product/listActiveProducts?page=1&size=100')).json() as {
      items: Array<{ productId: number; reference: unknown }>;
    };
    expect(market.items.find((i) => i.productId === onSale.id)!.reference).toEqual({
      date: today,
      min: 2,
      avg: 2.5,
      max: 3,
      matchedBy: 'article',
      subfamily: 'ref-grapes',
    });
    expect(market.items.find((i) => i.productId === bare.id)!.reference).toBeNull();

    const auctions = (await get('/api/users/product/listActiveAuctionsWithBiggestOffer?page=1&size=100')).json() as {
      items: Array<{ product: { productId: number; reference: unknown } }>;
    };
    expect(auctions.items.find((i) => i.product.productId === auction.id)!.product.reference).toMatchObject({ avg: 2.5, matchedBy: 'article' });
  });
});
