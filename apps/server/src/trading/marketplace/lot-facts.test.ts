import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dayInParis, type AdminProduct, type AuctionItem, type Order, type Page } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createSupplier } from '../../db/factories/backoffice.js';
import { createArticle, createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { certificates, users } from '../../db/schema/index.js';
import { createLot, lotForm } from './marketplace.test-support.js';

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let certified: Party;
let buyer: Party;
const lots: Record<string, number> = {};
const auctions: Record<string, number> = {};
let graspId: number;
let globalGapId: number;

const SALES = '/api/users/product/listActiveProducts';
const AUCTIONS = '/api/users/product/listActiveAuctionsWithBiggestOffer';

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Plain' });
  certified = await signedIn(ctx, { category: 'supplier', companyName: 'Campo Certificado S.L.' });
  buyer = await signedIn(ctx, { category: 'client' });
  // The certified seller: a GLOBALG.A.P. number in its profile, GRASP in its back-office record (name case differs).
  await db.update(users).set({ globalGapNumber: ' 4049929123456 ' }).where(eq(users.id, certified.user.id));
  await createSupplier(db, { company: 'CAMPO CERTIFICADO S.L.', certificates: ['GRASP', 'IFS Food'] });
  graspId = (await db.select().from(certificates).where(eq(certificates.name, 'GRASP')))[0]!.id;
  globalGapId = (await db.select().from(certificates).where(eq(certificates.name, 'GLOBALG.A.P.')))[0]!.id;

  const tomato = await createArticle(db, {
    article: 'Round tomato',
    names: { en: 'Round tomato', fr: 'Tomate ronde', de: 'Runde Tomate', es: 'Tomate redondo' },
  });
  const vine = await createArticle(db, {
    article: 'Vine tomato',
    names: { en: 'Vine tomato', fr: 'Tomate grappe', de: 'Rispentomate', es: 'Tomate en rama' },
  });
  const potato = await createArticle(db, { article: 'Potato', names: { en: 'Potato', fr: 'Pomme de terre', de: 'Kartoffel', es: 'Patata' } });
  // Three lots for sale: [key, seller, article, name, price, pallets, class, available for days, created minutes ago].
  const sales = [
    ['cheap', seller, tomato, 'Lot A', 0.8, 30, 'II', 20, 3],
    ['mid', certified, vine, 'Lot B', 1.4, 5, 'EXTRA', 3, 2],
    ['dear', seller, potato, 'Lot C', 2.1, 12, 'I', 9, 1],
  ] as const;
  for (const [key, by, article, name, price, quantity, qualityClass, days, minutesAgo] of sales) {
    const createdAt = new Date(Date.now() - minutesAgo * 60_000);
    lots[key] = (
      await createProduct(db, {
        supplierId: by.user.id,
        articleId: article.id,
        name,
        price,
        quantity,
        qualityClass,
        availableUntil: dayInParis(days),
        createdAt,
      })
    ).id;
  }
  // Auctions: the current price is the highest offer, else the starting price.
  auctions.soon = (await createAuction(db, { supplierId: seller.user.id, articleId: tomato.id, price: 1.0, quantity: 4, startedMsAgo: 3 * 3_600_000 })).id;
  auctions.late = (
    await createAuction(db, { supplierId: certified.user.id, articleId: potato.id, price: 0.5, quantity: 9, qualityClass: 'EXTRA', startedMsAgo: 3_600_000 })
  ).id;
  await createOffer(db, auctions.late, buyer.user.id, 1.8);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: buyer.cookie } });
const saleIds = async (query: string) => {
  const res = await get(`${SALES}?page=1&size=50&${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Page<AdminProduct>).items.map((p) => p.productId);
};
const auctionIds = async (query: string) => {
  const res = await get(`${AUCTIONS}?page=1&size=50&${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Page<AuctionItem>).items.map((i) => i.product.productId);
};

/** The ids of `of` among `ids`, in their order (lots made by other tests stay out). */
const mine = (ids: number[], of: Record<string, number>) => ids.filter((id) => Object.values(of).includes(id));

describe('lot facts on the lot form', () => {
  it('stores the class, the variety and the packing day, and shows them on the lot', async () => {
    const form = await lotForm(ctx, { qualityClass: 'EXTRA', variety: '  Navelate ', packedOn: dayInParis(0) });
    const res = await createLot(ctx, certified.cookie, form);
    expect(res.statusCode).toBe(201);
    const lot = res.json() as AdminProduct;
    expect(lot).toMatchObject({ qualityClass: 'EXTRA', variety: 'Navelate', packedOn: dayInParis(0), globalGapNumber: '4049929123456' });
    expect(lot.certificates.map((c) => c.name)).toEqual(['GRASP', 'IFS Food']);
  });

  it('refuses a missing class, a class outside the list, a packing day in the future and a long variety with 400 and a clear code', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ qualityClass: undefined }, 'VALIDATION_FAILED', 'required'],
      [{ qualityClass: 'III' }, 'UNKNOWN_QUALITY_CLASS', 'unknownQualityClass'],
      [{ qualityClass: 'extra' }, 'UNKNOWN_QUALITY_CLASS', 'unknownQualityClass'],
      [{ qualityClass: 'I', packedOn: dayInParis(1) }, 'PACKED_ON_FUTURE', 'packedInFuture'],
      [{ qualityClass: 'I', packedOn: '10000-01-01' }, 'VALIDATION_FAILED', 'invalidDate'],
      [{ qualityClass: 'I', variety: 'x'.repeat(61) }, 'VALIDATION_FAILED', 'tooLong'],
      [{ qualityClass: 'I', variety: 'Ver\u0000na' }, 'VALIDATION_FAILED', 'controlCharacters'],
    ];
    for (const [extra, code, message] of cases) {
      const res = await createLot(ctx, seller.cookie, await lotForm(ctx, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const body = res.json() as { code: string; details: Array<{ path: string; message: string }> };
      expect(body.code).toBe(code);
      expect(body.details.map((d) => d.message)).toContain(message);
    }
  });

  it('refuses a class outside the list on edit too', async () => {
    const created = (await createLot(ctx, seller.cookie, await lotForm(ctx, { qualityClass: 'I' }))).json() as AdminProduct;
    const form = await lotForm(ctx, { qualityClass: 'IV' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/product/update/${created.productId}`,
      headers: { cookie: seller.cookie },
      payload: form,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_QUALITY_CLASS' });
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/product/update/${created.productId}`,
      headers: { cookie: seller.cookie },
      payload: { ...form, qualityClass: 'II', variety: '' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ qualityClass: 'II', variety: null });
  });
});

describe('sorting and filtering the lot lists', () => {
  it('sorts the marketplace by price both ways, newest, ending soonest and quantity', async () => {
    expect(mine(await saleIds('sort=price'), lots)).toEqual([lots.cheap, lots.mid, lots.dear]);
    expect(mine(await saleIds('sort=-price'), lots)).toEqual([lots.dear, lots.mid, lots.cheap]);
    expect(mine(await saleIds('sort=newest'), lots)).toEqual([lots.dear, lots.mid, lots.cheap]);
    expect(mine(await saleIds('sort=endsAt'), lots)).toEqual([lots.mid, lots.dear, lots.cheap]);
    expect(mine(await saleIds('sort=quantity'), lots)).toEqual([lots.cheap, lots.dear, lots.mid]);
  });

  it('sorts the auctions by current price and by end', async () => {
    expect(mine(await auctionIds('sort=price'), auctions)).toEqual([auctions.soon, auctions.late]);
    expect(mine(await auctionIds('sort=-price'), auctions)).toEqual([auctions.late, auctions.soon]);
    expect(mine(await auctionIds('sort=endsAt'), auctions)).toEqual([auctions.soon, auctions.late]);
    expect(mine(await auctionIds('sort=quantity'), auctions)).toEqual([auctions.late, auctions.soon]);
  });

  it('answers 400 UNKNOWN_SORT for a sort key not in the list, and UNKNOWN_QUALITY_CLASS for a bad class filter', async () => {
    for (const url of [`${SALES}?sort=cheapest`, `${AUCTIONS}?sort=price;drop`, `${SALES}?sort=`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UNKNOWN_SORT' });
    }
    const bad = await get(`${SALES}?qualityClass=III`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'UNKNOWN_QUALITY_CLASS' });
    expect((await get(`${SALES}?certificate=99999999999`)).statusCode).toBe(400);
  });

  it('filters by class and by certificate (back-office record or GLOBALG.A.P. number), counting what it filters', async () => {
    expect(mine(await saleIds('qualityClass=EXTRA'), lots)).toEqual([lots.mid]);
    expect(mine(await auctionIds('qualityClass=EXTRA'), auctions)).toEqual([auctions.late]);
    expect(mine(await saleIds(`certificate=${graspId}`), lots)).toEqual([lots.mid]);
    expect(mine(await saleIds(`certificate=${globalGapId}`), lots)).toEqual([lots.mid]);
    expect(mine(await auctionIds(`certificate=${globalGapId}`), auctions)).toEqual([auctions.late]);
    const page = (await get(`${SALES}?page=1&size=50&qualityClass=II&sort=price`)).json() as Page<AdminProduct>;
    expect(page.items.every((p) => p.qualityClass === 'II')).toBe(true);
    expect(page.total).toBe(page.items.length);
  });

  it('shows the seller certificates on the lists and the lot details', async () => {
    const page = (await get(`${SALES}?page=1&size=50`)).json() as Page<AdminProduct>;
    const b = page.items.find((p) => p.productId === lots.mid)!;
    expect(b.globalGapNumber).toBe('4049929123456');
    expect(b.certificates.map((c) => c.name)).toEqual(['GRASP', 'IFS Food']);
    const a = page.items.find((p) => p.productId === lots.cheap)!;
    expect(a).toMatchObject({ globalGapNumber: null, certificates: [], qualityClass: 'II' });
    const details = await get(`/api/users/product/details/${auctions.late}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ qualityClass: 'EXTRA', globalGapNumber: '4049929123456' });
  });
});

describe('search in every language', () => {
  it('"Tomaten", "tomates", "tomato" and "TOMATE" find the same lots, and not the potatoes', async () => {
    const found = await Promise.all(['Tomaten', 'tomates', 'tomato', 'TOMATE', 'tomatoes'].map((q) => saleIds(`q=${encodeURIComponent(q)}`)));
    for (const ids of found) expect(ids.sort()).toEqual([lots.cheap, lots.mid].sort());
    expect(await saleIds('q=Kartoffeln')).toEqual([lots.dear]);
    expect(await saleIds('q=patatas')).toEqual([lots.dear]);
    expect(mine(await auctionIds('q=Tomaten'), auctions)).toEqual([auctions.soon]);
  });

  it('keeps every word required, and a stem never finds less than the word', async () => {
    expect(await saleIds('q=tomaten%20rispen')).toEqual([lots.mid]);
    expect(await saleIds('q=Lot%20B')).toEqual([lots.mid]);
  });
});

describe('the order snapshot', () => {
  it('keeps the lot class and variety', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, qualityClass: 'EXTRA', variety: 'Raf', packedOn: dayInParis(-1), quantity: 6 });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/product/purchaseRequest/${lot.id}`,
      headers: { cookie: buyer.cookie },
      payload: { pallets: 2 },
    });
    expect(asked.statusCode).toBe(201);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/product/purchaseRequest/${(asked.json() as { id: number }).id}/accept`,
      headers: { cookie: seller.cookie },
    });
    expect(accepted.statusCode).toBe(201);
    expect((accepted.json() as Order).lot).toMatchObject({ qualityClass: 'EXTRA', variety: 'Raf', packedOn: dayInParis(-1) });
  });
});
