import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { notifications, products } from '../../db/schema/index.js';
import { runNotifier, type NotifierDeps } from './notifier.js';
import { buyerDe, buyerEs, buyerFr, closeLot, ctx, deps, mailsTo, noticesOf, notify, req, seller, useAlertsWorld } from './alerts.test-support.js';

useAlertsWorld();

describe('ending soon', () => {
  it('tells each watcher once, an hour before the current end', async () => {
    const soon = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Oranges Navel', startedMsAgo: 72 * 3_600_000 - 30 * 60_000 });
    const later = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Later lot', startedMsAgo: 72 * 3_600_000 - 90 * 60_000 });
    for (const id of [soon.id, later.id]) await req('PUT', `/api/users/auction/watch/${id}`, buyerDe.cookie);
    await notify();
    await notify();
    const n = await noticesOf(buyerDe.user.id, soon.id);
    expect(n.map((x) => x.kind)).toEqual(['ending_soon']);
    expect(n[0]!.data).toMatchObject({ endsAt: new Date(soon.endsAt!).toISOString() });
    expect(await noticesOf(buyerDe.user.id, later.id)).toEqual([]);
    const mails = (await mailsTo(buyerDe.user.email)).filter((m) => m.subject.includes('Oranges Navel'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'de', subject: 'Endet innerhalb einer Stunde: Oranges Navel' });
    // A soft close moving the end does not repeat it.
    await ctx.db
      .update(products)
      .set({ endsAt: new Date(Date.now() + 40 * 60_000) })
      .where(eq(products.id, soon.id));
    await notify();
    expect(await noticesOf(buyerDe.user.id, soon.id)).toHaveLength(1);
  });
});

describe('results', () => {
  it('tells the winner, the other bidders and the seller, each once and in its language', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Tomates cerises', price: 3 });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 3);
    await createOffer(ctx.db, lot.id, buyerEs.user.id, 3.2);
    await notify();
    await closeLot(lot.id, 'highest');
    await notify();
    await notify();
    expect((await noticesOf(buyerEs.user.id, lot.id)).map((n) => n.kind)).toEqual(['won']);
    expect((await noticesOf(buyerFr.user.id, lot.id)).map((n) => n.kind)).toEqual(['outbid', 'lost']);
    const sellerNotices = await noticesOf(seller.user.id, lot.id);
    // The seller learns its buyer; the other bidder only the winner's pseudonym (Es bid second: Bidder 2).
    expect(sellerNotices.map((n) => [n.kind, n.data])).toEqual([
      ['auction_result', { outcome: 'sold', amount: 3.2, winnerBidderNumber: 2, buyerCompanyName: 'Frutas Valencia' }],
    ]);
    const lostNotice = (await noticesOf(buyerFr.user.id, lot.id)).find((n) => n.kind === 'lost')!;
    expect(lostNotice.data).toEqual({ amount: 3.2, outcome: 'sold', winnerBidderNumber: 2 });

    const won = (await mailsTo(buyerEs.user.email)).find((m) => m.subject.includes('Tomates cerises'))!;
    expect(won).toMatchObject({ language: 'es', subject: 'Ha ganado la subasta: Tomates cerises' });
    expect(won.textBody).toContain('3,20');
    const lost = (await mailsTo(buyerFr.user.email)).filter((m) => m.subject.includes('Tomates cerises')).map((m) => m.subject);
    expect(lost).toEqual(['Votre offre a été dépassée : Tomates cerises', 'Enchère terminée : Tomates cerises']);
    const sold = (await mailsTo(seller.user.email)).filter((m) => m.subject.includes('Tomates cerises'));
    expect(sold.map((m) => [m.language, m.subject])).toEqual([['en', 'Your lot is sold: Tomates cerises']]);
  });

  it('tells the seller of an unsold lot: reserve not met, or no offer at all', async () => {
    const reserve = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Reserve lot', price: 1, reservePrice: 2 });
    await createOffer(ctx.db, reserve.id, buyerDe.user.id, 1.4);
    const empty = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Empty lot', price: 1 });
    // The closer's rule: below the reserve, no winner.
    await closeLot(reserve.id, 'highest');
    await closeLot(empty.id, 'highest');
    const [closed] = await ctx.db.select().from(products).where(eq(products.id, reserve.id));
    expect(closed).toMatchObject({ status: 'EXPIRED', winningOfferId: null });
    await notify();
    expect((await noticesOf(seller.user.id, reserve.id)).map((n) => n.data)).toEqual([{ outcome: 'unsold_reserve', amount: 1.4 }]);
    expect((await noticesOf(seller.user.id, empty.id)).map((n) => n.data)).toEqual([{ outcome: 'no_bids', amount: null }]);
    // The bidder under the reserve is told "reserve not met", not "lost" to another.
    expect((await noticesOf(buyerDe.user.id, reserve.id)).map((n) => [n.kind, n.data])).toEqual([['lost', { outcome: 'unsold_reserve', amount: 1.4 }]]);
    const deMail = (await mailsTo(buyerDe.user.email)).find((m) => m.subject.includes('Reserve lot'))!;
    expect(deMail.subject).toBe('Auktion ohne Verkauf beendet (Mindestpreis nicht erreicht): Reserve lot');
    const mine = (await req('GET', '/api/users/auction/myAuctions', buyerDe.cookie)).json() as Array<{ product: { productId: number }; state: string }>;
    expect(mine.find((m) => m.product.productId === reserve.id)).toMatchObject({ state: 'reserve_not_met' });
    const lots = (await req('GET', '/api/users/auction/myLots', seller.cookie)).json() as Array<{ productId: number }>;
    expect(lots.find((l) => l.productId === reserve.id)).toMatchObject({ result: 'RESERVE_NOT_MET', finalAmount: null, buyer: null });
    expect(lots.find((l) => l.productId === empty.id)).toMatchObject({ result: 'NO_BIDS', finalAmount: null, buyer: null });
    const subjects = (await mailsTo(seller.user.email)).map((m) => m.subject);
    expect(subjects).toContain('Your lot is unsold (reserve not met): Reserve lot');
    expect(subjects).toContain('Your lot is unsold: Empty lot');
  });

  it('lists my auctions as watching, leading, outbid, won and lost', async () => {
    const watching = await createAuction(ctx.db, { supplierId: seller.user.id });
    const leading = await createAuction(ctx.db, { supplierId: seller.user.id });
    const outbid = await createAuction(ctx.db, { supplierId: seller.user.id });
    const won = await createAuction(ctx.db, { supplierId: seller.user.id });
    const lost = await createAuction(ctx.db, { supplierId: seller.user.id });
    await req('PUT', `/api/users/auction/watch/${watching.id}`, buyerEs.cookie);
    await createOffer(ctx.db, leading.id, buyerEs.user.id, 2);
    await createOffer(ctx.db, outbid.id, buyerEs.user.id, 2);
    await createOffer(ctx.db, outbid.id, buyerDe.user.id, 2.5);
    await createOffer(ctx.db, won.id, buyerEs.user.id, 3);
    await createOffer(ctx.db, lost.id, buyerEs.user.id, 3);
    await createOffer(ctx.db, lost.id, buyerDe.user.id, 4);
    await closeLot(won.id, 'highest');
    await closeLot(lost.id, 'highest');
    const mine = (await req('GET', '/api/users/auction/myAuctions', buyerEs.cookie)).json() as Array<{
      product: { productId: number };
      state: string;
      myBid: number | null;
      highest: number | null;
      finalAmount: number | null;
    }>;
    const state = (id: number) => mine.find((m) => m.product.productId === id);
    expect(state(watching.id)).toMatchObject({ state: 'watching', myBid: null });
    expect(state(leading.id)).toMatchObject({ state: 'leading', myBid: 2, highest: 2 });
    expect(state(outbid.id)).toMatchObject({ state: 'outbid', myBid: 2, highest: 2.5 });
    expect(state(won.id)).toMatchObject({ state: 'won', finalAmount: 3 });
    expect(state(lost.id)).toMatchObject({ state: 'lost', finalAmount: 4 });
  });
});

describe('exactly once across instances', () => {
  it('two app instances on one database running the job at once notify each event once', async () => {
    const { buildApp } = await import('../../app.js');
    const { openDatabase } = await import('../../db/client.js');
    // A second instance: its own pool on PostgreSQL; on PGlite the one embedded database is shared.
    const pgUrl = ctx.database.kind === 'postgres' ? (ctx.database.pool!.options as { connectionString: string }).connectionString : undefined;
    const database2 = pgUrl ? await openDatabase({ databaseUrl: pgUrl, poolSize: 5 }) : ctx.database;
    expect(database2 !== ctx.database).toBe(ctx.database.kind === 'postgres');
    // Its jobs are not started: the test runs the pass on both instances itself. A start-up pass of its
    // own would still hold the notifier's lock when the 12 runs below try it, and none of them would run.
    const app2 = await buildApp({ config: ctx.config, database: database2, startJobs: false });
    await app2.ready();
    try {
      const deps2: NotifierDeps = { db: database2.db, bus: app2.bus, log: app2.log };
      const lots = [];
      for (let i = 0; i < 4; i++) {
        const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: `Twin lot ${i}` });
        await createOffer(ctx.db, lot.id, buyerFr.user.id, 2);
        await createOffer(ctx.db, lot.id, buyerDe.user.id, 2.5);
        lots.push(lot.id);
      }
      const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => runNotifier(i % 2 ? deps : deps2)));
      // Until every instance has seen the state, keep running both (what the timers do).
      for (let i = 0; i < 3; i++) await Promise.all([runNotifier(deps), runNotifier(deps2)]);
      expect(runs.some((r) => r.ran)).toBe(true);
      const rows = await ctx.db.select().from(notifications).where(inArray(notifications.productId, lots));
      expect(rows.map((r) => [r.userId, r.kind]).sort()).toEqual(lots.map(() => [buyerFr.user.id, 'outbid']));
      const mails = (await mailsTo(buyerFr.user.email)).filter((m) => m.subject.includes('Twin lot'));
      expect(mails).toHaveLength(4);
      const ids = runs.flatMap((r) => r.notificationIds);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await app2.close();
      if (database2 !== ctx.database) await database2.close();
    }
  });
});
