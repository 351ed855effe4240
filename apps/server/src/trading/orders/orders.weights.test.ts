import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Claim, type ClaimList, type Order } from '@primeur/shared';
import { claims, orders } from '../../db/schema/index.js';
import * as service from './orders.service.js';
import { admin, buyer, call, ctx, deps, seller, useOrdersWorld, wonOrder } from './orders.test-support.js';

/**
 * Weights both parties can trust (issue 32 §3, decisions 980–981). The world's lots declare 800 kg per
 * pallet; an auction of 8 pallets at 1.62 €/kg; WEIGHT_TOLERANCE_PERCENT is the default 15.
 */
useOrdersWorld();

const shipBody = (pallets: number, netKg: unknown) => ({ pallets, netKg, departureDate: '2026-11-27', vehiclePlate: 'XY-1' });
const ship = (orderId: number, pallets: number, netKg: unknown) => call('POST', `/api/users/orders/${orderId}/ship`, seller, shipBody(pallets, netKg));
const receive = (orderId: number, netKg: unknown, pallets = 8) => call('POST', `/api/users/orders/${orderId}/receive`, buyer, { pallets, netKg });

async function shippedOrder(netKg = 6400) {
  const { orderId } = await wonOrder();
  const res = await ship(orderId, 8, netKg);
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

describe('the shipped weight', () => {
  it('is held within the tolerance of the declared kg per pallet × pallets shipped, both ends included', async () => {
    // 8 × 800 kg = 6400 kg ± 15 % → 5440 … 7360 kg.
    const { orderId } = await wonOrder();
    const below = await ship(orderId, 8, 5439.99);
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: 'WEIGHT_OUT_OF_TOLERANCE',
      details: [
        { path: 'netKg', message: 'outOfTolerance' },
        { path: 'minKg', message: '5440' },
        { path: 'maxKg', message: '7360' },
      ],
    });
    expect((await ship(orderId, 8, 7360.01)).json()).toMatchObject({ code: 'WEIGHT_OUT_OF_TOLERANCE' });
    // The range follows the pallets shipped: 3 pallets → 2040 … 2760 kg.
    expect((await ship(orderId, 3, 5440)).json()).toMatchObject({ code: 'WEIGHT_OUT_OF_TOLERANCE', details: [{}, { message: '2040' }, { message: '2760' }] });
    expect((await ship(orderId, 8, 5440)).statusCode).toBe(200);

    const other = (await wonOrder()).orderId;
    const atMax = await ship(other, 8, 7360);
    expect(atMax.statusCode, atMax.body).toBe(200);
    expect(atMax.json()).toMatchObject({ status: 'SHIPPED', netKg: 7360, weightTolerancePercent: 15 });
  });

  it('refuses negative, zero, NaN, non-numbers and weights above 10⁷ kg with 400, never a 500', async () => {
    const { orderId } = await wonOrder();
    for (const netKg of [-1, 0, 'NaN', null, '6400', 10_000_000.01, 1e300]) {
      const res = await ship(orderId, 8, netKg);
      expect(res.statusCode, String(netKg)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // A raw NaN token is not JSON: refused as a malformed body.
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/orders/${orderId}/ship`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: '{"pallets":8,"netKg":NaN,"departureDate":"2026-11-27","vehiclePlate":"XY-1"}',
    });
    expect(raw.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('CONFIRMED');
  });

  it('has only the absolute bounds on a lot that declared no weight', async () => {
    const { orderId } = await wonOrder({ netKgPerPallet: null });
    expect((await ship(orderId, 8, 10_000_001)).statusCode).toBe(400);
    expect((await ship(orderId, 8, 12.5)).statusCode).toBe(200);
  });
});

describe('the received weight', () => {
  it('is at most the shipped weight and refuses the same bad numbers', async () => {
    const orderId = await shippedOrder(6400);
    expect((await receive(orderId, 6400.01)).json()).toMatchObject({ code: 'RECEIVED_MORE_THAN_SHIPPED', details: [{ path: 'netKg' }] });
    for (const netKg of [-5, 0, 'NaN', 10_000_000.01]) expect((await receive(orderId, netKg)).statusCode, String(netKg)).toBe(400);
    const equal = await receive(orderId, 6400);
    expect(equal.statusCode, equal.body).toBe(200);
    expect(equal.json()).toMatchObject({ status: 'DELIVERED', netKg: 6400, amount: 10368, invoicedWeight: 'RECEIVED' });
  });

  it('within the tolerance below the shipment becomes the invoiced weight, with no claim', async () => {
    // 6400 × 0.85 = 5440 kg: the lowest receipt that is not a dispute.
    const orderId = await shippedOrder(6400);
    const res = await receive(orderId, 5440);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ netKg: 5440, amount: 8812.8, invoicedWeight: 'RECEIVED' });
    expect(await ctx.db.select().from(claims).where(eq(claims.orderId, orderId))).toEqual([]);
  });

  it('short beyond the tolerance is a dispute: invoiced on the shipped weight, and a weight claim for the missing kg', async () => {
    const orderId = await shippedOrder(6400);
    const res = await receive(orderId, 5439.99);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as Order;
    // The amount stays the shipped weight's: 6400 × 1.62 = 10368 €.
    expect(o).toMatchObject({ status: 'DELIVERED', netKg: 6400, amount: 10368, invoicedWeight: 'SHIPPED', receipt: { netKg: 5439.99 } });
    expect(o.history.at(-1)).toMatchObject({ actor: 'BUYER', to: 'DELIVERED' });
    expect(o.history.find((h) => h.noteCode === 'WEIGHT_DISPUTED')).toMatchObject({
      noteParams: { shippedNetKg: 6400, receivedNetKg: 5439.99, tolerancePercent: 15 },
    });
    const list = (await call('GET', `/api/users/orders/${orderId}/claims`, seller)).json() as ClaimList;
    expect(list.items).toHaveLength(1);
    // 10368.00 − round(5439.99 × 1.62) = 10368.00 − 8812.78 = 1555.22 €.
    expect(list.items[0]).toMatchObject({
      weightDispute: true,
      status: 'OPEN',
      reasons: ['SHORT'],
      netKg: 960.01,
      creditAsked: 1555.22,
      nextActions: ['accept', 'propose', 'reject'],
    });

    // The seller confirms the received weight by accepting: the credit is the difference; the
    // order stays open to a quality claim until its window ends.
    const claimId = list.items[0]!.id;
    const accepted = await call('POST', `/api/users/orders/${orderId}/claims/${claimId}/accept`, seller, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json() as Claim).toMatchObject({ status: 'SETTLED', credit: 1555.22 });
    const after = (await call('GET', `/api/users/orders/${orderId}`, buyer)).json() as Order;
    expect(after.status).toBe('DELIVERED');
    expect(((await call('GET', `/api/users/orders/${orderId}/claims`, buyer)).json() as ClaimList).canFile).toBe(true);
  });

  it('a disputed receipt the seller does not confirm goes the claim way: rejected, then the operator decides', async () => {
    const orderId = await shippedOrder(6400);
    await receive(orderId, 3000);
    const claim = ((await call('GET', `/api/users/orders/${orderId}/claims`, seller)).json() as ClaimList).items[0]!;
    const rejected = await call('POST', `/api/users/orders/${orderId}/claims/${claim.id}/reject`, seller, { note: 'Weighbridge ticket says 6400 kg' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED' });
    const seen = ((await call('GET', `/api/users/orders/${orderId}/claims`, buyer)).json() as ClaimList).items[0]!;
    expect(seen.nextActions).toEqual(['accept', 'escalate']);
    // Nothing closes the order behind the open claim.
    await service.runLifecycle(deps(), Date.now() + ctx.config.orders.claimWindowMs + 1000);
    expect(((await call('GET', `/api/users/orders/${orderId}`, buyer)).json() as Order).status).toBe('DELIVERED');
    expect((await call('POST', `/api/users/orders/${orderId}/claims/${claim.id}/escalate`, buyer, {})).json()).toMatchObject({ status: 'ESCALATED' });
    const decided = await call('POST', `/api/admin/orders/${orderId}/claims/${claim.id}/decide`, admin, {
      credit: 500,
      note: 'Half the pallets weighed short',
    });
    expect(decided.json()).toMatchObject({ status: 'SETTLED', credit: 500 });
  });

  it('the automatic receipt takes the shipped figures and says the invoice uses them', async () => {
    const orderId = await shippedOrder(6000);
    await service.runLifecycle(deps(), Date.now() + 72 * 3_600_000 + 1000);
    const o = (await call('GET', `/api/users/orders/${orderId}`, buyer)).json() as Order;
    expect(o).toMatchObject({
      status: 'DELIVERED',
      invoicedWeight: 'SHIPPED',
      netKg: 6000,
      amount: 9720,
      receipt: { netKg: 6000, pallets: 8, automatic: true },
    });
    expect(await ctx.db.select().from(claims).where(eq(claims.orderId, orderId))).toEqual([]);
  });
});
