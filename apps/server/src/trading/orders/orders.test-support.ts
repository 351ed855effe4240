import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, jobsDrivenByTest, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { closeAuctions } from '../auctions/auctions.service.js';
import * as service from './orders.service.js';

/**
 * The orders tests' world (one per test file, each on its fresh database): the parties and the
 * helpers. Exported as live bindings, so a test reads `buyer` as if it were its own variable.
 */

export let ctx: TestContext;
export type Party = Awaited<ReturnType<typeof signedIn>>;
export let seller: Party;
export let buyer: Party;
export let buyer2: Party;
export let stranger: Party;
export let admin: Party;

export const ENDED_MS_AGO = 259_200_000 + 1000;

/** Registers the world's set-up in the calling test file: a fresh app and five signed-in parties. */
export function useOrdersWorld() {
  beforeAll(async () => {
    ctx = await createTestApp(jobsDrivenByTest());
    seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sur S.L.', country: 'ES', vatId: 'ESB12345678' });
    buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Lyonnais', country: 'FR', vatId: 'FR98765432109' });
    buyer2 = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt GmbH', country: 'DE' });
    stranger = await signedIn(ctx, { category: 'client', companyName: 'Someone Else' });
    admin = await signedIn(ctx, { category: 'admin' });
  });
  afterAll(() => ctx.close());
}

export const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Party, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

export function deps(): service.OrderDeps {
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
export async function wonOrder(opts: { amount?: number; quantity?: number; netKgPerPallet?: number | null } = {}) {
  const lot = await createAuction(ctx.db, {
    supplierId: seller.user.id,
    startedMsAgo: ENDED_MS_AGO,
    quantity: opts.quantity ?? 8,
    ...(opts.netKgPerPallet !== undefined ? { netKgPerPallet: opts.netKgPerPallet } : {}),
  });
  await createOffer(ctx.db, lot.id, buyer2.user.id, 1.5);
  await createOffer(ctx.db, lot.id, buyer.user.id, opts.amount ?? 1.62);
  // As the job does; the close's events make the order's messages (settle).
  const closed = await closeAuctions(ctx.db);
  await settle(ctx);
  const mine = closed.find((c) => c.productId === lot.id)!;
  return { lot, orderId: mine.orderId! };
}

/**
 * A client's acceptance: a 503 DATABASE_UNAVAILABLE (no pool connection in time, under a burst on a
 * busy machine) says "retry", as the web does; every other answer is final.
 */
export async function accept(id: number) {
  for (let attempt = 0; ; attempt++) {
    const res = await call('POST', `/api/users/product/purchaseRequest/${id}/accept`, seller);
    if (res.statusCode !== 503 || attempt === 20) return res;
    await new Promise((r) => setImmediate(r));
  }
}

export async function request(productId: number, pallets: number, who = buyer) {
  const res = await call('POST', `/api/users/product/purchaseRequest/${productId}`, who, { pallets });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}
