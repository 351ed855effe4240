import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type OrderPage } from '@primeur/shared';
import type { IMessage } from '@stomp/stompjs';
import { settle, signedIn } from '../../../test/build-app.js';
import { listenWs, stompClient } from '../../../test/stomp-client.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { notifications, orders, outbox, outboxAttachments } from '../../db/schema/index.js';
import { closeAuctions } from '../auctions/auctions.service.js';
import { admin, buyer, call, ctx, ENDED_MS_AGO, seller, stranger, useOrdersWorld, wonOrder } from './orders.test-support.js';

useOrdersWorld();

describe('lists, documents and the operator', () => {
  it('lists only the caller’s orders, by side and status, newest first, paged', async () => {
    await wonOrder();
    const { orderId } = await wonOrder();
    const buying = (await call('GET', '/api/users/orders?side=buying&size=5', buyer)).json() as OrderPage;
    expect(buying.items[0]!.id).toBe(orderId);
    expect(buying.items.every((o) => o.buyer.userId === buyer.user.id)).toBe(true);
    expect(buying.total).toBeGreaterThan(1);
    expect((await call('GET', '/api/users/orders?side=selling', buyer)).json()).toMatchObject({ total: 0 });
    const selling = (await call('GET', '/api/users/orders?side=selling&status=CLOSED', seller)).json() as OrderPage;
    expect(selling.items.every((o) => o.status === 'CLOSED' && o.viewerSide === 'seller')).toBe(true);
    expect((await call('GET', '/api/users/orders', stranger)).json()).toMatchObject({ total: 0, items: [] });
    const found = (await call('GET', `/api/users/orders?q=${encodeURIComponent('lyonnais')}`, seller)).json() as OrderPage;
    expect(found.total).toBeGreaterThan(0);
    expect((await call('GET', '/api/users/orders?status=LOST', buyer)).statusCode).toBe(400);
  });

  it('serves the sale confirmation in the reader’s language to the parties only', async () => {
    const { orderId } = await wonOrder();
    for (const lang of ['en', 'fr']) {
      const res = await call('GET', `/api/users/orders/${orderId}/confirmation.pdf?lang=${lang}`, buyer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await call('GET', `/api/users/orders/${orderId}/confirmation.pdf`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/orders/${orderId}/confirmation.pdf`, admin)).statusCode).toBe(200);
  });

  it('the operator lists and exports every order; CSV cells cannot become formulas', async () => {
    const evil = await signedIn(ctx, { category: 'client', companyName: '=HYPERLINK("http://x")' });
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: ENDED_MS_AGO });
    await createOffer(ctx.db, lot.id, evil.user.id, 3);
    await closeAuctions(ctx.db);
    const page = (await call('GET', `/api/admin/orders?party=${evil.user.id}`, admin)).json() as OrderPage;
    expect(page.total).toBe(1);
    expect(page.items[0]!.viewerSide).toBe('operator');
    expect((await call('GET', '/api/admin/orders', buyer)).statusCode).toBe(403);
    const csv = await call('GET', `/api/admin/orders.csv?party=${evil.user.id}`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\ufeffnumber;')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    const dated = (await call('GET', '/api/admin/orders?from=2000-01-01&to=2000-01-02', admin)).json() as OrderPage;
    expect(dated.total).toBe(0);
  });
});

describe('live and background', () => {
  it('each party hears the other’s step on /user/queue/orders, and nobody else does', async () => {
    const { orderId } = await wonOrder();
    const url = await listenWs(ctx.app);
    const clients = { buyer: stompClient(url, buyer.cookie), stranger: stompClient(url, stranger.cookie) };
    await Promise.all([clients.buyer.connected, clients.stranger.connected]);
    const got: Record<'buyer' | 'stranger', IMessage[]> = { buyer: [], stranger: [] };
    await Promise.all(
      (['buyer', 'stranger'] as const).map(
        (k) =>
          new Promise<void>((r) => {
            clients[k].client.watchForReceipt(`r-${k}`, () => r());
            clients[k].client.subscribe('/user/queue/orders', (m) => got[k].push(m), { receipt: `r-${k}` });
          }),
      ),
    );
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, { pallets: 8, netKg: 6400, departureDate: '2026-11-27', vehiclePlate: 'XY-1' });
    // The step's event is told by the order-messages processor (woken by the commit in production).
    await settle(ctx);
    await expect.poll(() => got.buyer.length).toBeGreaterThan(0);
    expect(JSON.parse(got.buyer[0]!.body)).toMatchObject({ orderId, status: 'SHIPPED', previousStatus: 'CONFIRMED' });
    expect(got.stranger).toEqual([]);
    await Promise.all([clients.buyer.stop(), clients.stranger.stop()]);
  });

  it('an instance stopped between the close’s commit and its processors: the restart tells both parties once, with the PDF', async () => {
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: ENDED_MS_AGO });
    await createOffer(ctx.db, lot.id, buyer.user.id, 2);
    // The close commits the order and its event; no processor has run yet (as if the process died there).
    await closeAuctions(ctx.db);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.productId, lot.id));
    const mailsOf = () =>
      ctx.db
        .select()
        .from(outbox)
        .where(sql`${outbox.subject} like ${'%' + order!.number + '%'}`);
    expect(await mailsOf()).toEqual([]);
    // The next instance's processors (their jobs) take the event: the messages, then the e-mails.
    expect(await ctx.app.jobs.runExclusive('events:order-messages', { force: true })).toBe('ok');
    expect((await mailsOf()).map((m) => m.status)).toEqual(['pending', 'pending']);
    expect(await ctx.app.jobs.runExclusive('events:mail-delivery', { force: true })).toBe('ok');
    // Run again: nothing more (the cursors moved; the notices' dedupe keys and the mails' status hold too).
    await settle(ctx);
    const after = await mailsOf();
    // No SMTP in tests: delivered into the outbox for the operator, each with its PDF.
    expect(after.map((m) => m.status)).toEqual(['outbox', 'outbox']);
    for (const m of after) {
      const [file] = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, m.id));
      expect(file!.content?.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const notices = await ctx.db
      .select()
      .from(notifications)
      .where(sql`${notifications.dedupeKey} like ${`order:${order!.id}:confirmed:%`}`);
    expect(notices).toHaveLength(2);
  }, 120_000);
});
