import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Order } from '@primeur/shared';
import { signedIn } from '../../../test/build-app.js';
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
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `request_expired:${id}`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.userId).toBe(buyer.user.id);
  });
});
