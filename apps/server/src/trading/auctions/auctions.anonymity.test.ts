import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { IMessage } from '@stomp/stompjs';
import { AUCTIONS_SUMMARY_TOPIC, offersTopic } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { listenWs, stompClient } from '../../../test/stomp-client.js';
import { createAuction } from '../../db/factories/listings.js';
import { outbox, products } from '../../db/schema/index.js';
import { closeAuctions } from './auction-closer.js';

/**
 * Bidders are anonymous to one another in every channel (issue 19, decision 700): a buyer reads
 * "Bidder N" or "You", never another buyer's company — in the bid answer, the offers, the details,
 * the lists, the live STOMP messages, the notices and the e-mails. The seller and the operator see
 * companies (REST only; live messages are the same for every watcher).
 */
let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedIn>>;
let seller: Signed;
let alpha: Signed;
let beta: Signed;
let admin: Signed;
const ALPHA = 'Secret Alpha Obst GmbH';
const BETA = 'Hidden Beta Primeurs SARL';

beforeAll(async () => {
  // The alerts job runs by itself every 100 ms; the test waits for what it writes.
  ctx = await createTestApp({ alertsIntervalMs: 100, auctionCloseIntervalMs: 0 });
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Open Seller Co' });
  alpha = await signedIn(ctx, { category: 'client', companyName: ALPHA, country: 'DE' });
  beta = await signedIn(ctx, { category: 'client', companyName: BETA, country: 'FR' });
  admin = await signedIn(ctx, { category: 'admin' });
}, 60_000);
afterAll(() => ctx.close());

const req = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const text = async (url: string, cookie: string) => {
  const res = await req('GET', url, cookie);
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe('anonymous bidders', () => {
  it("buyer A sets a maximum, buyer B bids under it: B's answers, pages, lists, live messages, notices and e-mails never name A, and the other way round", async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Anonymous cherries', price: 1 });
    const url = await listenWs(ctx.app);
    const stomp = stompClient(url, beta.cookie);
    await stomp.connected;
    const live: IMessage[] = [];
    await new Promise<void>((resolve) => {
      stomp.client.watchForReceipt('r-offers', () => resolve());
      stomp.client.subscribe(offersTopic(lot.id), (m) => live.push(m), { receipt: 'r-offers' });
    });
    const summaries: IMessage[] = [];
    await new Promise<void>((resolve) => {
      stomp.client.watchForReceipt('r-summary', () => resolve());
      stomp.client.subscribe(AUCTIONS_SUMMARY_TOPIC, (m) => summaries.push(m), { receipt: 'r-summary' });
    });

    const a = await req('POST', `/api/users/auction/offers/add/${lot.id}`, alpha.cookie, { amount: 1, maxAmount: 2 });
    expect(a.statusCode).toBe(200);
    const b = await req('POST', `/api/users/auction/offers/add/${lot.id}`, beta.cookie, { amount: 1.5 });
    expect(b.statusCode).toBe(200);
    // B's one message: placed at 1,50, an automatic bid is higher (1,52).
    expect(b.json()).toMatchObject({ amount: 1.5, leading: false, highest: 1.52, nextMinimum: 1.54, bidderNumber: 2, bidderLabel: 'You', mine: true });
    await expect.poll(() => live.length).toBe(3);
    await expect.poll(() => summaries.length).toBeGreaterThanOrEqual(3);
    await stomp.stop();

    // Live: pseudonyms only, in order of first bid; B marks its rows by its own number.
    const messages = live.map((m) => JSON.parse(m.body) as Record<string, unknown>);
    expect(messages.map((m) => [m.bidderNumber, m.bidderLabel, m.amount, m.auto])).toEqual([
      [1, 'Bidder 1', 1, false],
      [2, 'Bidder 2', 1.5, false],
      [1, 'Bidder 1', 1.52, true],
    ]);
    const details = JSON.parse(await text(`/api/users/product/details/${lot.id}`, beta.cookie)) as { myBidderNumber: number };
    expect(details.myBidderNumber).toBe(2);

    // B's own rows read "You"; A is "Bidder 1"; no company, no user id.
    const offers = JSON.parse(await text(`/api/users/auction/offers/${lot.id}`, beta.cookie)) as Array<Record<string, unknown>>;
    expect(offers.map((o) => [o.bidderLabel, o.mine, o.amount])).toEqual([
      ['Bidder 1', false, 1.52],
      ['You', true, 1.5],
      ['Bidder 1', false, 1],
    ]);
    for (const o of offers) expect(o).not.toHaveProperty('user');

    // The lot closes: A wins. Notices and e-mails go out.
    await ctx.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(products.id, lot.id));
    // The alerts job (every 100 ms here) may hold a key-share lock on the lot row for a moment; the
    // closer skips locked lots and takes them on its next round, as it does in production.
    await expect
      .poll(async () => {
        await closeAuctions(ctx.db);
        return (await ctx.db.select({ status: products.status }).from(products).where(eq(products.id, lot.id)))[0]!.status;
      })
      .toBe('EXPIRED');
    const mailsTo = (address: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, address));
    await expect
      .poll(async () => (await mailsTo(beta.user.email)).map((m) => m.subject), { timeout: 30_000 })
      .toContain('Enchère terminée : Anonymous cherries');
    await expect.poll(async () => (await mailsTo(seller.user.email)).length, { timeout: 30_000 }).toBeGreaterThan(0);

    const betaSees = [
      b.body,
      ...live.map((m) => m.body),
      ...summaries.map((m) => m.body),
      await text(`/api/users/auction/offers/${lot.id}`, beta.cookie),
      await text(`/api/users/product/details/${lot.id}`, beta.cookie),
      await text('/api/users/product/listActiveAuctionsWithBiggestOffer', beta.cookie),
      await text('/api/users/auction/myAuctions', beta.cookie),
      await text('/api/users/auction/won', beta.cookie),
      await text('/api/users/notifications', beta.cookie),
      await text('/api/users/home', beta.cookie),
      JSON.stringify(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, beta.user.email))),
    ];
    for (const body of betaSees) expect(body).not.toContain(ALPHA);
    // B was told it lost to a pseudonym ("won by Bidder 1"), in the notice, the e-mail and the details.
    const ended = JSON.parse(await text(`/api/users/product/details/${lot.id}`, beta.cookie)) as Record<string, unknown>;
    expect(ended).toMatchObject({ result: 'SOLD', winner: { bidderNumber: 1, bidderLabel: 'Bidder 1', mine: false, amount: 1.52 } });
    const bell = JSON.parse(await text('/api/users/notifications', beta.cookie)) as { items: Array<{ kind: string; productId: number; data: object }> };
    expect(bell.items.find((n) => n.kind === 'lost' && n.productId === lot.id)!.data).toEqual({ amount: 1.52, outcome: 'sold', winnerBidderNumber: 1 });
    const lostMail = (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, beta.user.email))).find(
      (m) => m.subject === 'Enchère terminée : Anonymous cherries',
    )!;
    expect(lostMail.textBody).toContain("l'enchérisseur 1");

    // A reads its own win as "You" and B as "Bidder 2", never B's company.
    const alphaSees = [
      a.body,
      await text(`/api/users/auction/offers/${lot.id}`, alpha.cookie),
      await text(`/api/users/product/details/${lot.id}`, alpha.cookie),
      await text('/api/users/auction/myAuctions', alpha.cookie),
      await text('/api/users/notifications', alpha.cookie),
      JSON.stringify(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, alpha.user.email))),
    ];
    for (const body of alphaSees) expect(body).not.toContain(BETA);
    expect(JSON.parse(alphaSees[2]!)).toMatchObject({ myBidderNumber: 1, winner: { bidderLabel: 'You', mine: true } });

    // The seller and the operator see the companies.
    for (const cookie of [seller.cookie, admin.cookie]) {
      const rows = JSON.parse(await text(`/api/users/auction/offers/${lot.id}`, cookie)) as Array<Record<string, unknown>>;
      expect(rows.map((o) => [o.bidderNumber, o.bidderLabel, (o.user as { companyName: string }).companyName])).toEqual([
        [1, ALPHA, ALPHA],
        [2, BETA, BETA],
        [1, ALPHA, ALPHA],
      ]);
      expect(JSON.parse(await text(`/api/users/product/details/${lot.id}`, cookie))).toMatchObject({
        winner: { bidderNumber: 1, bidderLabel: ALPHA, user: { id: alpha.user.id, companyName: ALPHA } },
      });
    }
    // The seller's lists: "Sold at 1,52 €/kg to <buyer>".
    const myLots = JSON.parse(await text('/api/users/auction/myLots', seller.cookie)) as Array<Record<string, unknown>>;
    expect(myLots.find((l) => l.productId === lot.id)).toMatchObject({ result: 'SOLD', finalAmount: 1.52, buyer: { companyName: ALPHA } });
    const sellerNotices = JSON.parse(await text('/api/users/notifications', seller.cookie)) as { items: Array<{ kind: string; data: object }> };
    expect(sellerNotices.items.find((n) => n.kind === 'auction_result')!.data).toMatchObject({ outcome: 'sold', buyerCompanyName: ALPHA });
  }, 60_000);

  it('pseudonyms are per lot: the same buyer may be Bidder 1 on one lot and Bidder 2 on another', async () => {
    const [one, two] = await Promise.all([
      createAuction(ctx.db, { supplierId: seller.user.id, price: 1 }),
      createAuction(ctx.db, { supplierId: seller.user.id, price: 1 }),
    ]);
    for (const [lot, first, second] of [
      [one, alpha, beta],
      [two, beta, alpha],
    ] as const) {
      expect((await req('POST', `/api/users/auction/offers/add/${lot.id}`, first.cookie, { amount: 1 })).statusCode).toBe(200);
      expect((await req('POST', `/api/users/auction/offers/add/${lot.id}`, second.cookie, { amount: 1.02 })).statusCode).toBe(200);
    }
    const numberOf = async (lotId: number, who: Signed) =>
      (JSON.parse(await text(`/api/users/product/details/${lotId}`, who.cookie)) as { myBidderNumber: number | null }).myBidderNumber;
    expect([await numberOf(one.id, alpha), await numberOf(one.id, beta), await numberOf(two.id, alpha), await numberOf(two.id, beta)]).toEqual([1, 2, 2, 1]);
    expect(await numberOf(one.id, seller)).toBeNull();
  });
});
