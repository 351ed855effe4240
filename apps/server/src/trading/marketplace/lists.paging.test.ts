import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createArticle, createAuction, createOffer, createProduct } from '../../db/factories/listings.js';

let ctx: TestContext;
let buyer: Awaited<ReturnType<typeof signedIn>>;
let seller: Awaited<ReturnType<typeof signedIn>>;
const auctionIds: number[] = [];
const saleIds: number[] = [];
const LOTS = DEFAULT_PAGE_SIZE + 6;
let special: { id: number; articleId: number };

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await signedIn(ctx, { category: 'client' });
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Pagination Growers' });
  const db = ctx.db;
  const article = await createArticle(db, { family: 'fruits' });
  const vegetable = await createArticle(db, {
    family: 'legumes',
    article: 'Zucchini 100%_test',
    names: { en: 'Zucchini 100%_test', fr: 'Courgette spéciale', de: 'Zucchini', es: 'Calabacín' },
  });
  // Auctions started i minutes ago end in that order; fixed-price lots created i minutes ago list newest first.
  for (let i = 0; i < LOTS; i++) {
    const a = await createAuction(db, { supplierId: seller.user.id, articleId: article.id, startedMsAgo: (LOTS - i) * 60_000, origin: i % 2 ? 'ES' : 'FR' });
    auctionIds.push(a.id);
    const p = await createProduct(db, {
      supplierId: seller.user.id,
      articleId: article.id,
      createdAt: new Date(Date.now() - i * 60_000),
      origin: i % 2 ? 'ES' : 'FR',
    });
    saleIds.push(p.id);
  }
  await createOffer(db, auctionIds[0]!, buyer.user.id, 2.5);
  await createOffer(db, auctionIds[0]!, buyer.user.id, 3.75);
  const s = await createProduct(db, {
    supplierId: seller.user.id,
    articleId: vegetable.id,
    origin: 'MA',
    name: 'Special lot',
    createdAt: new Date(Date.now() - 3_600_000),
  });
  special = { id: s.id, articleId: vegetable.id };
  // Not listed: ended, disabled, or past its date.
  await createProduct(db, { supplierId: seller.user.id, status: 'DISABLED' });
  await createProduct(db, { supplierId: seller.user.id, availableUntil: '2020-01-01' });
  await createAuction(db, { supplierId: seller.user.id, startedMsAgo: 4 * 86_400_000 });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: buyer.cookie } });
const AUCTIONS = '/api/users/product/listActiveAuctionsWithBiggestOffer';
const SALES = '/api/users/product/listActiveProducts';

describe('lot lists, paged', () => {
  it('answers the spec plain array (first page, default size) with the total in X-Total-Count', async () => {
    const res = await get(AUCTIONS);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<{ amount: number | null; product: { productId: number } }>;
    expect(items.map((i) => i.product.productId)).toEqual(auctionIds.slice(0, DEFAULT_PAGE_SIZE));
    expect(items[0]!.amount).toBe(3.75);
    expect(items[1]!.amount).toBeNull();
    expect(res.headers['x-total-count']).toBe(String(LOTS));

    const sales = await get(SALES);
    expect(sales.statusCode).toBe(200);
    expect((sales.json() as Array<{ productId: number }>).map((p) => p.productId)).toEqual(saleIds.slice(0, DEFAULT_PAGE_SIZE));
    expect(sales.headers['x-total-count']).toBe(String(LOTS + 1));
  });

  it('pages with ?page=&size= and a total', async () => {
    const second = (await get(`${AUCTIONS}?page=2&size=10`)).json();
    expect(second).toMatchObject({ page: 2, size: 10, total: LOTS });
    expect(second.items.map((i: { product: { productId: number } }) => i.product.productId)).toEqual(auctionIds.slice(10, 20));
    const last = (await get(`${SALES}?page=4&size=10`)).json();
    expect(last).toMatchObject({ page: 4, size: 10, total: LOTS + 1 });
    expect(last.items.map((p: { productId: number }) => p.productId)).toEqual([special.id]);
    const beyond = (await get(`${SALES}?page=9&size=10`)).json();
    expect(beyond).toMatchObject({ items: [], total: LOTS + 1 });
  });

  it('filters in SQL: family, article, origin and words (wildcards taken literally, any language)', async () => {
    const byFamily = (await get(`${SALES}?page=1&size=50&family=legumes`)).json();
    expect(byFamily.items.map((p: { productId: number }) => p.productId)).toEqual([special.id]);
    expect((await get(`${SALES}?page=1&size=50&articleId=${special.articleId}`)).json().total).toBe(1);
    expect((await get(`${SALES}?page=1&size=50&origin=ma`)).json().total).toBe(1);
    expect((await get(`${AUCTIONS}?page=1&size=50&origin=ES`)).json().total).toBe(LOTS / 2);
    expect((await get(`${SALES}?page=1&size=50&q=${encodeURIComponent('100%_t')}`)).json().total).toBe(1);
    expect((await get(`${SALES}?page=1&size=50&q=${encodeURIComponent('0%_x')}`)).json().total).toBe(0);
    expect((await get(`${SALES}?page=1&size=50&q=courgette`)).json().total).toBe(1);
    expect((await get(`${SALES}?page=1&size=50&q=pagination grow`)).json().total).toBe(LOTS + 1);
    // Accents and case ignored on both sides, every word anywhere in the lot's texts (migration 0008).
    for (const q of ['calabacin', 'CALABACÍN', 'speciale', 'SPÉCIALE', 'courgette special', 'Spéciale zucchini']) {
      expect((await get(`${SALES}?page=1&size=50&q=${encodeURIComponent(q)}`)).json().total, q).toBe(1);
    }
    expect((await get(`${SALES}?page=1&size=50&q=${encodeURIComponent('courgette absent')}`)).json().total).toBe(0);
    // The plain-array form filters too.
    expect((await get(`${SALES}?family=legumes`)).json()).toHaveLength(1);
  });

  it('finds auctions by words without their accents or case (Almería, Málaga, Œuvre, Straße)', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Tomates de Almería – Málaga Œuvre Straße' });
    for (const q of ['almeria', 'ALMERIA', 'Almería', 'malaga', 'MÁLAGA', 'oeuvre', 'strasse', 'tomates malaga']) {
      const page = (await get(`${AUCTIONS}?page=1&size=50&q=${encodeURIComponent(q)}`)).json();
      expect(
        page.items.map((i: { product: { productId: number } }) => i.product.productId),
        q,
      ).toEqual([lot.id]);
    }
    expect((await get(`${AUCTIONS}?page=1&size=50&q=almerio`)).json().total).toBe(0);
  });

  it.each(['page=0', 'size=0', 'size=101', 'page=x', 'family=meat', 'origin=FRA', 'articleId=-1'])('refuses %s with a 400', async (query) => {
    const res = await get(`${SALES}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});
