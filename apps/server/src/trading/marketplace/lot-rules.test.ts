import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { createLot, lotForm } from './marketplace.test-support.js';

let ctx: TestContext;
let supplier: { cookie: string; user: { id: number } };
let buyer: { cookie: string; user: { id: number } };
let admin: { cookie: string };

beforeAll(async () => {
  ctx = await createTestApp();
  supplier = await signedIn(ctx, { category: 'supplier' });
  buyer = await signedIn(ctx, { category: 'client' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const parisDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(ms));

describe('lot dates', () => {
  it('refuses "available until" yesterday with AVAILABLE_UNTIL_PAST and accepts today', async () => {
    const past = await createLot(ctx, supplier.cookie, await lotForm(ctx, { availableUntil: parisDay(Date.now() - DAY) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('AVAILABLE_UNTIL_PAST');
    const today = await createLot(ctx, supplier.cookie, await lotForm(ctx, { availableUntil: parisDay(Date.now()) }));
    expect(today.statusCode).toBe(201);
  });

  it('refuses an auction whose 3 days (and soft-close cap) end after the availability', async () => {
    const start = Date.now() + 60_000;
    const tooShort = await createLot(
      ctx,
      supplier.cookie,
      await lotForm(ctx, { availableUntil: parisDay(start + 2 * DAY), auctionStartDate: new Date(start).toISOString() }),
    );
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().code).toBe('AUCTION_OUTSIDE_AVAILABILITY');
    const fits = await createLot(
      ctx,
      supplier.cookie,
      await lotForm(ctx, { availableUntil: parisDay(start + 4 * DAY), auctionStartDate: new Date(start).toISOString() }),
    );
    expect(fits.statusCode).toBe(201);
  });

  it('refuses an auction starting more than a year ahead, and years 3000 and 9999', async () => {
    const start = Date.now() + 400 * DAY;
    const far = await createLot(
      ctx,
      supplier.cookie,
      await lotForm(ctx, { availableUntil: parisDay(start + 10 * DAY), auctionStartDate: new Date(start).toISOString() }),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('AUCTION_START_TOO_FAR');
    for (const availableUntil of ['3000-01-01', '9999-12-31']) {
      const res = await createLot(ctx, supplier.cookie, await lotForm(ctx, { availableUntil }));
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('disabled lots', () => {
  it('are 404 to buyers and other suppliers, visible to their seller and the operator (details and offers)', async () => {
    const lot = await createAuction(ctx.db, { supplierId: supplier.user.id });
    await createOffer(ctx.db, lot.id, buyer.user.id, Number(lot.price) + 1);

    const other = await signedIn(ctx, { category: 'supplier' });
    const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    const urls = [`/api/users/product/details/${lot.id}`, `/api/users/auction/offers/${lot.id}`];
    for (const url of urls) expect((await get(buyer.cookie, url)).statusCode).toBe(200);

    await ctx.db.update(products).set({ status: 'DISABLED' }).where(eq(products.id, lot.id));

    for (const url of urls) {
      expect((await get(buyer.cookie, url)).statusCode).toBe(404);
      expect((await get(other.cookie, url)).statusCode).toBe(404);
      expect((await get(supplier.cookie, url)).statusCode).toBe(200);
      expect((await get(admin.cookie, url)).statusCode).toBe(200);
    }
  });

  it("are 404 to buyers and other suppliers for the caller's bid and the watch list, as an unknown lot", async () => {
    const lot = await createAuction(ctx.db, { supplierId: supplier.user.id });
    const other = await signedIn(ctx, { category: 'supplier' });
    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string) => ctx.app.inject({ method, url, headers: { cookie } });
    const calls = [
      ['GET', `/api/users/auction/myBid/${lot.id}`],
      ['PUT', `/api/users/auction/watch/${lot.id}`],
      ['DELETE', `/api/users/auction/watch/${lot.id}`],
    ] as const;
    for (const [method, url] of calls) expect((await call(method, url, buyer.cookie)).statusCode, url).toBe(200);

    await ctx.db.update(products).set({ status: 'DISABLED' }).where(eq(products.id, lot.id));

    for (const [method, url] of calls) {
      const hidden = await call(method, url, buyer.cookie);
      const unknown = await call(method, url.replace(String(lot.id), '2147483000'), buyer.cookie);
      expect([hidden.statusCode, hidden.json()], `${method} ${url}`).toEqual([unknown.statusCode, unknown.json()]);
      expect(hidden.statusCode).toBe(404);
      expect((await call(method, url, other.cookie)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, supplier.cookie)).statusCode, `${method} ${url}`).toBe(200);
      expect((await call(method, url, admin.cookie)).statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('a lot that is not disabled stays visible to everyone signed in', async () => {
    const lot = await createProduct(ctx.db, {});
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/product/details/${lot.id}`, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
  });
});
