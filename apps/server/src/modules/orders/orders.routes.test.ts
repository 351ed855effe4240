import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN, type Order, type OrderPage } from '@primeur/shared';
import type { IMessage } from '@stomp/stompjs';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { listenWs, stompClient } from '../../../test/stomp-client.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { notifications, orderHistory, orders, outbox, outboxAttachments, products, purchaseRequests, transports } from '../../db/schema/index.js';
import { closeAuctions } from '../auctions/auctions.service.js';
import * as service from './orders.service.js';
import * as requests from './purchase-requests.service.js';

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let buyer2: Party;
let stranger: Party;
let admin: Party;

const ENDED_MS_AGO = 259_200_000 + 1000;

beforeAll(async () => {
  ctx = await createTestApp({ auctionCloseIntervalMs: 0, alertsIntervalMs: 0 });
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sur S.L.', country: 'ES', vatId: 'ESB12345678' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Lyonnais', country: 'FR', vatId: 'FR98765432109' });
  buyer2 = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt GmbH', country: 'DE' });
  stranger = await signedIn(ctx, { category: 'client', companyName: 'Someone Else' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Party, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

function deps(): service.OrderDeps {
  return {
    db: ctx.db,
    bus: ctx.app.bus,
    mailer: ctx.app.mailer,
    log: ctx.app.log,
    claimWindowMs: ctx.config.orders.claimWindowMs,
    purchaseRequestTtlMs: ctx.config.orders.purchaseRequestTtlMs,
  };
}

/** An auction won by `buyer` at `amount` €/kg, closed: its order. */
async function wonOrder(opts: { amount?: number; quantity?: number; netKgPerPallet?: number | null } = {}) {
  const lot = await createAuction(ctx.db, {
    supplierId: seller.user.id,
    startedMsAgo: ENDED_MS_AGO,
    quantity: opts.quantity ?? 8,
    ...(opts.netKgPerPallet !== undefined ? { netKgPerPallet: opts.netKgPerPallet } : {}),
  });
  await createOffer(ctx.db, lot.id, buyer2.user.id, 1.5);
  await createOffer(ctx.db, lot.id, buyer.user.id, opts.amount ?? 1.62);
  // As the job does: the close's order messages leave after its commit.
  const closed = await closeAuctions(ctx.db, (fx) => service.flush(deps(), fx));
  const mine = closed.find((c) => c.productId === lot.id)!;
  return { lot, orderId: mine.orderId! };
}

/**
 * A client's acceptance: a 503 DATABASE_UNAVAILABLE (no pool connection in time, under a burst on a
 * busy machine) says "retry", as the web does; every other answer is final.
 */
async function accept(id: number) {
  for (let attempt = 0; ; attempt++) {
    const res = await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, seller);
    if (res.statusCode !== 503 || attempt === 20) return res;
    await new Promise((r) => setImmediate(r));
  }
}

async function request(productId: number, pallets: number, who = buyer) {
  const res = await call('POST', `/api/users/product/purchaseRequest/${productId}`, who, { pallets });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('orders from auctions', () => {
  it('closing an auction with a winner makes one CONFIRMED order with the lot and both companies, in the close itself', async () => {
    const { lot, orderId } = await wonOrder({ amount: 1.62, quantity: 8 });
    const res = await call('GET', `/api/users/orders/${orderId}`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as Order;
    expect(o.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(o).toMatchObject({
      status: 'CONFIRMED',
      source: 'AUCTION',
      pallets: 8,
      estimatedNetKg: 6400,
      netKg: 6400,
      pricePerKg: 1.62,
      amount: 10368,
      incoterm: 'FCA',
      viewerSide: 'buyer',
      nextActions: ['cancel', 'editDelivery'],
      buyer: { companyName: 'Primeurs Lyonnais', countryAlpha2: 'FR', vatId: 'FR98765432109' },
      seller: { companyName: 'Huerta Sur S.L.', countryAlpha2: 'ES', vatId: 'ESB12345678' },
      lot: { productId: lot.id, netKgPerPallet: 800, boxesPerPallet: 80, netKgPerBox: 10 },
    });
    expect(o.deliveryAddress.countryAlpha2).toBe('FR');
    expect(o.history).toEqual([expect.objectContaining({ actor: 'SYSTEM', from: null, to: 'CONFIRMED' })]);
    // The seller sees the same order with its own actions; the loser and others learn nothing.
    expect((await call('GET', `/api/users/orders/${orderId}`, seller)).json()).toMatchObject({ viewerSide: 'seller', nextActions: ['ship', 'cancel'] });
    expect((await call('GET', `/api/users/orders/${orderId}`, buyer2)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/orders/${orderId}`, stranger)).statusCode).toBe(404);
    // Won auctions and the seller's lot link to it.
    const won = (await call('GET', '/api/users/auction/won', buyer)).json() as Array<{ product: { productId: number }; order: { id: number } | null }>;
    expect(won.find((w) => w.product.productId === lot.id)?.order?.id).toBe(orderId);
    const mine = (await call('GET', '/api/users/product/myProducts', seller)).json() as Array<{ productId: number; orders: Array<{ id: number }> }>;
    expect(mine.find((p) => p.productId === lot.id)?.orders.map((r) => r.id)).toEqual([orderId]);
  });

  it('queues a bell notice and an e-mail for each party in its language, the confirmation PDF attached', async () => {
    const { orderId } = await wonOrder();
    const o = (await call('GET', `/api/users/orders/${orderId}`, buyer)).json() as Order;
    await service.confirmationsSettled();
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like ${'%' + o.number + '%'}`);
    expect(mails.map((m) => [m.toAddress, m.language]).sort()).toEqual(
      [
        [buyer.user.email, 'fr'],
        [seller.user.email, 'es'],
      ].sort(),
    );
    for (const m of mails) {
      const files = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, m.id));
      expect(files).toHaveLength(1);
      expect(files[0]!.contentType).toBe('application/pdf');
      expect(files[0]!.content?.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'order_confirmed'), sql`${notifications.data}->>'orderId' = ${String(orderId)}`));
    expect(notes.map((n) => n.userId).sort()).toEqual([buyer.user.id, seller.user.id].sort());
  });

  it('two closers racing make exactly one order per lot', async () => {
    const lots = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: ENDED_MS_AGO });
        await createOffer(ctx.db, lot.id, buyer.user.id, 2);
        return lot;
      }),
    );
    await Promise.all([closeAuctions(ctx.db), closeAuctions(ctx.db), closeAuctions(ctx.db)]);
    for (const lot of lots) {
      const rows = await ctx.db.select().from(orders).where(eq(orders.productId, lot.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('a crash inside the close leaves neither the close nor the order; the next run makes exactly one', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: ENDED_MS_AGO });
    await createOffer(ctx.db, lot.id, buyer.user.id, 2);
    // The history row is the last write of the order: failing there fails the whole close transaction.
    await ctx.db.execute(sql`create function fail_order_history() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`);
    await ctx.db.execute(sql`create trigger fail_order_history before insert on order_history for each row execute function fail_order_history()`);
    try {
      await expect(closeAuctions(ctx.db)).rejects.toThrow();
    } finally {
      await ctx.db.execute(sql`drop trigger fail_order_history on order_history`);
      await ctx.db.execute(sql`drop function fail_order_history()`);
    }
    expect(await ctx.db.select().from(orders).where(eq(orders.productId, lot.id))).toHaveLength(0);
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.status).toBe('IN_AUCTION');
    await closeAuctions(ctx.db);
    expect(await ctx.db.select().from(orders).where(eq(orders.productId, lot.id))).toHaveLength(1);
  });

  it('an order of a lot without weight has no amount until it is shipped', async () => {
    const { orderId } = await wonOrder({ netKgPerPallet: null, amount: 2 });
    expect((await call('GET', `/api/users/orders/${orderId}`, buyer)).json()).toMatchObject({ estimatedNetKg: null, netKg: null, amount: null });
    const shipped = await call('POST', `/api/users/orders/${orderId}/ship`, seller, {
      pallets: 8,
      netKg: 6123.4,
      departureDate: '2026-11-27',
      vehiclePlate: 'ab-123-cd',
    });
    expect(shipped.json()).toMatchObject({ netKg: 6123.4, amount: 12246.8, shipment: { vehiclePlate: 'AB-123-CD' } });
  });
});

describe('purchase requests', () => {
  it('the supplier accepts: an order, the pallets off the lot; declining needs a reason; a request answers once', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 10, price: 1.25 });
    const id = await request(lot.id, 4);
    const listed = (await call('GET', '/api/users/product/purchaseRequests', seller)).json() as Array<{ id: number; status: string; available: number }>;
    expect(listed.find((r) => r.id === id)).toMatchObject({ status: 'PENDING', available: 10, order: null });
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, stranger)).statusCode).toBe(403);
    const other = await signedIn(ctx, { category: 'supplier' });
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, other)).statusCode).toBe(404);
    const accepted = await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, seller);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      source: 'PURCHASE_REQUEST',
      purchaseRequestId: id,
      pallets: 4,
      pricePerKg: 1.25,
      estimatedNetKg: 3200,
      amount: 4000,
    });
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.quantity).toBe(6);
    // A retry answers the same order and sells nothing more.
    const again = await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, seller);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: (accepted.json() as Order).id });
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.quantity).toBe(6);

    const id2 = await request(lot.id, 2, buyer2);
    expect((await call('POST', `/api/users/product/purchaseRequest/${id2}/decline`, seller, { reason: '' })).statusCode).toBe(400);
    const declined = await call('POST', `/api/users/product/purchaseRequest/${id2}/decline`, seller, { reason: 'Reserved for a regular client' });
    expect(declined.json()).toMatchObject({ status: 'DECLINED', declineReason: 'Reserved for a regular client', order: null });
    expect((await call('POST', `/api/users/product/purchaseRequest/${id2}/accept`, seller)).statusCode).toBe(409);
  });

  it('20 concurrent acceptances over 10 pallets sell exactly 10; the sold-out lot leaves the marketplace', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 10 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await request(lot.id, 1, i % 2 ? buyer : buyer2));
    const answers = await Promise.all(ids.map(accept));
    const ok = answers.filter((a) => a.statusCode === 201 || a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    console.info(
      answers
        .filter((a) => a.statusCode !== 201 && a.statusCode !== 409)
        .map((a) => a.body)
        .slice(0, 3),
    );
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'NOT_ENOUGH_PALLETS' });
    const [row] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    expect(row!.quantity).toBe(0);
    const sold = await ctx.db.select().from(orders).where(eq(orders.productId, lot.id));
    expect(sold.reduce((n, o) => n + o.pallets, 0)).toBe(10);
    const onSale = (await call('GET', '/api/users/product/listActiveProducts?size=100', buyer)).json() as { items: Array<{ productId: number }> };
    expect(onSale.items.map((p) => p.productId)).not.toContain(lot.id);
    expect((await call('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer, { pallets: 1 })).statusCode).toBe(409);
  }, 60_000);

  it('a request left unanswered past PURCHASE_REQUEST_TTL_HOURS expires and the buyer is told', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 5 });
    const id = await request(lot.id, 1);
    await ctx.db
      .update(purchaseRequests)
      .set({ createdAt: new Date(Date.now() - ctx.config.orders.purchaseRequestTtlMs - 1000) })
      .where(eq(purchaseRequests.id, id));
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, seller)).json()).toMatchObject({ code: 'REQUEST_NOT_PENDING' });
    expect(await requests.expireRequests(deps())).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(purchaseRequests).where(eq(purchaseRequests.id, id));
    expect(row!.status).toBe('EXPIRED');
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `request_expired:${id}`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.userId).toBe(buyer.user.id);
  });
});

describe('order transitions', () => {
  it('CONFIRMED → SHIPPED → DELIVERED → CLOSED, each step with its history', async () => {
    const { orderId } = await wonOrder();
    const [carrier] = await ctx.db
      .insert(transports)
      .values({ carrier: `Transportes ${orderId}` })
      .returning();
    const ship = { pallets: 8, netKg: 6350.5, departureDate: '2026-11-27', vehiclePlate: '1234-BCD', carrierId: carrier!.id };
    expect((await call('POST', `/api/users/orders/${orderId}/ship`, buyer, ship)).statusCode).toBe(403);
    const shipped = await call('POST', `/api/users/orders/${orderId}/ship`, seller, ship);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'SHIPPED', netKg: 6350.5, amount: 10287.81, carrier: { name: `Transportes ${orderId}` }, nextActions: [] });
    // Received more than shipped, twice shipped, cancelled by a party after shipping: refused.
    expect((await call('POST', `/api/users/orders/${orderId}/receive`, buyer, { pallets: 9, netKg: 6000 })).json()).toMatchObject({
      code: 'RECEIVED_MORE_THAN_SHIPPED',
    });
    expect((await call('POST', `/api/users/orders/${orderId}/receive`, buyer, { pallets: 8, netKg: 6400 })).statusCode).toBe(400);
    const twice = await call('POST', `/api/users/orders/${orderId}/ship`, seller, ship);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: [{ path: 'status', message: 'SHIPPED' }] });
    expect((await call('POST', `/api/users/orders/${orderId}/cancel`, buyer, { reason: 'Changed my mind' })).json()).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
    });
    expect((await call('POST', `/api/users/orders/${orderId}/receive`, seller, { pallets: 8, netKg: 6300 })).statusCode).toBe(403);

    const received = await call('POST', `/api/users/orders/${orderId}/receive`, buyer, { pallets: 8, netKg: 6300 });
    expect(received.statusCode, received.body).toBe(200);
    const o = received.json() as Order;
    expect(o).toMatchObject({ status: 'DELIVERED', netKg: 6300, amount: 10206, receipt: { pallets: 8, netKg: 6300, automatic: false } });
    expect(o.claimWindowEndsAt).not.toBeNull();
    expect((await call('POST', `/api/users/orders/${orderId}/receive`, buyer, { pallets: 8, netKg: 6300 })).statusCode).toBe(409);

    // The claim window ends: the job closes it.
    await service.runLifecycle(deps(), Date.now() + ctx.config.orders.claimWindowMs + 1000);
    const closed = (await call('GET', `/api/users/orders/${orderId}`, seller)).json() as Order;
    expect(closed.status).toBe('CLOSED');
    expect(closed.history.map((h) => `${h.from ?? '-'}>${h.to}:${h.actor}`)).toEqual([
      '->CONFIRMED:SYSTEM',
      'CONFIRMED>SHIPPED:SELLER',
      'SHIPPED>DELIVERED:BUYER',
      'DELIVERED>CLOSED:SYSTEM',
    ]);
    const admin409 = await call('POST', `/api/admin/orders/${orderId}/cancel`, admin, { reason: 'Too late now' });
    expect(admin409.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: [{ message: 'CLOSED' }] });
  });

  it('a shipped order nobody confirms counts as received 72 h later, as shipped, recorded as automatic', async () => {
    const { orderId } = await wonOrder();
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, { pallets: 7, netKg: 5600, departureDate: '2026-11-27', vehiclePlate: 'XY-1' });
    expect((await service.runLifecycle(deps(), Date.now() + 71 * 3_600_000)).received).toBe(0);
    await service.runLifecycle(deps(), Date.now() + 72 * 3_600_000 + 1000);
    const o = (await call('GET', `/api/users/orders/${orderId}`, buyer)).json() as Order;
    expect(o).toMatchObject({ status: 'DELIVERED', receipt: { pallets: 7, netKg: 5600, automatic: true } });
    expect(o.history.at(-1)).toMatchObject({ actor: 'SYSTEM', from: 'SHIPPED', to: 'DELIVERED' });
  });

  it('either party cancels before shipping with a reason, and the pallets go back on sale', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 6 });
    const order = (await call('POST', `/api/users/product/purchaseRequest/${await request(lot.id, 5)}/accept`, seller)).json() as Order;
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.quantity).toBe(1);
    expect((await call('POST', `/api/users/orders/${order.id}/cancel`, buyer, {})).statusCode).toBe(400);
    expect((await call('POST', `/api/users/orders/${order.id}/cancel`, stranger, { reason: 'Not mine' })).statusCode).toBe(404);
    const cancelled = await call('POST', `/api/users/orders/${order.id}/cancel`, buyer, { reason: 'Truck not available' });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Truck not available', nextActions: [] });
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.quantity).toBe(6);
    expect(
      (await call('POST', `/api/users/orders/${order.id}/ship`, seller, { pallets: 5, netKg: 10, departureDate: '2026-11-27', vehiclePlate: 'XY-1' })).json(),
    ).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
      details: [{ message: 'CANCELLED' }],
    });
  });

  it('a cancelled auction order comes back as a fixed-price lot of the seller at the order price', async () => {
    const { lot, orderId } = await wonOrder({ amount: 1.9, quantity: 4 });
    await call('POST', `/api/users/orders/${orderId}/cancel`, seller, { reason: 'Hail damage' });
    const relisted = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.supplierId, seller.user.id), eq(products.name, lot.name), eq(products.status, 'ENABLED')));
    expect(relisted.find((p) => p.id !== lot.id)).toMatchObject({ quantity: 4, price: '1.90', auctionStartDate: null });
  });

  it('the operator cancels at any time before CLOSED', async () => {
    const { orderId } = await wonOrder();
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, { pallets: 8, netKg: 6400, departureDate: '2026-11-27', vehiclePlate: 'XY-1' });
    const res = await call('POST', `/api/admin/orders/${orderId}/cancel`, admin, { reason: 'Fraud suspicion' });
    expect(res.json()).toMatchObject({ status: 'CANCELLED', viewerSide: 'operator' });
    expect((res.json() as Order).history.at(-1)).toMatchObject({ actor: 'OPERATOR', from: 'SHIPPED', to: 'CANCELLED', note: 'Fraud suspicion' });
  });

  it('refuses bad pallets and weights with 400 and a clear reason', async () => {
    const { orderId } = await wonOrder();
    const base = { netKg: 100, departureDate: '2026-11-27', vehiclePlate: 'XY-1' };
    for (const pallets of [0, -1, 1.5, '2']) {
      const res = await call('POST', `/api/users/orders/${orderId}/ship`, seller, { ...base, pallets });
      expect(res.statusCode, String(pallets)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await call('POST', `/api/users/orders/${orderId}/ship`, seller, { ...base, pallets: 9 })).json()).toMatchObject({
      code: 'SHIPPED_MORE_THAN_ORDERED',
    });
    expect((await call('POST', `/api/users/orders/${orderId}/ship`, seller, { ...base, pallets: 1, netKg: 1.234 })).statusCode).toBe(400);
    expect((await call('POST', `/api/users/orders/${orderId}/ship`, seller, { ...base, pallets: 1, carrierId: 999999 })).json()).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
    });
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 3 });
    expect((await call('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer, { pallets: 4 })).json()).toMatchObject({ code: 'TOO_MANY_PALLETS' });
  });

  it('the buyer changes the delivery address and date until shipped', async () => {
    const { orderId } = await wonOrder();
    const address = { address: '12 quai Perrache', postalCode: '69002', city: 'Lyon', countryAlpha2: 'fr' };
    expect((await call('PATCH', `/api/users/orders/${orderId}`, seller, { deliveryAddress: address })).statusCode).toBe(403);
    const res = await call('PATCH', `/api/users/orders/${orderId}`, buyer, { deliveryAddress: address, requestedDeliveryDate: '2099-01-02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deliveryAddress: { ...address, countryAlpha2: 'FR' }, requestedDeliveryDate: '2099-01-02' });
    expect((await call('PATCH', `/api/users/orders/${orderId}`, buyer, {})).statusCode).toBe(400);
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, { pallets: 8, netKg: 6400, departureDate: '2026-11-27', vehiclePlate: 'XY-1' });
    expect((await call('PATCH', `/api/users/orders/${orderId}`, buyer, { requestedDeliveryDate: '2099-01-03' })).json()).toMatchObject({
      code: 'ILLEGAL_TRANSITION',
    });
  });
});

describe('lists, documents and the operator', () => {
  it('lists only the caller’s orders, by side and status, newest first, paged', async () => {
    const { orderId } = await wonOrder();
    const buying = (await call('GET', '/api/users/orders?side=buying&size=5', buyer)).json() as OrderPage;
    expect(buying.items[0]!.id).toBe(orderId);
    expect(buying.items.every((o) => o.buyer.userId === buyer.user.id)).toBe(true);
    expect(buying.total).toBeGreaterThan(1);
    expect((await call('GET', '/api/users/orders?side=selling', buyer)).json()).toMatchObject({ total: 0 });
    const selling = (await call('GET', '/api/users/orders?side=selling&status=CLOSED', seller)).json() as OrderPage;
    expect(selling.items.every((o) => o.status === 'CLOSED' && o.viewerSide === 'seller')).toBe(true);
    expect((await call('GET', '/api/users/orders', stranger)).json()).toMatchObject({ total: 0, items: [] });
    const found = (await call('GET', `/api/users/orders?q=${encodeURIComponent('lyonnais')}`, seller)).json() as OrderPage;
    expect(found.total).toBeGreaterThan(0);
    expect((await call('GET', '/api/users/orders?status=LOST', buyer)).statusCode).toBe(400);
  });

  it('serves the sale confirmation in the reader’s language to the parties only', async () => {
    const { orderId } = await wonOrder();
    for (const lang of ['en', 'fr']) {
      const res = await call('GET', `/api/users/orders/${orderId}/confirmation.pdf?lang=${lang}`, buyer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await call('GET', `/api/users/orders/${orderId}/confirmation.pdf`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/orders/${orderId}/confirmation.pdf`, admin)).statusCode).toBe(200);
  });

  it('the operator lists and exports every order; CSV cells cannot become formulas', async () => {
    const evil = await signedIn(ctx, { category: 'client', companyName: '=HYPERLINK("http://x")' });
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: ENDED_MS_AGO });
    await createOffer(ctx.db, lot.id, evil.user.id, 3);
    await closeAuctions(ctx.db);
    const page = (await call('GET', `/api/admin/orders?party=${evil.user.id}`, admin)).json() as OrderPage;
    expect(page.total).toBe(1);
    expect(page.items[0]!.viewerSide).toBe('operator');
    expect((await call('GET', '/api/admin/orders', buyer)).statusCode).toBe(403);
    const csv = await call('GET', `/api/admin/orders.csv?party=${evil.user.id}`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\ufeffnumber;')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    const dated = (await call('GET', '/api/admin/orders?from=2000-01-01&to=2000-01-02', admin)).json() as OrderPage;
    expect(dated.total).toBe(0);
  });
});

describe('live and background', () => {
  it('each party hears the other’s step on /user/queue/orders, and nobody else does', async () => {
    const { orderId } = await wonOrder();
    const url = await listenWs(ctx.app);
    const clients = { buyer: stompClient(url, buyer.cookie), stranger: stompClient(url, stranger.cookie) };
    await Promise.all([clients.buyer.connected, clients.stranger.connected]);
    const got: Record<'buyer' | 'stranger', IMessage[]> = { buyer: [], stranger: [] };
    await Promise.all(
      (['buyer', 'stranger'] as const).map(
        (k) =>
          new Promise<void>((r) => {
            clients[k].client.watchForReceipt(`r-${k}`, () => r());
            clients[k].client.subscribe('/user/queue/orders', (m) => got[k].push(m), { receipt: `r-${k}` });
          }),
      ),
    );
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, { pallets: 8, netKg: 6400, departureDate: '2026-11-27', vehiclePlate: 'XY-1' });
    await expect.poll(() => got.buyer.length).toBeGreaterThan(0);
    expect(JSON.parse(got.buyer[0]!.body)).toMatchObject({ orderId, status: 'SHIPPED', previousStatus: 'CONFIRMED' });
    expect(got.stranger).toEqual([]);
    await Promise.all([clients.buyer.stop(), clients.stranger.stop()]);
  });

  it('the order job sends the confirmations a stopped instance left unrendered', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: ENDED_MS_AGO });
    await createOffer(ctx.db, lot.id, buyer.user.id, 2);
    // Closed without its after-commit step, as if the process had died right after the commit.
    await closeAuctions(ctx.db);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.productId, lot.id));
    const pending = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like ${'%' + order!.number + '%'}`);
    expect(pending.map((m) => m.status)).toEqual(['pending', 'pending']);
    expect(await ctx.app.jobs.runExclusive('order-lifecycle', { force: true })).toBe('ok');
    const after = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like ${'%' + order!.number + '%'}`);
    // No SMTP in tests: delivered into the outbox for the operator, each with its PDF.
    expect(after.map((m) => m.status)).toEqual(['outbox', 'outbox']);
    for (const m of after) {
      const [file] = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, m.id));
      expect(file!.content?.subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, 120_000);
});

describe('order numbers', () => {
  it('are continuous under parallel creation: no gap, no duplicate', async () => {
    const lots = await Promise.all(Array.from({ length: 50 }, () => createProduct(ctx.db, { supplierId: seller.user.id, quantity: 2 })));
    const ids: number[] = [];
    for (const lot of lots) ids.push(await request(lot.id, 1));
    const before = await ctx.db.select({ number: orders.number }).from(orders);
    const answers = await Promise.all(ids.map(accept));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 201 && s !== 200)).toEqual([]);
    const all = (await ctx.db.select({ number: orders.number }).from(orders)).map((o) => Number(o.number.slice(-6))).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(all.length).toBe(before.length + 50);
    // Every order has its history; a rolled-back creation (the crash test) left no number behind.
    const histories = await ctx.db.select({ n: sql<number>`count(distinct ${orderHistory.orderId})::int` }).from(orderHistory);
    expect(histories[0]!.n).toBe(all.length);
    console.info(`order numbers (${ctx.database.kind}): ${all.length} continuous`);
  }, 120_000);
});
