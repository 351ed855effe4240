import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createUser } from '../../db/factories.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { createLot, lotForm } from './marketplace.test-support.js';

let ctx: TestContext;
let supplier: Awaited<ReturnType<typeof signedIn>>;
let otherSupplier: Awaited<ReturnType<typeof signedIn>>;
let buyer: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-mkt-')) });
  supplier = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Test' });
  otherSupplier = await signedIn(ctx, { category: 'supplier' });
  buyer = await signedIn(ctx, { category: 'client' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const activeIds = async () =>
  ((await get('/api/users/product/listActiveProducts', buyer.cookie)).json() as Array<{ productId: number }>).map((p) => p.productId);

describe('supplier lots', () => {
  it('a supplier creates a lot that appears in the marketplace with its seller, origin and packaging', async () => {
    const form = await lotForm(ctx);
    const res = await createLot(ctx, supplier.cookie, form);
    expect(res.statusCode).toBe(201);
    const lot = res.json();
    expect(lot).toMatchObject({ productName: 'Orange', name: form.name, status: 'ENABLED', price: 1.25, quantity: 12, user: { companyName: 'Huerta Test' } });
    expect(lot.origin.alpha2).toBe('ES');
    const market = (await get('/api/users/product/listActiveProducts', buyer.cookie)).json();
    expect(market.find((p: { productId: number }) => p.productId === lot.productId)).toMatchObject({ name: form.name });
    const mine = (await get('/api/users/product/myProducts', supplier.cookie)).json();
    expect(mine.map((p: { productId: number }) => p.productId)).toContain(lot.productId);
    expect(mine[0]).toMatchObject({ editable: true, offersCount: 0, highest: null });
  });

  it('a lot sold at auction is IN_AUCTION, ends 3 days after its start and stays out of the marketplace', async () => {
    const start = new Date(Date.now() + 60_000).toISOString();
    const lot = (await createLot(ctx, supplier.cookie, await lotForm(ctx, { auctionStartDate: start }))).json();
    expect(lot.status).toBe('IN_AUCTION');
    expect(Date.parse(lot.endsAt) - Date.parse(lot.auctionStartDate)).toBe(259_200_000);
    expect(await activeIds()).not.toContain(lot.productId);
  });

  it('an auction lot may carry a hidden reserve at or above its starting price; only its seller reads it', async () => {
    const start = new Date(Date.now() + 60_000).toISOString();
    const lot = (await createLot(ctx, supplier.cookie, await lotForm(ctx, { auctionStartDate: start, price: 1.25, reservePrice: 2.5 }))).json();
    expect(lot.status).toBe('IN_AUCTION');
    // Compared as values, not as text: a timestamp or an id may well contain the characters "2.5".
    const leaves = (v: unknown): unknown[] => (v !== null && typeof v === 'object' ? Object.values(v).flatMap(leaves) : [v]);
    expect(lot).not.toHaveProperty('reservePrice');
    expect(leaves(lot).filter((v) => (typeof v === 'number' || typeof v === 'string') && Number(v) === 2.5)).toEqual([]);
    const mine = (await get('/api/users/product/myProducts', supplier.cookie)).json();
    expect(mine.find((p: { productId: number }) => p.productId === lot.productId)).toMatchObject({ reservePrice: 2.5, reserveMet: false, bidders: 0 });
    const details = (await get(`/api/users/product/details/${lot.productId}`, buyer.cookie)).json();
    expect(details).toMatchObject({ reserveMet: false, phase: 'not_started', bidders: 0 });
    expect(details).not.toHaveProperty('reservePrice');
    // Equal to the starting price is fine; below it, on a fixed-price lot, or with 3 decimals is refused.
    expect((await createLot(ctx, supplier.cookie, await lotForm(ctx, { auctionStartDate: start, price: 1.25, reservePrice: 1.25 }))).statusCode).toBe(201);
    for (const [extra, path] of [
      [{ auctionStartDate: start, price: 1.25, reservePrice: 1.2 }, 'reservePrice'],
      [{ price: 1.25, reservePrice: 2 }, 'reservePrice'],
      [{ auctionStartDate: start, price: 1.25, reservePrice: 2.555 }, 'data.reservePrice'],
    ] as const) {
      const res = await createLot(ctx, supplier.cookie, await lotForm(ctx, extra));
      expect([res.statusCode, res.json().code], JSON.stringify(extra)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // A lot without a reserve says so with null.
    const plain = (await createLot(ctx, supplier.cookie, await lotForm(ctx, { auctionStartDate: start }))).json();
    expect((await get(`/api/users/product/details/${plain.productId}`, buyer.cookie)).json().reserveMet).toBeNull();
  });

  it('refuses invalid lot fields with 400 and their paths', async () => {
    const res = await createLot(ctx, supplier.cookie, await lotForm(ctx, { price: 1.234, quantity: 0, articleId: 'x' }));
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['data.price', 'data.quantity', 'data.articleId']));
    const unknown = await createLot(ctx, supplier.cookie, await lotForm(ctx, { articleId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_REFERENCE');
    const past = await createLot(ctx, supplier.cookie, await lotForm(ctx, { auctionStartDate: '2020-01-01T00:00:00Z' }));
    expect(past.statusCode).toBe(400);
  });

  it('only suppliers create lots', async () => {
    for (const who of [buyer, admin]) {
      const res = await createLot(ctx, who.cookie, await lotForm(ctx));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SUPPLIERS_ONLY');
    }
  });

  it('a supplier edits and withdraws its own lot until it has an offer, and never another supplier’s', async () => {
    const form = await lotForm(ctx);
    const lot = (await createLot(ctx, supplier.cookie, form)).json();
    const edited = await send('PUT', `/api/users/product/update/${lot.productId}`, supplier.cookie, { ...form, price: 2.5, name: 'Renamed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ price: 2.5, name: 'Renamed' });
    expect((await send('PUT', `/api/users/product/update/${lot.productId}`, otherSupplier.cookie, form)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/users/product/delete/${lot.productId}`, otherSupplier.cookie)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/users/product/delete/${lot.productId}`, supplier.cookie)).statusCode).toBe(204);
    expect((await get(`/api/users/product/details/${lot.productId}`, buyer.cookie)).statusCode).toBe(404);

    const auction = await createAuction(ctx.db, { supplierId: supplier.user.id });
    await createOffer(ctx.db, auction.id, buyer.user.id, 2);
    const locked = await send('PUT', `/api/users/product/update/${auction.id}`, supplier.cookie, form);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('PRODUCT_HAS_OFFERS');
    expect((await send('DELETE', `/api/users/product/delete/${auction.id}`, supplier.cookie)).json().code).toBe('PRODUCT_HAS_OFFERS');
  });
});

describe('statuses and the admin product list', () => {
  it('a fixed-price lot past its "available until" date reads EXPIRED and leaves the marketplace', async () => {
    const old = await createProduct(ctx.db, { supplierId: supplier.user.id, availableUntil: '2020-01-01' });
    expect(await activeIds()).not.toContain(old.id);
    const list = (await get('/api/admin/product/listProducts', admin.cookie)).json();
    expect(list.find((p: { productId: number }) => p.productId === old.id).status).toBe('EXPIRED');
  });

  it('the admin toggles ENABLED ↔ DISABLED, answers the new list, and a disabled lot leaves the marketplace', async () => {
    const lot = await createProduct(ctx.db, { supplierId: supplier.user.id });
    expect(await activeIds()).toContain(lot.id);
    const off = await send('PUT', `/api/admin/product/statusEnabled/${lot.id}`, admin.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json().find((p: { productId: number }) => p.productId === lot.id).status).toBe('DISABLED');
    expect(await activeIds()).not.toContain(lot.id);
    const on = await send('PUT', `/api/admin/product/statusEnabled/${lot.id}`, admin.cookie);
    expect(on.json().find((p: { productId: number }) => p.productId === lot.id).status).toBe('ENABLED');
  });

  it('the admin toggle refuses auctions and expired lots with 409, and unknown lots with 404', async () => {
    const auction = await createAuction(ctx.db, { supplierId: supplier.user.id });
    const expired = await createProduct(ctx.db, { supplierId: supplier.user.id, status: 'EXPIRED' });
    for (const id of [auction.id, expired.id]) {
      const res = await send('PUT', `/api/admin/product/statusEnabled/${id}`, admin.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('STATUS_NOT_TOGGLEABLE');
    }
    expect((await send('PUT', '/api/admin/product/statusEnabled/999999', admin.cookie)).statusCode).toBe(404);
  });

  it('only admins reach the admin product routes', async () => {
    expect((await get('/api/admin/product/listProducts', buyer.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/product/listProducts', supplier.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/product/listProducts' })).statusCode).toBe(401);
  });
});

describe('purchase requests', () => {
  it('a buyer asks for pallets and the seller sees the request', async () => {
    const lot = await createProduct(ctx.db, { supplierId: supplier.user.id, quantity: 5, name: 'Lemons Verna' });
    const res = await send('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer.cookie, { pallets: 5, message: 'Delivery to Hamburg' });
    expect(res.statusCode).toBe(201);
    const received = (await get('/api/users/product/purchaseRequests', supplier.cookie)).json();
    expect(received[0]).toMatchObject({ productId: lot.id, productTitle: 'Lemons Verna', pallets: 5, message: 'Delivery to Hamburg' });
    expect(received[0].buyer.companyName).toBe(buyer.user.companyName);
    expect((await get('/api/users/product/purchaseRequests', otherSupplier.cookie)).json()).toEqual([]);
  });

  it('refuses more pallets than available, non-buyers, auctions and disabled lots', async () => {
    const lot = await createProduct(ctx.db, { supplierId: supplier.user.id, quantity: 5 });
    const tooMany = await send('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer.cookie, { pallets: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('TOO_MANY_PALLETS');
    expect((await send('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer.cookie, { pallets: 0 })).statusCode).toBe(400);
    expect((await send('POST', `/api/users/product/purchaseRequest/${lot.id}`, otherSupplier.cookie, { pallets: 1 })).statusCode).toBe(403);
    const auction = await createAuction(ctx.db, { supplierId: supplier.user.id });
    expect((await send('POST', `/api/users/product/purchaseRequest/${auction.id}`, buyer.cookie, { pallets: 1 })).statusCode).toBe(409);
    const disabled = await createProduct(ctx.db, { supplierId: supplier.user.id, status: 'DISABLED' });
    expect((await send('POST', `/api/users/product/purchaseRequest/${disabled.id}`, buyer.cookie, { pallets: 1 })).statusCode).toBe(409);
    expect((await send('POST', '/api/users/product/purchaseRequest/999999', buyer.cookie, { pallets: 1 })).statusCode).toBe(404);
  });

  it('buyers and admins have no supplier pages', async () => {
    const inactive = await createUser(ctx.db, { category: 'supplier', active: false });
    expect(inactive.active).toBe(false);
    expect((await get('/api/users/product/myProducts', buyer.cookie)).statusCode).toBe(403);
    expect((await get('/api/users/product/purchaseRequests', admin.cookie)).statusCode).toBe(403);
  });
});

describe('lot form options', () => {
  it('lists catalog articles and packagings for the lot form', async () => {
    const form = await lotForm(ctx);
    const res = (await get('/api/users/product/formOptions', supplier.cookie)).json();
    expect(res.articles.map((a: { id: number }) => a.id)).toContain(form.articleId);
    expect(res.packagings.map((p: { id: number }) => p.id)).toContain(form.packagingId);
  });
});
