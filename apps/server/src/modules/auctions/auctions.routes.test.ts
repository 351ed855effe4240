import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { products, users } from '../../db/schema/index.js';
import { closeAuctions } from './auction-closer.js';

let ctx: TestContext;
let seller: Awaited<ReturnType<typeof signedIn>>;
let buyer: Awaited<ReturnType<typeof signedIn>>;
let buyer2: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ auctionCloseIntervalMs: 0 });
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Seller Co' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Buyer One' });
  buyer2 = await signedIn(ctx, { category: 'client', companyName: 'Buyer Two' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const bid = (productId: number, amount: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/users/auction/offers/add/${productId}`,
    headers: cookie ? { cookie } : {},
    payload: { amount } as object,
  });
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('placing a bid', () => {
  it('accepts a bid at the starting price, answers the stored offer and publishes it after commit', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1.2 });
    const seen: string[] = [];
    const unsubscribe = await ctx.app.bus.subscribe(`/topic/offers/${lot.id}`, (m) => seen.push(m));
    const res = await bid(lot.id, 1.2, buyer.cookie);
    await unsubscribe();
    expect(res.statusCode).toBe(200);
    const offer = res.json();
    expect(offer).toMatchObject({ amount: 1.2, user: { companyName: 'Buyer One' } });
    expect(seen.map((m) => JSON.parse(m))).toEqual([offer]);
    const stored = (await get(`/api/users/auction/offers/${lot.id}`, buyer2.cookie)).json();
    expect(stored).toEqual([offer]);
  });

  it('refuses a bid below the starting price or below the highest offer plus 0.01 with BID_TOO_LOW and the highest amount', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1 });
    const low = await bid(lot.id, 0.99, buyer.cookie);
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({ code: 'BID_TOO_LOW', highest: null, minimum: 1 });
    expect((await bid(lot.id, 1.5, buyer.cookie)).statusCode).toBe(200);
    const same = await bid(lot.id, 1.5, buyer2.cookie);
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 'BID_TOO_LOW', highest: 1.5, minimum: 1.51 });
    expect((await bid(lot.id, 1.51, buyer2.cookie)).statusCode).toBe(200);
  });

  it('refuses an invalid amount with 400', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id });
    for (const amount of [0, -1, 1.234, 'abc', null, 1e9]) {
      const res = await bid(lot.id, amount, buyer.cookie);
      expect(res.statusCode, String(amount)).toBe(400);
    }
  });

  it('refuses visitors (401), the seller, admins and deactivated accounts (403)', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id });
    expect((await bid(lot.id, 5)).statusCode).toBe(401);
    const own = await bid(lot.id, 5, seller.cookie);
    expect([own.statusCode, own.json().code]).toEqual([403, 'OWN_PRODUCT']);
    const adm = await bid(lot.id, 5, admin.cookie);
    expect([adm.statusCode, adm.json().code]).toEqual([403, 'ADMIN_CANNOT_BID']);
    // Deactivated while signed in: the session is refused.
    const gone = await signedIn(ctx, { category: 'client' });
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, gone.user.id));
    expect((await bid(lot.id, 5, gone.cookie)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown lot and for a fixed-price lot', async () => {
    expect((await bid(999_999, 5, buyer.cookie)).statusCode).toBe(404);
    const fixed = await createProduct(ctx.db, { supplierId: seller.user.id });
    expect((await bid(fixed.id, 5, buyer.cookie)).statusCode).toBe(404);
  });

  it('refuses bids before the start and after the end with AUCTION_CLOSED', async () => {
    const future = await createProduct(ctx.db, { supplierId: seller.user.id, auctionStartDate: new Date(Date.now() + 3_600_000) });
    const early = await bid(future.id, 5, buyer.cookie);
    expect([early.statusCode, early.json().code]).toEqual([409, 'AUCTION_CLOSED']);
    // Ended a second ago but not closed by the job yet: the clock alone refuses it.
    const ended = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 + 1000 });
    const late = await bid(ended.id, 5, buyer.cookie);
    expect([late.statusCode, late.json().code]).toEqual([409, 'AUCTION_CLOSED']);
    const disabled = await createAuction(ctx.db, { supplierId: seller.user.id, status: 'DISABLED' });
    expect((await bid(disabled.id, 5, buyer.cookie)).json().code).toBe('AUCTION_CLOSED');
  });
});

describe('auction lists and details', () => {
  it('lists open auctions soonest end first with their biggest offer, and not ended or future ones', async () => {
    const soon = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 - 60_000 });
    const later = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 1000 });
    const ended = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 + 5 });
    const future = await createProduct(ctx.db, { supplierId: seller.user.id, auctionStartDate: new Date(Date.now() + 60_000) });
    await createOffer(ctx.db, soon.id, buyer.user.id, 2);
    await createOffer(ctx.db, soon.id, buyer2.user.id, 2.5);
    const list = (await get('/api/users/product/listActiveAuctionsWithBiggestOffer', buyer.cookie)).json() as Array<{
      amount: number | null;
      product: { productId: number; endsAt: string };
    }>;
    const ids = list.map((i) => i.product.productId);
    expect(ids).toContain(soon.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(future.id);
    expect(list.find((i) => i.product.productId === soon.id)!.amount).toBe(2.5);
    expect(list.find((i) => i.product.productId === later.id)!.amount).toBeNull();
    const ends = list.map((i) => Date.parse(i.product.endsAt));
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
  });

  it('details carry the seller, end time, server time and the next valid amount', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 3 });
    await createOffer(ctx.db, lot.id, buyer.user.id, 3.4);
    const d = (await get(`/api/users/product/details/${lot.id}`, buyer.cookie)).json();
    expect(d).toMatchObject({ productId: lot.id, seller: { companyName: 'Seller Co' }, highest: 3.4, nextMinimum: 3.41, open: true, winner: null });
    expect(Math.abs(Date.parse(d.serverTime) - Date.now())).toBeLessThan(5000);
    expect(Date.parse(d.endsAt)).toBe(lot.endsAt!.getTime());
    expect((await get('/api/users/product/details/999999', buyer.cookie)).statusCode).toBe(404);
  });

  it('offers come newest first', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1 });
    for (const a of [1, 1.1, 1.2]) expect((await bid(lot.id, a, buyer.cookie)).statusCode).toBe(200);
    const offers = (await get(`/api/users/auction/offers/${lot.id}`, buyer.cookie)).json();
    expect(offers.map((o: { amount: number }) => o.amount)).toEqual([1.2, 1.1, 1]);
    expect((await get('/api/users/auction/offers/999999', buyer.cookie)).statusCode).toBe(404);
  });
});

describe('closing auctions', () => {
  it('an ended auction becomes EXPIRED with its highest offer recorded as the winner; the detail shows the result', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 + 1000 });
    await createOffer(ctx.db, lot.id, buyer.user.id, 2);
    const top = await createOffer(ctx.db, lot.id, buyer2.user.id, 2.2);
    const noBids = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 + 1000 });
    const open = await createAuction(ctx.db, { supplierId: seller.user.id });
    const closed = await closeAuctions(ctx.db);
    expect(closed).toEqual(expect.arrayContaining([{ productId: lot.id, winningOfferId: top.id }, { productId: noBids.id, winningOfferId: null }]));
    expect(closed.map((c) => c.productId)).not.toContain(open.id);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    expect(row).toMatchObject({ status: 'EXPIRED', winningOfferId: top.id });
    const d = (await get(`/api/users/product/details/${lot.id}`, buyer.cookie)).json();
    expect(d).toMatchObject({ status: 'EXPIRED', open: false, winner: { companyName: 'Buyer Two', amount: 2.2 } });
    // The seller sees the result on its products page.
    const mine = (await get('/api/users/product/myProducts', seller.cookie)).json();
    expect(mine.find((p: { productId: number }) => p.productId === lot.id).winner).toEqual({ companyName: 'Buyer Two', amount: 2.2 });
    // The winner sees it among the auctions it won; the other bidder does not.
    const won = (await get('/api/users/auction/won', buyer2.cookie)).json();
    expect(won.map((w: { product: { productId: number } }) => w.product.productId)).toContain(lot.id);
    expect(won.find((w: { product: { productId: number } }) => w.product.productId === lot.id).amount).toBe(2.2);
    expect((await get('/api/users/auction/won', buyer.cookie)).json().map((w: { product: { productId: number } }) => w.product.productId)).not.toContain(lot.id);
    // A second run finds nothing more to close.
    expect((await closeAuctions(ctx.db)).map((c) => c.productId)).not.toContain(lot.id);
  });

  it('runs by itself on start-up', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 + 1000 });
    const { buildApp } = await import('../../app.js');
    const second = await buildApp({ config: { ...ctx.config, auctionCloseIntervalMs: 0 }, database: ctx.database });
    await second.ready();
    await second.close();
    const [row] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    expect(row!.status).toBe('EXPIRED');
  });
});
