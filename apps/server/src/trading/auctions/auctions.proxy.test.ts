import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUCTION_DURATION_MS, AUCTIONS_SUMMARY_TOPIC, SOFT_CLOSE_MAX_EXTENSION_MS, offersTopic } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { buildApp } from '../../app.js';
import { createAuction } from '../../db/factories/listings.js';
import { auctionMaxima, offers, products } from '../../db/schema/index.js';
import { closeAuctions } from './auction-closer.js';
import { expectClosedAtReplayedEnd, softClosedAuction } from '../../../test/soft-close.js';
import { expectedPriceCents } from './engine-model.js';

/**
 * The bid API end to end (issues 10 and 14): proxy bids and their live messages, secrecy of maxima,
 * idempotent retries across two app instances, a race of maxima against the soft-closed end, reserve.
 * PGlite by default; real PostgreSQL with TEST_DATABASE_URL (requests then truly run in parallel).
 */
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof signedIn>>;
const buyers: Array<Awaited<ReturnType<typeof signedIn>>> = [];
const BIDDERS = 20;

beforeAll(async () => {
  ctx = await createTestApp({ auctionCloseIntervalMs: 0 });
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Seller Co' });
  for (let i = 0; i < BIDDERS; i++) buyers.push(await signedIn(ctx, { category: 'client', companyName: `Proxy Buyer ${i}` }));
}, 120_000);
afterAll(() => ctx.close());

interface Answer {
  status: number;
  body: Record<string, unknown> & { id?: number; code?: string; amount?: number; date?: string; leading?: boolean; highest?: number };
}

async function bid(app: FastifyInstance, productId: number, cookie: string, body: { amount: number; maxAmount?: number }, key?: string): Promise<Answer> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/users/auction/offers/add/${productId}`,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
const cents = (e: number) => Math.round(e * 100);
let sinkIds = 0;
/** Watches a topic as a live socket would: offers reach watchers through the instance's relay (decision 521). */
const watch = (app: typeof ctx.app, topic: string, onMessage: (m: string) => void) =>
  app.topicHub.subscribe(topic, { deliver: (frame) => onMessage(frame.toString('utf8').split('\n\n')[1]!.replace(/\0$/, '')) }, `w${++sinkIds}`);

describe('proxy bids over HTTP', () => {
  it('A sets a maximum, B bids: A answers automatically; every offer is published in order with the lot state; maxima stay secret', async () => {
    const [a, b] = [buyers[0]!, buyers[1]!];
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1, reservePrice: 1.5 });
    const seen: unknown[] = [];
    const summaries: unknown[] = [];
    const offs = [
      await watch(ctx.app, offersTopic(lot.id), (m) => seen.push(JSON.parse(m))),
      await watch(ctx.app, AUCTIONS_SUMMARY_TOPIC, (m) => summaries.push(JSON.parse(m))),
    ];

    const first = await bid(ctx.app, lot.id, a.cookie, { amount: 1, maxAmount: 3 });
    expect(first.status).toBe(200);
    // The maximum reaches the reserve: the price goes to the reserve at once.
    expect(first.body).toMatchObject({ amount: 1.5, auto: false, leading: true, highest: 1.5, bidders: 1, reserveMet: true, maxAmount: 3, nextMinimum: 1.52 });
    const second = await bid(ctx.app, lot.id, b.cookie, { amount: 2 });
    expect(second.status).toBe(200);
    // One answer says where B stands: placed at 2,00, an automatic bid is higher (2,02), bid 2,04.
    expect(second.body).toMatchObject({
      amount: 2,
      auto: false,
      leading: false,
      highest: 2.02,
      nextMinimum: 2.04,
      maxAmount: null,
      bidders: 2,
      reserveMet: true,
      bidderNumber: 2,
      bidderLabel: 'You',
      mine: true,
    });
    expect(second.body).not.toHaveProperty('user');
    // Live messages leave after the commit, through the relay: wait for the three offers.
    await expect.poll(() => seen.length).toBe(3);
    await expect.poll(() => summaries.filter((s) => (s as { productId: number }).productId === lot.id).length).toBe(3);
    for (const off of offs) off();

    expect(seen).toMatchObject([
      { amount: 1.5, bidderNumber: 1, bidderLabel: 'Bidder 1', auto: false, highest: 1.5, bidders: 1, reserveMet: true, extendedByMs: 0 },
      { amount: 2, bidderNumber: 2, bidderLabel: 'Bidder 2', auto: false, highest: 2, bidders: 2 },
      { amount: 2.02, bidderNumber: 1, bidderLabel: 'Bidder 1', auto: true, highest: 2.02, bidders: 2 },
    ]);
    // Live messages go to every watcher: no company, no user id.
    // eslint-disable-next-line no-restricted-syntax -- the point is that the name appears in no field at all, nested or not
    expect(JSON.stringify(seen)).not.toMatch(/Proxy Buyer|companyName|"user"/);
    expect(summaries.filter((s) => (s as { productId: number }).productId === lot.id)).toMatchObject([
      { productId: lot.id, highest: 1.5 },
      { productId: lot.id, highest: 2 },
      { productId: lot.id, highest: 2.02, bidders: 2, reserveMet: true },
    ]);
    for (const m of seen) expect((m as { endsAt: string }).endsAt).toBe(lot.endsAt!.toISOString());

    expect(await get(`/api/users/auction/myBid/${lot.id}`, a.cookie)).toEqual({ maxAmount: 3, leading: true });
    expect(await get(`/api/users/auction/myBid/${lot.id}`, b.cookie)).toEqual({ maxAmount: null, leading: false });
    // Nobody but A reads A's maximum: not in the offers, the details or the live messages.
    for (const text of [
      JSON.stringify(await get(`/api/users/auction/offers/${lot.id}`, b.cookie)),
      JSON.stringify(await get(`/api/users/product/details/${lot.id}`, b.cookie)),
      JSON.stringify(seen),
    ]) {
      expect(text).not.toMatch(/"(maxAmount|max_amount|reservePrice)"|"(amount|highest|nextMinimum)":3[,}]/);
    }
    const d = await get(`/api/users/product/details/${lot.id}`, b.cookie);
    expect(d).toMatchObject({ highest: 2.02, nextMinimum: 2.04, bidders: 2, reserveMet: true, phase: 'open', open: true, endsAt: lot.endsAt!.toISOString() });
    const list = await get(`/api/users/auction/offers/${lot.id}`, b.cookie);
    expect(list.map((o: { amount: number; auto: boolean }) => [o.amount, o.auto])).toEqual([
      [2.02, true],
      [2, false],
      [1.5, false],
    ]);

    // A, leading, cannot outbid itself; raising its maximum places no offer.
    expect((await bid(ctx.app, lot.id, a.cookie, { amount: 2.04 })).body.code).toBe('ALREADY_HIGHEST');
    const raise = await bid(ctx.app, lot.id, a.cookie, { amount: 2.04, maxAmount: 4 });
    expect(raise.status).toBe(200);
    expect(raise.body).toMatchObject({ amount: 2.02, auto: true, leading: true, maxAmount: 4, highest: 2.02, bidderNumber: 1, mine: true });
    expect(await get(`/api/users/auction/myBid/${lot.id}`, a.cookie)).toEqual({ maxAmount: 4, leading: true });
    expect((await get(`/api/users/auction/offers/${lot.id}`, b.cookie)).length).toBe(3);
    // A maximum below the next minimum: 400.
    const low = await bid(ctx.app, lot.id, b.cookie, { amount: 2.04, maxAmount: 2.03 });
    expect([low.status, low.body.code, low.body.minimum]).toEqual([400, 'MAX_BELOW_MINIMUM', 2.04]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/auction/myBid/999999`, headers: { cookie: a.cookie } })).statusCode).toBe(404);
  });

  it('a lot whose reserve is not met ends unsold: no winner', async () => {
    // Its cap is 4 s away, so the bids below cannot extend it further than that.
    const start = new Date(Date.now() - AUCTION_DURATION_MS - SOFT_CLOSE_MAX_EXTENSION_MS + 4000);
    const lot = await createAuction(ctx.db, {
      supplierId: seller.user.id,
      price: 1,
      reservePrice: 9,
      auctionStartDate: start,
      endsAt: new Date(Date.now() + 3000),
    });
    expect((await bid(ctx.app, lot.id, buyers[2]!.cookie, { amount: 1, maxAmount: 8 })).body).toMatchObject({ amount: 1, reserveMet: false });
    expect((await bid(ctx.app, lot.id, buyers[3]!.cookie, { amount: 2 })).body).toMatchObject({ leading: false, highest: 2.02, reserveMet: false });
    const [before] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    // eslint-disable-next-line no-restricted-syntax -- real clock: the database's clock decides that the lot has ended.
    await new Promise((r) => setTimeout(r, Math.max(0, before!.endsAt!.getTime() - Date.now()) + 50));
    const closed = await closeAuctions(ctx.db);
    expect(closed).toContainEqual({ productId: lot.id, winningOfferId: null, orderId: null });
    const d = await get(`/api/users/product/details/${lot.id}`, buyers[2]!.cookie);
    expect(d).toMatchObject({ status: 'EXPIRED', phase: 'ended', winner: null, reserveMet: false, highest: 2.02 });
    expect((await get('/api/users/auction/won', buyers[2]!.cookie)).map((w: { product: { productId: number } }) => w.product.productId)).not.toContain(lot.id);
  });
});

describe('idempotent bids', () => {
  it('100 retries of 10 bids across two app instances store exactly 10 offers and answer the same offer each time', async () => {
    const second = await buildApp({ config: { ...ctx.config, auctionCloseIntervalMs: 0 }, database: ctx.database });
    await second.ready();
    try {
      const apps = [ctx.app, second];
      const lots = await Promise.all(Array.from({ length: 10 }, () => createAuction(ctx.db, { supplierId: seller.user.id, price: 1 })));
      const published: string[] = [];
      // Watchers on the first instance: each stored offer reaches them once, whichever instance took it.
      const offs = await Promise.all(lots.map((l) => watch(ctx.app, offersTopic(l.id), (m) => published.push(m))));
      const keys = lots.map(() => randomUUID());
      const buyer = buyers[4]!;
      // Every bid sent 10 times, alternately to each instance, all at once.
      const sends = lots.flatMap((l, i) => Array.from({ length: 10 }, (_, r) => ({ app: apps[r % 2]!, lot: l.id, key: keys[i]!, amount: 1 + i / 10 })));
      const answers = await Promise.all(sends.map((s) => bid(s.app, s.lot, buyer.cookie, { amount: s.amount }, s.key).then((a) => ({ ...a, key: s.key }))));
      await expect.poll(() => published.length).toBe(10);
      // eslint-disable-next-line no-restricted-syntax -- real clock: a duplicate publication can only be ruled out over time.
      await new Promise((r) => setTimeout(r, 300)); // nothing more arrives late
      for (const o of offs) o();

      expect(answers).toHaveLength(100);
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      for (const k of keys) expect(new Set(answers.filter((a) => a.key === k).map((a) => a.body.id)).size).toBe(1);
      const stored = await ctx.db.select().from(offers).where(eq(offers.userId, buyer.user.id));
      expect(stored.filter((o) => lots.some((l) => l.id === o.productId))).toHaveLength(10);
      expect(new Set(stored.map((o) => o.idempotencyKey))).toEqual(new Set(keys));
      // Published once per stored offer, not once per request.
      expect(published).toHaveLength(10);

      // The same key for another lot is refused; a malformed key is a 400.
      const reuse = await bid(ctx.app, lots[1]!.id, buyer.cookie, { amount: 5 }, keys[0]);
      expect([reuse.status, reuse.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
      const bad = await bid(ctx.app, lots[1]!.id, buyer.cookie, { amount: 5 }, 'x'.repeat(101));
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      // A repeat still answers the stored offer after the lot moved on.
      await bid(ctx.app, lots[0]!.id, buyers[5]!.cookie, { amount: 3 });
      const late = await bid(second, lots[0]!.id, buyer.cookie, { amount: 1 }, keys[0]);
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ id: answers.find((a) => a.key === keys[0])!.body.id, amount: 1, leading: false, highest: 3 });
      // A repeated raise (the leader's new maximum, no offer) places nothing either, even after the
      // maximum answered another bid: it answers the bidder's leading offer as it is now.
      const rk = randomUUID();
      const count = async () => (await ctx.db.select().from(offers).where(eq(offers.productId, lots[2]!.id))).length;
      const raise1 = await bid(ctx.app, lots[2]!.id, buyer.cookie, { amount: 2, maxAmount: 5 }, rk);
      expect([raise1.status, raise1.body.leading, await count()]).toEqual([200, true, 1]);
      await bid(ctx.app, lots[2]!.id, buyers[6]!.cookie, { amount: 4 });
      expect(await count()).toBe(3);
      const raise2 = await bid(second, lots[2]!.id, buyer.cookie, { amount: 2, maxAmount: 5 }, rk);
      expect(raise2.status).toBe(200);
      expect(raise2.body).toMatchObject({ amount: 4.02, auto: true, leading: true });
      expect(await count()).toBe(3);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('the same key with another amount, maximum or lot is 422 IDEMPOTENCY_KEY_REUSED and stores nothing; the same key and body answers the first answer again', async () => {
    const buyer = buyers[7]!;
    const [lot, other] = await Promise.all([
      createAuction(ctx.db, { supplierId: seller.user.id, price: 1 }),
      createAuction(ctx.db, { supplierId: seller.user.id, price: 1 }),
    ]);
    const key = randomUUID();
    const first = await bid(ctx.app, lot.id, buyer.cookie, { amount: 1.2, maxAmount: 2 }, key);
    expect(first.status).toBe(200);
    const stored = async () => (await ctx.db.select().from(offers).where(eq(offers.userId, buyer.user.id))).length;
    const maximum = async () =>
      (await ctx.db.select().from(auctionMaxima).where(eq(auctionMaxima.userId, buyer.user.id))).map((m) => [m.productId, Number(m.maxAmount)]);
    const before = { offers: await stored(), maxima: await maximum() };
    for (const [productId, body] of [
      [lot.id, { amount: 1.3, maxAmount: 2 }],
      [lot.id, { amount: 1.2, maxAmount: 2.5 }],
      [lot.id, { amount: 1.2 }],
      [other.id, { amount: 1.2, maxAmount: 2 }],
    ] as const) {
      const reused = await bid(ctx.app, productId, buyer.cookie, body, key);
      expect([reused.status, reused.body.code], JSON.stringify(body)).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    }
    expect({ offers: await stored(), maxima: await maximum() }).toEqual(before);
    // The same key and body, on either instance's behalf: the first answer again, nothing stored.
    const again = await bid(ctx.app, lot.id, buyer.cookie, { amount: 1.2, maxAmount: 2 }, key);
    expect(again).toEqual(first);
    expect(await stored()).toBe(before.offers);

    // A leader's raise is bound to its body too.
    const raiseKey = randomUUID();
    const raise = await bid(ctx.app, lot.id, buyer.cookie, { amount: 1.2, maxAmount: 3 }, raiseKey);
    expect([raise.status, raise.body.leading, raise.body.maxAmount]).toEqual([200, true, 3]);
    const changed = await bid(ctx.app, lot.id, buyer.cookie, { amount: 1.2, maxAmount: 4 }, raiseKey);
    expect([changed.status, changed.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await get(`/api/users/auction/myBid/${lot.id}`, buyer.cookie)).toEqual({ maxAmount: 3, leading: true });
    expect(await bid(ctx.app, lot.id, buyer.cookie, { amount: 1.2, maxAmount: 3 }, raiseKey)).toEqual(raise);
  });
});

describe('20 bidders with maxima racing the soft-closed end', () => {
  it('the highest maximum wins at the second-highest maximum + one increment (or the reserve); nothing after the current end; the end never passes the cap', async () => {
    // Soft close already moved this lot's end; its cap is a few seconds away.
    const reserve = 3;
    const closing = await softClosedAuction(ctx.db, { supplierId: seller.user.id, price: 1, reservePrice: reserve }, 8000, 6000);
    const { lot, cap } = closing;
    // Distinct final maxima from 2,00 to 9,03 €/kg, in a shuffled order.
    const finals = buyers.map((_, i) => 200 + ((i * 7) % BIDDERS) * 37);
    const over = () => Date.now() > cap + 500;
    const answers: Answer[] = [];
    const bidder = async (i: number) => {
      const steps = 6;
      for (let k = 1; k <= steps && !over(); k++) {
        const max = Math.max(100, Math.round((finals[i]! * k) / steps));
        const a = await bid(ctx.app, lot.id, buyers[i]!.cookie, { amount: 1, maxAmount: max / 100 });
        answers.push(a);
        if (a.body.code === 'AUCTION_CLOSED') return;
        // eslint-disable-next-line no-restricted-syntax -- real clock: random pacing, so bids meet the closing instant at every offset.
        await new Promise((r) => setTimeout(r, Math.random() * 600));
      }
      // Then keep pressing the final maximum up to the end and past it, so bids meet the closing lot.
      while (!over()) {
        const a = await bid(ctx.app, lot.id, buyers[i]!.cookie, { amount: 1, maxAmount: finals[i]! / 100 });
        answers.push(a);
        if (a.body.code === 'AUCTION_CLOSED') return;
        // eslint-disable-next-line no-restricted-syntax -- real clock: random pacing, so bids meet the closing instant at every offset.
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 300));
      }
    };
    const closers = Array.from({ length: 2 }, async () => {
      while (!over()) {
        await closeAuctions(ctx.db);
        // eslint-disable-next-line no-restricted-syntax -- real clock: closers run on a period, as the job does, across the closing instant.
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    await Promise.all([...buyers.map((_, i) => bidder(i)), ...closers]);
    // eslint-disable-next-line no-restricted-syntax -- real clock: the database's clock must pass the cap before the last close.
    await new Promise((r) => setTimeout(r, Math.max(0, cap + 600 - Date.now())));
    await closeAuctions(ctx.db);

    for (const a of answers) {
      expect(
        a.status === 200 || (a.status === 400 && a.body.code === 'MAX_BELOW_MINIMUM') || (a.status === 409 && a.body.code === 'AUCTION_CLOSED'),
        JSON.stringify(a.body),
      ).toBe(true);
    }
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length).toBeGreaterThan(0);
    // Bids did meet the end: every bidder still pressing was refused once the lot closed.
    expect(answers.filter((a) => a.body.code === 'AUCTION_CLOSED').length).toBeGreaterThan(0);

    const stored = await ctx.db.select().from(offers).where(eq(offers.productId, lot.id)).orderBy(asc(offers.id));
    // Replay the end: each offer came before the end of its moment; the end never passes the cap.
    const row = await expectClosedAtReplayedEnd(ctx.db, closing, stored);
    // Stored offers never go down; automatic ones belong to maxima owners.
    for (let i = 1; i < stored.length; i++) expect(cents(Number(stored[i]!.amount))).toBeGreaterThanOrEqual(cents(Number(stored[i - 1]!.amount)));

    // The winner: the highest accepted maximum (ties: the earlier), at the second-highest + one increment, or the reserve.
    const maxima = await ctx.db
      .select()
      .from(auctionMaxima)
      .where(eq(auctionMaxima.productId, lot.id))
      .orderBy(desc(auctionMaxima.maxAmount), asc(auctionMaxima.updatedAt));
    const top = maxima[0]!;
    const secondMax = maxima[1] ? cents(Number(maxima[1].maxAmount)) : null;
    const price = expectedPriceCents(100, cents(Number(top.maxAmount)), secondMax, cents(reserve));
    const [winning] = await ctx.db.select().from(offers).where(eq(offers.id, row.winningOfferId!));
    expect(winning!.userId).toBe(top.userId);
    expect(cents(Number(winning!.amount))).toBe(price);
    expect(cents(Number(row.highestAmount))).toBe(price);
    expect(row.bidderCount).toBe(new Set(stored.map((o) => o.userId)).size);
    console.info(
      `maxima race (${ctx.database.kind}): ${answers.length} requests, ${accepted.length} accepted, ${stored.length} offers (${stored.filter((o) => o.auto).length} automatic), ` +
        `end moved ${((row.endsAt!.getTime() - closing.initialEnd) / 1000).toFixed(1)} s, winner max ${Number(top.maxAmount).toFixed(2)} pays ${(price / 100).toFixed(2)}`,
    );
  }, 120_000);
});
