import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type MyPurchaseRequest, type Order, type PurchaseRequest } from '@primeur/shared';
import { settle, signedIn } from '../../../test/build-app.js';
import { createProduct } from '../../db/factories/listings.js';
import { notifications, orders, products, purchaseRequests } from '../../db/schema/index.js';
import * as requests from './purchase-requests.service.js';
import { accept, buyer, buyer2, call, ctx, deps, request, seller, stranger, useOrdersWorld } from './orders.test-support.js';

useOrdersWorld();

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
    await settle(ctx);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `request_expired:${id}`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.userId).toBe(buyer.user.id);
  });

  it('keeps its price: requested at 1,50 €/kg, the lot raised to 9,99 before the seller accepts → the order is at 1,50', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 5, price: 1.5 });
    const id = await request(lot.id, 2);
    await ctx.db.update(products).set({ price: '9.99' }).where(eq(products.id, lot.id));
    const listed = (await call('GET', '/api/users/product/purchaseRequests', seller)).json() as PurchaseRequest[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ pricePerKg: 1.5, counter: null });
    const accepted = await accept(id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    // 2 pallets × 800 kg × 1.50 €/kg.
    expect(accepted.json()).toMatchObject({ pricePerKg: 1.5, amount: 2400 });
  });

  it('a buyer who saw another price than the lot has now is told, and nothing is requested', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 5, price: 2.4 });
    const stale = await call('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer, { pallets: 1, pricePerKg: 2.1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED', details: [{ path: 'pricePerKg', message: '2.4' }] });
    expect(await ctx.db.select().from(purchaseRequests).where(eq(purchaseRequests.productId, lot.id))).toEqual([]);
    const fresh = await call('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer, { pallets: 1, pricePerKg: 2.4 });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('the seller counters with another price; the buyer accepts it and the order is at the counter price', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 6, price: 1.5 });
    const id = await request(lot.id, 3);
    const counter = (who: typeof seller, body: unknown) => call('POST', `/api/users/product/purchaseRequest/${id}/counter`, who, body);
    expect((await counter(buyer, { pricePerKg: 1.8 })).statusCode).toBe(403);
    expect((await counter(seller, { pricePerKg: 0 })).statusCode).toBe(400);
    expect((await counter(seller, { pricePerKg: 1.805 })).statusCode).toBe(400);
    expect((await counter(seller, { pricePerKg: 1.5 })).json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'pricePerKg' }] });
    const other = await signedIn(ctx, { category: 'supplier' });
    expect((await counter(other, { pricePerKg: 1.8 })).statusCode).toBe(404);
    const countered = await counter(seller, { pricePerKg: 1.8, note: 'Our best price for class I' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'COUNTERED', pricePerKg: 1.5, counter: { pricePerKg: 1.8, note: 'Our best price for class I' } });
    // The seller has answered: no second answer from its side.
    expect((await accept(id)).json()).toMatchObject({ code: 'REQUEST_NOT_PENDING', details: [{ message: 'COUNTERED' }] });
    expect((await counter(seller, { pricePerKg: 1.7 })).statusCode).toBe(409);
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/decline`, seller, { reason: 'Changed my mind' })).statusCode).toBe(409);
    // The buyer is told (the request's event makes the notice), and reads it in its own list; nobody else sees it.
    await settle(ctx);
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `request_countered:${id}`));
    expect(note).toMatchObject({ userId: buyer.user.id, kind: 'request_countered' });
    const mine = (await call('GET', '/api/users/product/myPurchaseRequests', buyer)).json() as MyPurchaseRequest[];
    expect(mine.find((r) => r.id === id)).toMatchObject({ status: 'COUNTERED', seller: { companyName: 'Huerta Sur S.L.' }, counter: { pricePerKg: 1.8 } });
    expect(((await call('GET', '/api/users/product/myPurchaseRequests', buyer2)).json() as MyPurchaseRequest[]).map((r) => r.id)).not.toContain(id);
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/acceptCounter`, buyer2)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/acceptCounter`, seller)).statusCode).toBe(403);

    const accepted = await call('POST', `/api/users/product/purchaseRequest/${id}/acceptCounter`, buyer);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = accepted.json() as Order;
    // 3 × 800 kg × 1.80 €/kg.
    expect(order).toMatchObject({ purchaseRequestId: id, pallets: 3, pricePerKg: 1.8, amount: 4320, viewerSide: 'buyer' });
    expect(order.history[0]).toMatchObject({ actor: 'BUYER', companyName: 'Primeurs Lyonnais', noteCode: 'COUNTER_OFFER_ACCEPTED' });
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.quantity).toBe(3);
    // A retry answers the same order; a decline after it is refused.
    const again = await call('POST', `/api/users/product/purchaseRequest/${id}/acceptCounter`, buyer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: order.id });
    expect((await call('POST', `/api/users/product/purchaseRequest/${id}/declineCounter`, buyer, {})).json()).toMatchObject({ code: 'NO_COUNTER_OFFER' });
  });

  it('the buyer declines a counter-offer, or leaves it to expire; a pending request has no counter-offer to answer', async () => {
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 6, price: 1.5 });
    const pending = await request(lot.id, 1);
    expect((await call('POST', `/api/users/product/purchaseRequest/${pending}/acceptCounter`, buyer)).json()).toMatchObject({ code: 'NO_COUNTER_OFFER' });

    const declinedId = await request(lot.id, 2);
    await call('POST', `/api/users/product/purchaseRequest/${declinedId}/counter`, seller, { pricePerKg: 2 });
    const declined = await call('POST', `/api/users/product/purchaseRequest/${declinedId}/declineCounter`, buyer, { reason: 'Too dear for us' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'COUNTER_DECLINED', declineReason: 'Too dear for us', order: null });
    expect((await call('POST', `/api/users/product/purchaseRequest/${declinedId}/acceptCounter`, buyer)).statusCode).toBe(409);
    expect((await ctx.db.select().from(products).where(eq(products.id, lot.id)))[0]!.quantity).toBe(6);

    const lateId = await request(lot.id, 1);
    await call('POST', `/api/users/product/purchaseRequest/${lateId}/counter`, seller, { pricePerKg: 1.6 });
    await ctx.db
      .update(purchaseRequests)
      .set({ counteredAt: new Date(Date.now() - ctx.config.orders.purchaseRequestTtlMs - 1000) })
      .where(eq(purchaseRequests.id, lateId));
    expect((await call('POST', `/api/users/product/purchaseRequest/${lateId}/acceptCounter`, buyer)).json()).toMatchObject({
      code: 'NO_COUNTER_OFFER',
      details: [{ message: 'EXPIRED' }],
    });
    await requests.expireRequests(deps());
    expect((await ctx.db.select().from(purchaseRequests).where(eq(purchaseRequests.id, lateId)))[0]!.status).toBe('EXPIRED');
  });
});
