import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { buyerDe, buyerEs, buyerFr, ctx, mailsTo, noticesOf, notify, req, seller, useAlertsWorld } from './alerts.test-support.js';

useAlertsWorld();

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

  it('e-mails at most one outbid per lot and user per 10 minutes; the app shows one entry per lot with the latest price and the count', async () => {
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
    // The bell: one entry for the lot, the latest price, outbid twice; the older notice left it.
    const bell = (await req('GET', '/api/users/notifications', buyerEs.cookie)).json() as {
      items: Array<{ kind: string; productId: number; data: { amount?: number; count?: number } }>;
      unread: number;
    };
    expect(bell.items.filter((n) => n.productId === lot.id)).toMatchObject([{ kind: 'outbid', data: { amount: 1.3, count: 2 } }]);
    // Once read, the next outbid starts a new count, still one entry.
    await req('POST', '/api/users/notifications/readAll', buyerEs.cookie);
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
    const later = (await req('GET', '/api/users/notifications', buyerEs.cookie)).json() as typeof bell;
    expect(later.items.filter((n) => n.productId === lot.id)).toMatchObject([{ kind: 'outbid', data: { amount: 1.5, count: 1 } }]);
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
    expect((await noticesOf(buyerEs.user.id, lot.id)).map((n) => [n.kind, n.data])).toEqual([['outbid', { amount: 3, count: 1 }]]);

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
      result: null,
      finalAmount: null,
      buyer: null,
    });
    await createOffer(ctx.db, lot.id, buyerFr.user.id, 2);
    const after = (await req('GET', '/api/users/auction/myLots', seller.cookie)).json() as Array<{ productId: number; reserveMet: boolean | null }>;
    expect(after.find((l) => l.productId === lot.id)!.reserveMet).toBe(true);
    expect((await req('GET', '/api/users/auction/myLots', buyerFr.cookie)).json()).toEqual([]);
  });
});
