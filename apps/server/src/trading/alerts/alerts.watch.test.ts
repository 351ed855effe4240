import { describe, expect, it } from 'vitest';
import type { IMessage } from '@stomp/stompjs';
import { NOTIFICATION_KINDS } from '@primeur/shared';
import { signedIn } from '../../../test/build-app.js';
import { listenWs, stompClient } from '../../../test/stomp-client.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { buyerDe, buyerFr, closeLot, ctx, mailsTo, noticesOf, notify, req, seller, useAlertsWorld } from './alerts.test-support.js';

useAlertsWorld();

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
    // Two outbid notices of buyerFr's own (one per lot), whatever the other tests of this file left.
    for (let i = 0; i < 2; i++) {
      const lot = await createAuction(ctx.db, { supplierId: seller.user.id });
      await createOffer(ctx.db, lot.id, buyerFr.user.id, 2);
      await createOffer(ctx.db, lot.id, buyerDe.user.id, 2.1);
    }
    await notify();
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
