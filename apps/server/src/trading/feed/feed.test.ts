import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUCTION_DURATION_MS, todayInParis, type FeedPage } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { closeAuctions } from '../auctions/auctions.service.js';

// Each delivery's invoice renders a Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

/**
 * The change feed (issue 34 §2, decision 1011): the events of a company's trade, numbered per company
 * from 1 without a gap, each with the resource as the company sees it; nobody else's.
 */
let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let rival: Party;
let admin: Party;
let orderId: number;

const call = (who: Party | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const feedOf = async (who: Party, query = '') => {
  const res = await call(who, 'GET', `/api/v1/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedPage;
};

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Feed S.L.', country: 'ES', vatId: 'ESB04123456', postalCode: '04700' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Feed SAS', country: 'FR', vatId: 'FR23334175221', postalCode: '94150' });
  rival = await signedIn(ctx, { category: 'client', companyName: 'Rival Feed GmbH', country: 'DE', vatId: 'DE123456789' });
  admin = await signedIn(ctx, { category: 'admin' });
  // The rival bid too and lost: its feed must stay empty of this sale.
  const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: AUCTION_DURATION_MS + 1000, quantity: 4 });
  await createOffer(ctx.db, lot.id, rival.user.id, 1.4);
  await createOffer(ctx.db, lot.id, buyer.user.id, 1.5);
  orderId = (await closeAuctions(ctx.db)).find((c) => c.productId === lot.id)!.orderId!;
  // After each step the processors run, as the app runs them a moment after each commit.
  await settle(ctx);
  const shipped = await call(seller, 'POST', `/api/users/orders/${orderId}/ship`, {
    pallets: 4,
    netKg: 3200,
    departureDate: todayInParis(),
    vehiclePlate: '1234-BCD',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await settle(ctx);
  const received = await call(buyer, 'POST', `/api/users/orders/${orderId}/receive`, { pallets: 4, netKg: 3200 });
  expect(received.statusCode, received.body).toBe(200);
  // The invoice, then the feed of its event.
  await settle(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/v1/events', () => {
  it("tells the seller its lot sold, the order's steps and the invoice it issued, numbered 1, 2, 3… in order", async () => {
    const page = await feedOf(seller);
    expect(page.items.map((e) => e.type)).toEqual(['order.confirmed', 'lot.sold', 'order.shipped', 'order.delivered', 'invoice.issued']);
    expect(page.items.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(page.next).toBe(5);
    const [confirmed, sold, shipped, delivered, invoiced] = page.items;
    expect(sold!.data).toMatchObject({ sold: true, orderId });
    expect(confirmed!.data).toMatchObject({ id: orderId, status: 'CONFIRMED' });
    expect(shipped!.data).toMatchObject({ id: orderId, status: 'SHIPPED' });
    expect(delivered!.data).toMatchObject({ id: orderId, status: 'DELIVERED' });
    expect(invoiced!.data).toMatchObject({ kind: 'INVOICE', orderId, total: expect.any(Number) });
    for (const e of page.items) {
      expect(e.id).toMatch(/^evt_\d+$/);
      expect(Number.isNaN(Date.parse(e.occurredAt))).toBe(false);
    }
    // Read on from the last one: nothing new, the same `next`.
    expect(await feedOf(seller, '?after=5')).toEqual({ items: [], next: 5 });
  });

  it('gives the buyer the same events (same ids) under its own numbers, and its own view of them', async () => {
    const seller5 = await feedOf(seller);
    const mine = await feedOf(buyer);
    expect(mine.items.map((e) => e.type)).toEqual(['order.confirmed', 'order.shipped', 'order.delivered', 'invoice.issued']);
    expect(mine.items.map((e) => e.sequence)).toEqual([1, 2, 3, 4]);
    const sellerIds = new Map(seller5.items.map((e) => [e.type, e.id]));
    for (const e of mine.items) expect(e.id).toBe(sellerIds.get(e.type));
    expect(mine.items.map((e) => e.type)).not.toContain('lot.sold');
  });

  it("never shows a company another's trade", async () => {
    expect(await feedOf(rival)).toEqual({ items: [], next: 0 });
  });

  it('pages by `limit` from `after`', async () => {
    const first = await feedOf(seller, '?limit=2');
    expect(first.items.map((e) => e.sequence)).toEqual([1, 2]);
    expect(first.next).toBe(2);
    const second = await feedOf(seller, `?after=${first.next}&limit=2`);
    expect(second.items.map((e) => e.sequence)).toEqual([3, 4]);
    const last = await feedOf(seller, `?after=${second.next}&limit=1000`);
    expect(last.items.map((e) => e.sequence)).toEqual([5]);
  });

  it('refuses a bad `after` or `limit` with 400 (and nothing else in the query)', async () => {
    for (const q of ['?after=-1', '?after=abc', '?after=1.5', `?after=${2 ** 53}`, '?limit=0', '?limit=1001', '?limit=10,5', '?after=%00', '?since=1']) {
      const res = await call(seller, 'GET', `/api/v1/events${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // The limits themselves are taken.
    expect((await call(seller, 'GET', '/api/v1/events?limit=1')).statusCode).toBe(200);
    expect((await call(seller, 'GET', '/api/v1/events?limit=1000')).statusCode).toBe(200);
    expect((await call(seller, 'GET', `/api/v1/events?after=${Number.MAX_SAFE_INTEGER}`)).json()).toEqual({ items: [], next: Number.MAX_SAFE_INTEGER });
  });

  it('answers 401 without a session and 403 to the operator (it has no trade of its own)', async () => {
    expect((await call(null, 'GET', '/api/v1/events')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/v1/events')).statusCode).toBe(403);
  });

  it('reads with an API token the types its scopes cover, and refuses a token with no reading scope', async () => {
    const token = async (scopes: string[]) => {
      const res = await call(seller, 'POST', '/api/users/api-tokens', { name: `feed ${scopes.join(' ')}`, scopes });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { secret: string }).secret;
    };
    const read = (secret: string, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/events${query}`, headers: { authorization: `Bearer ${secret}` } });
    const invoices = await read(await token(['invoices:read']));
    expect(invoices.statusCode, invoices.body).toBe(200);
    expect((invoices.json() as FeedPage).items.map((e) => [e.sequence, e.type])).toEqual([[5, 'invoice.issued']]);
    const orders = (await read(await token(['orders:read', 'lots:read']))).json() as FeedPage;
    expect(orders.items.map((e) => e.type)).toEqual(['order.confirmed', 'lot.sold', 'order.shipped', 'order.delivered']);
    const refused = await read(await token(['lots:write']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SCOPE_MISSING' });
    // A token in the address is refused before anything else.
    expect((await call(seller, 'GET', `/api/v1/events?after=0&access_token=${await token(['orders:read'])}`)).json()).toMatchObject({ code: 'TOKEN_IN_URL' });
  });

  it('takes each event once, whatever the number of passes: a replay adds nothing', async () => {
    await settle(ctx);
    expect((await feedOf(seller)).items).toHaveLength(5);
  });
});
