import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUCTION_DURATION_MS, todayInParis, type CreatedWebhook, type FeedPage } from '@primeur/shared';
import { settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { Receiver, testDeliverer, webhookTestApp, type Clock } from '../../../test/webhooks.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { closeAuctions } from '../auctions/auctions.service.js';
import type { WebhookDeliverer } from './webhooks.delivery.js';

// The delivery's invoice renders a Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

/**
 * The "done when" (decision 1012): a company creates an API token and a webhook endpoint (a
 * local receiver); a sale, its shipment, its receipt and its invoice happen through the app; the
 * receiver gets each event once, verified with `standardwebhooks`, and the feed read with the token
 * lists the same events in the same sequence. The other party's receiver is down during the trade and
 * gets everything, in order, once it is back 30 seconds later.
 */
let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let token: string;
const sellerHooks = new Receiver();
const buyerHooks = new Receiver();
const clock: Clock = { now: Date.now() };
let deliverer: WebhookDeliverer;

const call = (who: Party, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function endpoint(who: Party, r: Receiver) {
  const res = await call(who, 'POST', '/api/users/webhooks', { url: r.url });
  expect(res.statusCode, res.body).toBe(201);
  r.secrets = [(res.json() as CreatedWebhook).secret];
}

/** What the app does a moment after each commit: the processors write the feed, the webhook job delivers it. */
async function afterCommit() {
  await settle(ctx);
  await deliverer.drain();
}

beforeAll(async () => {
  ctx = await webhookTestApp();
  deliverer = testDeliverer(ctx, clock);
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Webhook S.L.', country: 'ES', vatId: 'ESB04123456', postalCode: '04700' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Webhook SAS', country: 'FR', vatId: 'FR23334175221', postalCode: '94150' });
  await sellerHooks.start();
  await buyerHooks.start();

  // The seller's system: a token to read the feed, an endpoint to be told.
  const made = await call(seller, 'POST', '/api/users/api-tokens', { name: 'ERP', scopes: ['orders:read', 'invoices:read', 'lots:read'] });
  expect(made.statusCode, made.body).toBe(201);
  token = (made.json() as { secret: string }).secret;
  await endpoint(seller, sellerHooks);
  // The buyer's receiver goes down before the trade starts.
  await endpoint(buyer, buyerHooks);
  await buyerHooks.stop();

  const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: AUCTION_DURATION_MS + 1000, quantity: 4 });
  await createOffer(ctx.db, lot.id, buyer.user.id, 1.5);
  const orderId = (await closeAuctions(ctx.db)).find((c) => c.productId === lot.id)!.orderId!;
  await afterCommit();
  const shipped = await call(seller, 'POST', `/api/users/orders/${orderId}/ship`, {
    pallets: 4,
    netKg: 3200,
    departureDate: todayInParis(),
    vehiclePlate: '1234-BCD',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await afterCommit();
  const received = await call(buyer, 'POST', `/api/users/orders/${orderId}/receive`, { pallets: 4, netKg: 3200 });
  expect(received.statusCode, received.body).toBe(200);
  // The invoice, then its feed entries and their deliveries.
  await afterCommit();
  await afterCommit();
});
afterAll(async () => {
  await deliverer?.stop();
  await sellerHooks.stop();
  await buyerHooks.stop();
  await ctx?.close();
});

describe('the traders’ webhooks, end to end', () => {
  it('deliver each event of the sale once, verified, the same ids in the same sequence as the feed read with the token', async () => {
    const feed = await ctx.app.inject({ method: 'GET', url: '/api/v1/events', headers: { authorization: `Bearer ${token}` } });
    expect(feed.statusCode, feed.body).toBe(200);
    const entries = (feed.json() as FeedPage).items;
    expect(entries.map((e) => e.type)).toEqual(['order.confirmed', 'lot.sold', 'order.shipped', 'order.delivered', 'invoice.issued']);

    expect(sellerHooks.got).toHaveLength(entries.length);
    expect(sellerHooks.got.every((g) => g.verifiedBy.length === 1 && g.answer === 200)).toBe(true);
    expect(sellerHooks.got.map((g) => [g.headers['webhook-id'], g.payload.sequence, g.payload.type])).toEqual(entries.map((e) => [e.id, e.sequence, e.type]));
    // The body is the feed's entry: the same resource, the same moment.
    for (const [i, e] of entries.entries())
      expect(sellerHooks.got[i]!.payload).toEqual({ id: e.id, type: e.type, timestamp: e.occurredAt, sequence: e.sequence, data: e.data });
    await afterCommit();
    expect(sellerHooks.got).toHaveLength(entries.length);
  });

  it('leave a receiver down during the trade without anything, and give it all, in order, once it is back 30 s later', async () => {
    expect(buyerHooks.delivered).toEqual([]);
    clock.now += 30_000;
    await buyerHooks.start();
    await deliverer.drain();
    const feed = (await call(buyer, 'GET', '/api/v1/events')).json() as FeedPage;
    expect(feed.items.map((e) => e.type)).toEqual(['order.confirmed', 'order.shipped', 'order.delivered', 'invoice.issued']);
    expect(buyerHooks.got.map((g) => [g.headers['webhook-id'], g.payload.sequence])).toEqual(feed.items.map((e) => [e.id, e.sequence]));
    expect(buyerHooks.got.every((g) => g.verifiedBy.length === 1 && g.answer === 200)).toBe(true);
    // Its log tells the story: each delivered, the first after a failed attempt while it was down.
    const [{ id }] = (await call(buyer, 'GET', '/api/users/webhooks')).json() as [{ id: number }];
    const log = (await call(buyer, 'GET', `/api/users/webhooks/${id}/deliveries`)).json() as {
      items: Array<{ sequence: number; status: string; attempts: number }>;
    };
    expect(log.items.map((d) => [d.sequence, d.status, d.attempts])).toEqual([
      [4, 'delivered', 2],
      [3, 'delivered', 1],
      [2, 'delivered', 1],
      [1, 'delivered', 2],
    ]);
  });
});
