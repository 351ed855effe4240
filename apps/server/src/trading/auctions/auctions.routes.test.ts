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
    // A local watcher: committed offers reach it from the database notification (decision 521).
    const unsubscribe = await ctx.app.topicHub.subscribe(
      `/topic/offers/${lot.id}`,
      { deliver: (frame) => seen.push(frame.toString('utf8').split('\n\n')[1]!.replace(/\0$/, '')) },
      's1',
    );
    const res = await bid(lot.id, 1.2, buyer.cookie);
    expect(res.statusCode).toBe(200);
    const { leading, mine, maxAmount, nextMinimum, ...message } = res.json();
    expect([leading, mine, maxAmount, nextMinimum]).toEqual([true, true, null, 1.22]);
    expect(message).toMatchObject({ amount: 1.2, bidderNumber: 1, bidderLabel: 'You', auto: false, highest: 1.2, bidders: 1, reserveMet: null });
    expect(message).not.toHaveProperty('user');
    expect(message.endsAt).toBe(lot.endsAt!.toISOString());
    expect(message.originalEndsAt).toBe(new Date(lot.auctionStartDate!.getTime() + 259_200_000).toISOString());
    // The live message is the same offer, named by its pseudonym for every watcher.
    await expect.poll(() => seen.map((m) => JSON.parse(m))).toEqual([{ ...message, bidderLabel: 'Bidder 1', extendedByMs: 0 }]);
    unsubscribe();
    const stored = (await get(`/api/users/auction/offers/${lot.id}`, buyer2.cookie)).json();
    expect(stored).toEqual([{ id: message.id, date: message.date, amount: 1.2, bidderNumber: 1, bidderLabel: 'Bidder 1', mine: false, auto: false }]);
  });

  it('refuses a bid below the starting price or below the highest offer plus its band step with BID_TOO_LOW and the highest amount', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1 });
    const low = await bid(lot.id, 0.99, buyer.cookie);
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({ code: 'BID_TOO_LOW', highest: null, minimum: 1 });
    expect((await bid(lot.id, 1.5, buyer.cookie)).statusCode).toBe(200);
    const same = await bid(lot.id, 1.5, buyer2.cookie);
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 'BID_TOO_LOW', highest: 1.5, minimum: 1.52 });
    expect((await bid(lot.id, 1.51, buyer2.cookie)).json()).toMatchObject({ code: 'BID_TOO_LOW', minimum: 1.52 });
    expect((await bid(lot.id, 1.52, buyer2.cookie)).statusCode).toBe(200);
  });

  it('refuses an invalid amount with 400 AMOUNT_INVALID and stores nothing', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id });
    for (const amount of [0, -1, 1.234, 0.001, 'abc', '3,10', null, 1e9, 1000.01, 1e308]) {
      const res = await bid(lot.id, amount, buyer.cookie);
      expect([res.statusCode, res.json().code], String(amount)).toEqual([400, 'AMOUNT_INVALID']);
    }
    const noNumber = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/auction/offers/add/${lot.id}`,
      headers: { cookie: buyer.cookie },
      payload: { amount: 2, maxAmount: 2.555 },
    });
    expect([noNumber.statusCode, noNumber.json().code, noNumber.json().details]).toEqual([
      400,
      'AMOUNT_INVALID',
      [{ path: 'maxAmount', message: 'AMOUNT_INVALID' }],
    ]);
    const extra = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/auction/offers/add/${lot.id}`,
      headers: { cookie: buyer.cookie },
      payload: { amount: 2, x: 1 },
    });
    expect([extra.statusCode, extra.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    // The cap itself is a valid amount.
    expect((await bid(lot.id, 1000, buyer.cookie)).statusCode).toBe(200);
    expect((await get(`/api/users/auction/offers/${lot.id}`, buyer.cookie)).json()).toHaveLength(1);
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

  it('refuses bids before the start (NOT_STARTED) and after the end (AUCTION_CLOSED)', async () => {
    const future = await createProduct(ctx.db, { supplierId: seller.user.id, auctionStartDate: new Date(Date.now() + 3_600_000) });
    const early = await bid(future.id, 5, buyer.cookie);
    expect([early.statusCode, early.json().code]).toEqual([409, 'NOT_STARTED']);
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
    const asked = Date.now();
    const d = (await get(`/api/users/product/details/${lot.id}`, buyer.cookie)).json();
    const answered = Date.now();
    expect(d).toMatchObject({ productId: lot.id, seller: { companyName: 'Seller Co' }, highest: 3.4, nextMinimum: 3.42, open: true, winner: null });
    // The server's clock at the answer: between the request and its answer (the same machine's clock).
    expect(Date.parse(d.serverTime)).toBeGreaterThanOrEqual(asked - 1);
    expect(Date.parse(d.serverTime)).toBeLessThanOrEqual(answered + 1);
    expect(Date.parse(d.endsAt)).toBe(lot.endsAt!.getTime());
    expect((await get('/api/users/product/details/999999', buyer.cookie)).statusCode).toBe(404);
  });

  it('offers come newest first', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1 });
    for (const [a, who] of [
      [1, buyer],
      [1.1, buyer2],
      [1.2, buyer],
    ] as const)
      expect((await bid(lot.id, a, who.cookie)).statusCode).toBe(200);
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
    expect(closed).toEqual(
      expect.arrayContaining([
        { productId: lot.id, winningOfferId: top.id, orderId: expect.any(Number) },
        { productId: noBids.id, winningOfferId: null, orderId: null },
      ]),
    );
    expect(closed.map((c) => c.productId)).not.toContain(open.id);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    expect(row).toMatchObject({ status: 'EXPIRED', winningOfferId: top.id });
    const d = (await get(`/api/users/product/details/${lot.id}`, buyer.cookie)).json();
    // Another bidder reads the winner's pseudonym ("won by Bidder 2"), the winner reads "You", the seller the company.
    expect(d).toMatchObject({ status: 'EXPIRED', open: false, result: 'SOLD', winner: { bidderNumber: 2, bidderLabel: 'Bidder 2', mine: false, amount: 2.2 } });
    expect(d.winner).not.toHaveProperty('user');
    // eslint-disable-next-line no-restricted-syntax -- the point is that the rival's name appears in no field at all
    expect(JSON.stringify(d)).not.toContain('Buyer Two');
    const dw = (await get(`/api/users/product/details/${lot.id}`, buyer2.cookie)).json();
    expect(dw).toMatchObject({ myBidderNumber: 2, winner: { bidderNumber: 2, bidderLabel: 'You', mine: true, amount: 2.2 } });
    const ds = (await get(`/api/users/product/details/${lot.id}`, seller.cookie)).json();
    expect(ds.winner).toEqual({ bidderNumber: 2, bidderLabel: 'Buyer Two', mine: false, user: { id: buyer2.user.id, companyName: 'Buyer Two' }, amount: 2.2 });
    expect((await get(`/api/users/product/details/${noBids.id}`, buyer.cookie)).json()).toMatchObject({ result: 'NO_BIDS', winner: null });
    // The seller sees the result on its products page.
    const mine = (await get('/api/users/product/myProducts', seller.cookie)).json();
    expect(mine.find((p: { productId: number }) => p.productId === lot.id)).toMatchObject({
      result: 'SOLD',
      winner: { companyName: 'Buyer Two', amount: 2.2 },
    });
    expect(mine.find((p: { productId: number }) => p.productId === noBids.id)).toMatchObject({ result: 'NO_BIDS', winner: null });
    expect(mine.find((p: { productId: number }) => p.productId === open.id)).toMatchObject({ result: null });
    // The winner sees it among the auctions it won; the other bidder does not.
    const won = (await get('/api/users/auction/won', buyer2.cookie)).json();
    expect(won.map((w: { product: { productId: number } }) => w.product.productId)).toContain(lot.id);
    expect(won.find((w: { product: { productId: number } }) => w.product.productId === lot.id).amount).toBe(2.2);
    expect((await get('/api/users/auction/won', buyer.cookie)).json().map((w: { product: { productId: number } }) => w.product.productId)).not.toContain(
      lot.id,
    );
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
