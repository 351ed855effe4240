import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IMessage } from '@stomp/stompjs';
import { NOTIFICATION_KINDS } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { listenWs, stompClient } from '../../../test/stomp-client.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { notifications, outbox, products } from '../../db/schema/index.js';
import { runNotifier, type NotifierDeps } from './notifier.js';

let ctx: TestContext;
let deps: NotifierDeps;
type Signed = Awaited<ReturnType<typeof signedIn>>;
let seller: Signed;
let buyerFr: Signed;
let buyerDe: Signed;
let buyerEs: Signed;

beforeAll(async () => {
  ctx = await createTestApp({ alertsIntervalMs: 0, auctionCloseIntervalMs: 0, publicOrigin: 'https://primeur.example' });
  deps = { db: ctx.db, bus: ctx.app.bus, mailer: ctx.app.mailer, log: ctx.app.log, publicOrigin: 'https://primeur.example' };
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sol', country: 'GB' });
  buyerFr = await signedIn(ctx, { category: 'client', companyName: 'Primeurs de Rungis', country: 'FR' });
  buyerDe = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt Köln', country: 'DE' });
  buyerEs = await signedIn(ctx, { category: 'client', companyName: 'Frutas Valencia', country: 'ES' });
});
afterAll(() => ctx.close());

/** One notifier pass (the start-up pass may hold the lock for a moment). */
async function notify() {
  for (let i = 0; i < 200; i++) {
    const r = await runNotifier(deps);
    if (r.ran) return r;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the notifier lock was never free');
}

const req = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const noticesOf = (userId: number, productId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.productId, productId)))
    .orderBy(notifications.id);

const mailsTo = (address: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(outbox.id);

/**
 * Makes a lot end now and records its result as the closer does (modules/auctions/auction-closer.ts,
 * not reachable from here): the highest offer at or above the reserve wins, the later one on a tie.
 */
async function closeLot(productId: number, winner: 'highest' | 'none') {
  await ctx.db.execute(sql`
    update products p set status = 'EXPIRED', ends_at = now(), closed_at = now(),
      winning_offer_id = ${
        winner === 'highest'
          ? sql`(select o.id from offers o where o.product_id = ${productId} and (p.reserve_price is null or o.amount >= p.reserve_price) order by o.amount desc, o.id desc limit 1)`
          : sql`null`
      }
    where p.id = ${productId}`);
}

describe('watch list', () => {
  it('watches and unwatches an auction lot, idempotently, and lists it', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Clementines 1' });
    for (let i = 0; i < 2; i++) {
      const res = await req('PUT', `/api/users/auction/watch/${lot.id}`, buyerFr.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ productId: lot.id, watched: true });
    }
    const list = (await req('GET', '/api/users/auction/watched', buyerFr.cookie)).json() as Array<{ productId: number; product: { name: string } }>;
    expect(list.filter((w) => w.productId === lot.id)).toHaveLength(1);
    expect(list.find((w) => w.productId === lot.id)!.product.name).toBe('Clementines 1');
    expect((await req('DELETE', `/api/users/auction/watch/${lot.id}`, buyerFr.cookie)).json()).toEqual({ productId: lot.id, watched: false });
    expect((await req('DELETE', `/api/users/auction/watch/${lot.id}`, buyerFr.cookie)).statusCode).toBe(200);
    const after = (await req('GET', '/api/users/auction/watched', buyerFr.cookie)).json() as Array<{ productId: number }>;
    expect(after.some((w) => w.productId === lot.id)).toBe(false);
  });

  it('refuses unknown lots and fixed-price lots with 404, visitors with 401, bad ids with 400', async () => {
    expect((await req('PUT', '/api/users/auction/watch/999999', buyerFr.cookie)).json()).toMatchObject({ code: 'NOT_FOUND' });
    const { createProduct } = await import('../../db/factories/listings.js');
    const fixed = await createProduct(ctx.db, { supplierId: seller.user.id });
    expect((await req('PUT', `/api/users/auction/watch/${fixed.id}`, buyerFr.cookie)).statusCode).toBe(404);
    expect((await req('PUT', `/api/users/auction/watch/${fixed.id}`)).statusCode).toBe(401);
    expect((await req('PUT', '/api/users/auction/watch/abc', buyerFr.cookie)).statusCode).toBe(400);
  });

  it('watches a lot for every bidder, by itself', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id });
    const res = await req('POST', `/api/users/auction/offers/add/${lot.id}`, buyerDe.cookie, { amount: 2 });
    expect(res.statusCode).toBe(200);
    await notify();
    const list = (await req('GET', '/api/users/auction/watched', buyerDe.cookie)).json() as Array<{ productId: number }>;
    expect(list.some((w) => w.productId === lot.id)).toBe(true);
  });
});

describe('outbid alerts', () => {
  it('tells the previous leader, in the app and by e-mail in its language, and not the new leader', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Fraises Gariguette', price: 2 });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 2);
    await notify();
    expect(await noticesOf(buyerFr.user.id, lot.id)).toEqual([]);
    const mailsBefore = (await mailsTo(buyerFr.user.email)).length;

    await createOffer(ctx.db, lot.id, buyerDe.user.id, 2.1);
    const run = await notify();
    const fr = await noticesOf(buyerFr.user.id, lot.id);
    expect(fr).toHaveLength(1);
    expect(fr[0]).toMatchObject({ kind: 'outbid', emailed: true, data: { amount: 2.1 } });
    expect(await noticesOf(buyerDe.user.id, lot.id)).toEqual([]);
    expect(run.notificationIds).toContain(fr[0]!.id);

    const mails = await mailsTo(buyerFr.user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ language: 'fr', status: 'outbox', company: 'Primeurs de Rungis' });
    expect(mail.subject).toBe('Votre offre a été dépassée : Fraises Gariguette');
    expect(mail.textBody).toContain('2,10');
    expect(mail.textBody).toContain(`https://primeur.example/encheres/details/${lot.id}`);
    expect(mail.htmlBody).toContain('lang="fr"');

    // The API shows it with the unread count.
    const list = (await req('GET', '/api/users/notifications', buyerFr.cookie)).json() as {
      items: Array<{ id: number; kind: string; productName: string; read: boolean }>;
      unread: number;
    };
    expect(list.items.find((n) => n.id === fr[0]!.id)).toMatchObject({ kind: 'outbid', productName: 'Fraises Gariguette', read: false });
    expect(list.unread).toBeGreaterThanOrEqual(1);
  });

  it('e-mails at most one outbid per lot and user per 10 minutes, while every outbid shows in the app', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Kakis', price: 1 });
    const mailCount = async () => (await mailsTo(buyerEs.user.email)).filter((m) => m.subject.includes('Kakis')).length;
    await createOffer(ctx.db, lot.id, buyerEs.user.id, 1);
    await notify();
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 1.1);
    await notify();
    expect(await mailCount()).toBe(1);
    // Es takes the lead back and is outbid again at once: a second notice, no second e-mail.
    await createOffer(ctx.db, lot.id, buyerEs.user.id, 1.2);
    await notify();
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 1.3);
    await notify();
    const notices = await noticesOf(buyerEs.user.id, lot.id);
    expect(notices.map((n) => [n.kind, n.emailed])).toEqual([
      ['outbid', true],
      ['outbid', false],
    ]);
    expect(await mailCount()).toBe(1);
    const [mail] = (await mailsTo(buyerEs.user.email)).filter((m) => m.subject.includes('Kakis'));
    expect(mail).toMatchObject({ language: 'es', subject: 'Han superado su oferta: Kakis' });

    // Ten minutes later, the next outbid is e-mailed again.
    await ctx.db.execute(
      sql`update notifications set created_at = created_at - interval '11 minutes' where user_id = ${buyerEs.user.id} and product_id = ${lot.id}`,
    );
    await createOffer(ctx.db, lot.id, buyerEs.user.id, 1.4);
    await notify();
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 1.5);
    await notify();
    expect(await mailCount()).toBe(2);
  });

  it('tells every buyer who led within one batch, except the one leading at its end', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Batch lot', price: 1 });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 1);
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 1.5);
    await createOffer(ctx.db, lot.id, buyerEs.user.id, 1.6);
    // A proxy answer committed in the same batch: De leads again at the end.
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 1.7);
    await notify();
    expect((await noticesOf(buyerFr.user.id, lot.id)).map((n) => n.kind)).toEqual(['outbid']);
    expect((await noticesOf(buyerEs.user.id, lot.id)).map((n) => n.kind)).toEqual(['outbid']);
    expect(await noticesOf(buyerDe.user.id, lot.id)).toEqual([]);
  });
});

describe('with the bid engine (proxy bids through the API)', () => {
  const apiBid = (productId: number, cookie: string, body: { amount: number; maxAmount?: number }) =>
    req('POST', `/api/users/auction/offers/add/${productId}`, cookie, body);

  it('a proxy answer does not tell its owner "outbid"; the bidder it beats is told, also on equal maxima', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Proxy lot', price: 2 });
    expect((await apiBid(lot.id, buyerFr.cookie, { amount: 2, maxAmount: 3 })).statusCode).toBe(200);
    await notify();
    // De bids 2.5: Fr's proxy answers at once, in the same transaction.
    expect((await apiBid(lot.id, buyerDe.cookie, { amount: 2.5 })).statusCode).toBe(200);
    await notify();
    expect(await noticesOf(buyerFr.user.id, lot.id)).toEqual([]);
    expect((await noticesOf(buyerDe.user.id, lot.id)).map((n) => n.kind)).toEqual(['outbid']);
    // Es sets the same maximum as Fr: the earlier maximum keeps the lead at 3.
    expect((await apiBid(lot.id, buyerEs.cookie, { amount: 2.6, maxAmount: 3 })).statusCode).toBe(200);
    await notify();
    expect(await noticesOf(buyerFr.user.id, lot.id)).toEqual([]);
    expect((await noticesOf(buyerEs.user.id, lot.id)).map((n) => [n.kind, n.data])).toEqual([['outbid', { amount: 3 }]]);

    const mine = (await req('GET', '/api/users/auction/myAuctions', buyerFr.cookie)).json() as Array<{
      product: { productId: number };
      state: string;
      myMax: number | null;
      myBid: number | null;
    }>;
    expect(mine.find((m) => m.product.productId === lot.id)).toMatchObject({ state: 'leading', myMax: 3, myBid: 3 });
    const theirs = (await req('GET', '/api/users/auction/myAuctions', buyerEs.cookie)).json() as typeof mine;
    expect(theirs.find((m) => m.product.productId === lot.id)).toMatchObject({ state: 'outbid', myMax: 3 });
  });

  it('shows the seller its lots with highest offer, bidders, reserve state and end; a buyer has none', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Reserve figures', price: 1, reservePrice: 2 });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 1.5);
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 1.6);
    const lots = (await req('GET', '/api/users/auction/myLots', seller.cookie)).json() as Array<{ productId: number }>;
    expect(lots.find((l) => l.productId === lot.id)).toEqual({
      productId: lot.id,
      highest: 1.6,
      bidders: 2,
      reserveMet: false,
      endsAt: new Date(lot.endsAt!).toISOString(),
      status: 'IN_AUCTION',
    });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 2);
    const after = (await req('GET', '/api/users/auction/myLots', seller.cookie)).json() as Array<{ productId: number; reserveMet: boolean | null }>;
    expect(after.find((l) => l.productId === lot.id)!.reserveMet).toBe(true);
    expect((await req('GET', '/api/users/auction/myLots', buyerFr.cookie)).json()).toEqual([]);
  });
});

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
    expect(sellerNotices.map((n) => [n.kind, n.data])).toEqual([['auction_result', { outcome: 'sold', amount: 3.2 }]]);

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
    expect((await noticesOf(buyerDe.user.id, reserve.id)).map((n) => n.kind)).toEqual(['lost']);
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

describe('preferences and reading', () => {
  it('lets a user turn e-mails or in-app notices off per kind', async () => {
    const user = await signedIn(ctx, { category: 'client', country: 'FR' });
    const prefs = (await req('GET', '/api/users/notifications/preferences', user.cookie)).json() as Array<{ kind: string; inApp: boolean; email: boolean }>;
    expect(prefs).toHaveLength(NOTIFICATION_KINDS.length);
    expect(prefs.every((p) => p.inApp && p.email)).toBe(true);
    const saved = await req('PUT', '/api/users/notifications/preferences', user.cookie, [{ kind: 'outbid', inApp: true, email: false }]);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as typeof prefs).find((p) => p.kind === 'outbid')).toEqual({ kind: 'outbid', inApp: true, email: false });
    expect((await req('PUT', '/api/users/notifications/preferences', user.cookie, [{ kind: 'nope', inApp: true, email: false }])).statusCode).toBe(400);

    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Prefs lot' });
    await createOffer(ctx.db, lot.id, user.user.id, 2);
    await notify();
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 2.5);
    await notify();
    expect((await noticesOf(user.user.id, lot.id)).map((n) => [n.kind, n.emailed])).toEqual([['outbid', false]]);
    expect(await mailsTo(user.user.email)).toEqual([]);

    // In-app off: the event is recorded once (no notice later) but the bell does not show it.
    await req('PUT', '/api/users/notifications/preferences', user.cookie, [{ kind: 'lost', inApp: false, email: false }]);
    await closeLot(lot.id, 'highest');
    await notify();
    const list = (await req('GET', '/api/users/notifications', user.cookie)).json() as { items: Array<{ kind: string }> };
    expect(list.items.map((n) => n.kind)).toEqual(['outbid']);
  });

  it('marks one notice or all as read, only the user’s own', async () => {
    const list = (await req('GET', '/api/users/notifications', buyerFr.cookie)).json() as { items: Array<{ id: number; read: boolean }>; unread: number };
    expect(list.unread).toBeGreaterThanOrEqual(2);
    const first = list.items[0]!;
    expect((await req('POST', `/api/users/notifications/${first.id}/read`, buyerDe.cookie)).statusCode).toBe(404);
    const one = await req('POST', `/api/users/notifications/${first.id}/read`, buyerFr.cookie);
    expect(one.json()).toEqual({ unread: list.unread - 1 });
    expect((await req('GET', '/api/users/notifications/unreadCount', buyerFr.cookie)).json()).toEqual({ unread: list.unread - 1 });
    expect((await req('POST', '/api/users/notifications/readAll', buyerFr.cookie)).json()).toEqual({ unread: 0 });
    const after = (await req('GET', '/api/users/notifications?limit=100', buyerFr.cookie)).json() as { items: Array<{ read: boolean }>; unread: number };
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read)).toBe(true);
    expect((await req('GET', '/api/users/notifications?limit=0', buyerFr.cookie)).statusCode).toBe(400);
  });
});

describe('live delivery', () => {
  it('sends each notice to its user only, on /user/queue/notifications', async () => {
    const url = await listenWs(ctx.app);
    const fr = stompClient(url, buyerFr.cookie);
    const de = stompClient(url, buyerDe.cookie);
    await Promise.all([fr.connected, de.connected]);
    const got: Record<string, IMessage[]> = { fr: [], de: [] };
    const subscribed = (s: typeof fr, key: 'fr' | 'de') =>
      new Promise<void>((r) => {
        s.client.watchForReceipt(`r-${key}`, () => r());
        s.client.subscribe('/user/queue/notifications', (m) => got[key]!.push(m), { receipt: `r-${key}` });
      });
    await Promise.all([subscribed(fr, 'fr'), subscribed(de, 'de')]);

    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, name: 'Live lot' });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 2);
    await notify();
    await createOffer(ctx.db, lot.id, buyerDe.user.id, 2.2);
    await notify();
    await expect.poll(() => got.fr!.length).toBe(1);
    expect(JSON.parse(got.fr![0]!.body)).toMatchObject({ kind: 'outbid', productId: lot.id, productName: 'Live lot', read: false, data: { amount: 2.2 } });
    expect(got.de).toEqual([]);
    await Promise.all([fr.stop(), de.stop()]);
  });

  it('refuses other users’ queues by name', async () => {
    const url = await listenWs(ctx.app).catch(() => `ws://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/ws`);
    const s = stompClient(url, buyerFr.cookie);
    await s.connected;
    s.client.subscribe(`/user/${buyerDe.user.id}/queue/notifications`, () => undefined);
    const error = await s.error;
    expect(error.headers.message).toMatch(/Unknown destination/);
    await s.stop();
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
    const app2 = await buildApp({ config: ctx.config, database: database2 });
    await app2.ready();
    try {
      const deps2: NotifierDeps = { db: database2.db, bus: app2.bus, mailer: app2.mailer, log: app2.log };
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
