import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN, type Order } from '@primeur/shared';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { notifications, orderHistory, orders, outbox, outboxAttachments, products } from '../../db/schema/index.js';
import { closeAuctions } from '../auctions/auctions.service.js';
import { accept, buyer, buyer2, call, ctx, ENDED_MS_AGO, request, seller, stranger, useOrdersWorld, wonOrder } from './orders.test-support.js';

useOrdersWorld();

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
