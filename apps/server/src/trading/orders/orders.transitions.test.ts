import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type Order } from '@primeur/shared';
import { createProduct } from '../../db/factories/listings.js';
import { products, transports } from '../../db/schema/index.js';
import * as service from './orders.service.js';
import { admin, buyer, call, ctx, deps, request, seller, stranger, useOrdersWorld, wonOrder } from './orders.test-support.js';

useOrdersWorld();

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
    expect((await call('POST', `/api/users/orders/${orderId}/ship`, seller, { ...base, pallets: 1, netKg: 800, carrierId: 999999 })).json()).toMatchObject({
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
