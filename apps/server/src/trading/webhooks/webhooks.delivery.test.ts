import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CreatedWebhook, NotificationList, WebhookDeliveryPage, WebhookEndpoint } from '@primeur/shared';
import { settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { mailsAddressedTo } from '../../../test/mails.js';
import { appendFeedEntry, Receiver, testDeliverer, webhookTestApp, type Clock } from '../../../test/webhooks.js';
import { notifications, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { RETRY_WINDOW_MS } from './webhooks.delivery.js';

/**
 * Delivering the change feed to webhook endpoints (decision 1012), against real HTTP receivers on
 * 127.0.0.1 that verify each request with the `standardwebhooks` package. The schedule runs on a clock
 * the tests move (no test waits for real seconds); receivers that fail do so for real (500, silence,
 * a cut connection, a redirect, a closed port).
 */
let ctx: TestContext;
const hosts: Record<string, string[]> = { 'rebind.example.com': ['93.184.216.34'], 'other.example.com': ['93.184.216.34'], localhost: ['127.0.0.1'] };
const receivers: Receiver[] = [];
type Party = Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await webhookTestApp(hosts);
}, 120_000);
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.stop();
  // Each test's endpoints go with it: a later test's receiver may get a closed receiver's port again.
  await ctx.db.delete(webhookEndpoints);
});
afterAll(() => ctx?.close());

const receiver = async () => {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
};
const company = (over: Parameters<typeof signedIn>[1] = {}) => signedIn(ctx, { category: 'client', ...over });
const call = (who: Party, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** An endpoint of `who` to `r`, made through the API; the receiver learns its secret. */
async function endpoint(who: Party, r: Receiver | string, types: string[] = []): Promise<CreatedWebhook> {
  const res = await call(who, 'POST', '/api/users/webhooks', { url: typeof r === 'string' ? r : r.url, types });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as CreatedWebhook;
  if (typeof r !== 'string') r.secrets = [made.secret];
  return made;
}
const log = async (who: Party, id: number, query = '') => {
  const res = await call(who, 'GET', `/api/users/webhooks/${id}/deliveries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookDeliveryPage;
};
const endpointRow = async (id: number) => (await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const start = (): Clock => ({ now: Date.now() });
const SECOND = 1000;
const HOUR = 3_600_000;

describe('a delivery', () => {
  it('is one signed POST per event: Standard Webhooks headers, the feed entry as body, logged delivered', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    const a = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 7, status: 'CONFIRMED' });
    const b = await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 7, status: 'SHIPPED' });
    const clock = start();
    const sentFrom = Math.floor(Date.now() / 1000);
    await testDeliverer(ctx, clock).drain();
    const sentUntil = Math.ceil(Date.now() / 1000);

    expect(r.got).toHaveLength(2);
    for (const got of r.got) {
      expect(got.verifiedBy).toEqual([0]);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['user-agent']).toMatch(/^Primeur-Webhooks\//);
      expect(got.headers['webhook-id']).toBe(got.payload.id);
      // The real time of the attempt (what receivers compare with their clock), in whole seconds.
      const sentAt = Number(got.headers['webhook-timestamp']);
      expect(Number.isInteger(sentAt)).toBe(true);
      expect(sentAt).toBeGreaterThanOrEqual(sentFrom);
      expect(sentAt).toBeLessThanOrEqual(sentUntil);
      expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    expect(r.got.map((g) => g.payload)).toEqual([
      { id: a.id, type: 'order.confirmed', timestamp: expect.any(String), sequence: a.sequence, data: { id: 7, status: 'CONFIRMED' } },
      { id: b.id, type: 'order.shipped', timestamp: expect.any(String), sequence: b.sequence, data: { id: 7, status: 'SHIPPED' } },
    ]);
    const page = await log(buyer, made.id);
    expect(page.items.map((d) => [d.eventId, d.status, d.lastStatusCode, d.attempts])).toEqual([
      [b.id, 'delivered', 200, 1],
      [a.id, 'delivered', 200, 1],
    ]);
    expect(page.items[0]).toMatchObject({ type: 'order.shipped', deliveredAt: expect.any(String), lastAttemptAt: expect.any(String), nextAttemptAt: null });
    const [listed] = (await call(buyer, 'GET', '/api/users/webhooks')).json() as WebhookEndpoint[];
    expect(listed).toMatchObject({ position: b.sequence, backlog: 0, lastAttempt: { status: 'delivered', statusCode: 200 } });
    // Nothing new: another pass sends nothing.
    await testDeliverer(ctx, clock).drain();
    expect(r.got).toHaveLength(2);
  });

  it('goes only to endpoints whose types take it', async () => {
    const all = await receiver();
    const invoices = await receiver();
    const seller = await company({ category: 'supplier' });
    await endpoint(seller, all);
    await endpoint(seller, invoices, ['invoice.issued', 'invoice.paid']);
    await appendFeedEntry(ctx.db, seller.user.id, 'lot.sold', { id: 3 });
    await appendFeedEntry(ctx.db, seller.user.id, 'invoice.issued', { id: 30 });
    await testDeliverer(ctx, start()).drain();
    expect(all.delivered.map((p) => p.type)).toEqual(['lot.sold', 'invoice.issued']);
    expect(invoices.delivered.map((p) => p.type)).toEqual(['invoice.issued']);
  });
});

describe('a receiver that fails', () => {
  it('answering 500 is retried after 5 s with the same webhook-id, and delivered once more only', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    r.answer = (_p, n) => (n === 1 ? 500 : 200);
    const e = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 11 });
    const clock = start();
    const deliverer = testDeliverer(ctx, clock);
    await deliverer.drain();
    expect(r.got.map((g) => g.answer)).toEqual([500]);
    const [failed] = (await log(buyer, made.id)).items;
    expect(failed).toMatchObject({ status: 'failed', lastStatusCode: 500, lastError: 'HTTP 500', attempts: 1 });
    expect(Date.parse(failed!.nextAttemptAt!) - clock.now).toBe(5 * SECOND);
    expect((await endpointRow(made.id)).failingSince).not.toBeNull();
    // Not due yet: nothing is sent.
    clock.now += 4 * SECOND;
    await deliverer.drain();
    expect(r.got).toHaveLength(1);
    clock.now += SECOND;
    await deliverer.drain();
    expect(r.got.map((g) => [g.payload.id, g.answer])).toEqual([
      [e.id, 500],
      [e.id, 200],
    ]);
    expect(r.got.every((g) => g.verifiedBy.length === 1)).toBe(true);
    expect((await log(buyer, made.id)).items[0]).toMatchObject({ status: 'delivered', lastStatusCode: 200, attempts: 2, lastError: null });
    expect((await endpointRow(made.id)).failingSince).toBeNull();
    clock.now += HOUR;
    await deliverer.drain();
    expect(r.got).toHaveLength(2);
  });

  it('timing out, closing the connection or redirecting is a failure; a redirect is never followed', async () => {
    const r = await receiver();
    const target = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    const answers = new Map<string, 'hang' | 'close' | 302>();
    r.answer = (p) => answers.get(p.id) ?? 200;
    // Three subjects, so that each failure holds back nothing of the others.
    const slow = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 21 });
    const cut = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 22 });
    const moved = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 23 });
    answers.set(slow.id, 'hang').set(cut.id, 'close').set(moved.id, 302);
    await testDeliverer(ctx, start(), { timeoutMs: 300 }).drain();
    const items = new Map((await log(buyer, made.id)).items.map((d) => [d.eventId, d]));
    expect(items.get(slow.id)).toMatchObject({ status: 'failed', lastStatusCode: null, lastError: 'no answer within 300 ms' });
    expect(items.get(slow.id)!.durationMs).toBeGreaterThanOrEqual(290);
    expect(items.get(cut.id)).toMatchObject({ status: 'failed', lastStatusCode: null, lastError: 'connection closed before an answer' });
    expect(items.get(moved.id)).toMatchObject({ status: 'failed', lastStatusCode: 302 });
    expect(items.get(moved.id)!.lastError).toMatch(/^redirect not followed \(302 to http:\/\/127\.0\.0\.1:9\/elsewhere\)$/);
    expect(target.got).toHaveLength(0);
    expect(r.open).toBe(0);
  });

  it('down for 30 seconds gets everything after it returns, each once, in order', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    await r.stop();
    const sent = [
      await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 31 }),
      await appendFeedEntry(ctx.db, buyer.user.id, 'lot.sold', { id: 4 }),
      await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 31 }),
      await appendFeedEntry(ctx.db, buyer.user.id, 'order.delivered', { id: 31 }),
    ];
    const clock = start();
    const deliverer = testDeliverer(ctx, clock);
    await deliverer.drain();
    let items = (await log(buyer, made.id)).items;
    expect(items.map((d) => d.status)).toEqual(['pending', 'pending', 'failed', 'failed']);
    expect(items.find((d) => d.status === 'failed')!.lastError).toBe('connection refused');
    // The retry 5 s later fails too: the next one is 5 minutes after it.
    clock.now += 10 * SECOND;
    await deliverer.drain();
    const next = Math.min(...(await log(buyer, made.id)).items.filter((d) => d.status === 'failed').map((d) => Date.parse(d.nextAttemptAt!)));
    expect(next - clock.now).toBe(5 * 60 * SECOND);
    // Back 30 s after it went down: at the next attempt it gets the one tried and, at once, all the others, in order.
    await r.start();
    clock.now += 20 * SECOND;
    await deliverer.drain();
    expect(r.got).toHaveLength(0);
    clock.now = next;
    await deliverer.drain();
    expect(r.delivered.map((p) => p.id)).toEqual(sent.map((e) => e.id));
    expect(r.got).toHaveLength(sent.length);
    items = (await log(buyer, made.id)).items;
    expect(items.every((d) => d.status === 'delivered')).toBe(true);
    expect((await endpointRow(made.id)).failingSince).toBeNull();
  });

  it("keeps a subject's events in order while another subject's go on", async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    const first = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 41 });
    const other = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 42 });
    const second = await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 41 });
    const otherNext = await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 42 });
    r.answer = (p, n) => (p.id === first.id && n === 1 ? 503 : 200);
    const clock = start();
    const deliverer = testDeliverer(ctx, clock);
    await deliverer.drain();
    // Order 41's shipment waits behind its confirmation; order 42 goes on.
    expect(r.delivered.map((p) => p.id)).toEqual([other.id, otherNext.id]);
    const waiting = (await log(buyer, made.id)).items.find((d) => d.eventId === second.id)!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    clock.now += 5 * SECOND;
    await deliverer.drain();
    expect(r.delivered.map((p) => p.id)).toEqual([other.id, otherNext.id, first.id, second.id]);
  });

  it('that is slow holds neither the job nor another endpoint', async () => {
    const slow = await receiver();
    const fast = await receiver();
    const seller = await company({ category: 'supplier' });
    const slowEndpoint = await endpoint(seller, slow);
    const fastEndpoint = await endpoint(seller, fast);
    slow.answer = () => 'hang';
    await appendFeedEntry(ctx.db, seller.user.id, 'lot.sold', { id: 51 });
    const deliverer = testDeliverer(ctx, start(), { timeoutMs: 5_000 });
    const tick = await deliverer.tick();
    // The tick is over while the slow receiver holds its request; the fast one has its event.
    expect(tick.senders).toHaveLength(2);
    await expect.poll(() => fast.delivered.length).toBe(1);
    await expect.poll(() => slow.open).toBe(1);
    // The fast sender is done once it has recorded the answer and given its lease back (the receiver
    // has the event a moment before: on a loaded machine the next tick could still find it leased).
    await expect.poll(async () => (await endpointRow(fastEndpoint.id)).leaseOwner).toBeNull();
    // A new event goes to the fast endpoint while the slow one still waits.
    await appendFeedEntry(ctx.db, seller.user.id, 'lot.sold', { id: 52 });
    const next = await deliverer.tick();
    expect(next.senders).toHaveLength(1);
    await Promise.all(next.senders);
    expect(fast.delivered.map((p) => p.data.id)).toEqual([51, 52]);
    expect(slow.open).toBe(1);
    await deliverer.stop();
    await expect.poll(() => slow.open).toBe(0);
    // Cut by the stop, the slow endpoint's delivery is due again, not counted as the receiver's failure; its lease is given back.
    const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, slowEndpoint.id)).orderBy(webhookDeliveries.sequence);
    expect(rows.map((d) => [d.status, d.attempts, d.lastError])).toEqual([
      ['pending', 1, null],
      ['pending', 0, null],
    ]);
    expect((await endpointRow(slowEndpoint.id)).leaseOwner).toBeNull();
  });
});

describe('an endpoint failing for 3 days', () => {
  it('is disabled and its company told (bell and e-mail); switched on again it gets what it missed, in order', async () => {
    const r = await receiver();
    const seller = await company({ category: 'supplier', companyName: 'Dead Receiver Ltd', country: 'GB' });
    const made = await endpoint(seller, r);
    await r.stop();
    const first = await appendFeedEntry(ctx.db, seller.user.id, 'lot.sold', { id: 61 });
    const clock = start();
    const began = clock.now;
    const deliverer = testDeliverer(ctx, clock);
    for (let i = 0; i < 20; i++) {
      await deliverer.drain();
      const d = (await log(seller, made.id)).items[0]!;
      if (d.status !== 'failed') break;
      clock.now = Date.parse(d.nextAttemptAt!);
    }
    expect(clock.now - began).toBe(RETRY_WINDOW_MS);
    const [abandoned] = (await log(seller, made.id)).items;
    expect(abandoned).toMatchObject({ status: 'abandoned', attempts: 12, lastError: 'connection refused' });
    const [listed] = (await call(seller, 'GET', '/api/users/webhooks')).json() as WebhookEndpoint[];
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing', failingSince: new Date(began).toISOString() });

    const notices = (await call(seller, 'GET', '/api/users/notifications')).json() as NotificationList;
    expect(notices.items.filter((n) => n.kind === 'webhook_disabled')).toEqual([
      expect.objectContaining({ kind: 'webhook_disabled', data: { webhookId: made.id, url: r.url }, read: false }),
    ]);
    await settle(ctx);
    const mails = (await mailsAddressedTo(ctx.db, seller.user.email)).filter((m) => m.subject === 'A webhook endpoint of yours was disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(r.url);

    // Disabled, it takes nothing from the feed.
    const later = await appendFeedEntry(ctx.db, seller.user.id, 'lot.sold', { id: 62 });
    clock.now += HOUR;
    await deliverer.drain();
    expect((await endpointRow(made.id)).position).toBe(first.sequence);
    // Back up and switched on: what happened since comes, and the abandoned one can be sent again.
    await r.start();
    const on = await call(seller, 'PATCH', `/api/users/webhooks/${made.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await deliverer.drain();
    expect(r.delivered.map((p) => p.id)).toEqual([later.id]);
    const resent = await call(seller, 'POST', `/api/users/webhooks/${made.id}/deliveries/${abandoned!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    await deliverer.drain();
    expect(r.delivered.map((p) => p.id)).toEqual([later.id, first.id]);
  });
});

describe('the address at delivery time', () => {
  it('is checked again: a name that now leads to a private address gets nothing', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, `https://rebind.example.com:${r.port}/hooks`);
    hosts['rebind.example.com'] = ['127.0.0.1'];
    await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 71 });
    await testDeliverer(ctx, start()).drain();
    expect(r.got).toHaveLength(0);
    const [d] = (await log(buyer, made.id)).items;
    expect(d).toMatchObject({ status: 'failed', lastStatusCode: null });
    expect(d!.lastError).toBe('not sent: The host rebind.example.com leads to 127.0.0.1, a loopback address.');
  });

  it('is the one checked: the request goes to the resolved address and names the host', async () => {
    const r = await receiver();
    const buyer = await company();
    await endpoint(buyer, `http://localhost:${r.port}/hooks`);
    r.secrets = (await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, buyer.user.id))).map((e) => e.secret);
    await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 72 });
    await testDeliverer(ctx, start()).drain();
    expect(r.got).toHaveLength(1);
    expect(r.got[0]!.headers.host).toBe(`localhost:${r.port}`);
    expect(r.got[0]!.verifiedBy).toEqual([0]);
  });
});

describe('at least once', () => {
  it('sends again a delivery an instance claimed and never answered (killed mid-request), once its claim runs out', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    const e = await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 81 });
    const clock = start();
    // The dead instance took the entry, leased the endpoint and claimed the delivery, then died.
    const dead = testDeliverer(ctx, clock, { instance: 'dead' });
    await dead.takeNewEntries();
    const claimUntil = new Date(clock.now + 70 * SECOND);
    await ctx.db.update(webhookEndpoints).set({ leaseOwner: 'dead', leaseUntil: claimUntil }).where(eq(webhookEndpoints.id, made.id));
    await ctx.db
      .update(webhookDeliveries)
      .set({ attempts: 1, firstAttemptAt: new Date(clock.now), lastAttemptAt: new Date(clock.now), nextAttemptAt: claimUntil })
      .where(eq(webhookDeliveries.endpointId, made.id));
    const restarted = testDeliverer(ctx, clock, { instance: 'restarted' });
    clock.now += 10 * SECOND;
    await restarted.drain();
    expect(r.got).toHaveLength(0);
    clock.now += 61 * SECOND;
    await restarted.drain();
    expect(r.delivered.map((p) => p.id)).toEqual([e.id]);
    expect((await log(buyer, made.id)).items[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await endpointRow(made.id)).leaseOwner).toBeNull();
  });

  it('one event is one delivery: the same webhook-id on a resend and a replay, and a replay resends in order', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    const events = [
      await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 91 }),
      await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 91 }),
      await appendFeedEntry(ctx.db, buyer.user.id, 'invoice.issued', { id: 910 }),
    ];
    const clock = start();
    const deliverer = testDeliverer(ctx, clock);
    await deliverer.drain();
    const before = (await log(buyer, made.id)).items;
    const replay = await call(buyer, 'POST', `/api/users/webhooks/${made.id}/replay`, { after: events[0]!.sequence });
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toEqual({ after: events[0]!.sequence, upTo: events[2]!.sequence });
    await deliverer.drain();
    expect(r.delivered.map((p) => p.id)).toEqual([...events, events[1]!, events[2]!].map((e) => e.id));
    // The same rows (the same ids), sent again.
    const after = (await log(buyer, made.id)).items;
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
    expect(
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, made.id)),
    ).toEqual([{ n: 3 }]);

    const res = await call(buyer, 'POST', `/api/users/webhooks/${made.id}/deliveries/${before.at(-1)!.id}/resend`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ eventId: events[0]!.id, status: 'pending', attempts: 0 });
    // Due at the request's time: the schedule's clock catches up with it.
    clock.now = Date.now();
    await deliverer.drain();
    expect(r.delivered.at(-1)!.id).toBe(events[0]!.id);
    expect(new Set(r.got.map((g) => g.headers['webhook-id']))).toEqual(new Set(events.map((e) => e.id)));
    // An unknown delivery, or another endpoint's, is 404.
    const other = await endpoint(buyer, 'https://other.example.com/other');
    const wrong = await call(buyer, 'POST', `/api/users/webhooks/${other.id}/deliveries/${before[0]!.id}/resend`);
    expect(wrong.statusCode).toBe(404);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    const rotated = await call(buyer, 'POST', `/api/users/webhooks/${made.id}/secret`);
    const { secret } = rotated.json() as { secret: string };
    r.secrets = [made.secret, secret];
    const clock = start();
    const deliverer = testDeliverer(ctx, clock);
    await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 101 });
    await deliverer.drain();
    expect(r.got[0]!.verifiedBy).toEqual([0, 1]);
    clock.now += 25 * HOUR;
    await appendFeedEntry(ctx.db, buyer.user.id, 'order.shipped', { id: 101 });
    await deliverer.drain();
    expect(r.got[1]!.verifiedBy).toEqual([1]);
  });

  it('pages the log newest first and filters it by status', async () => {
    const r = await receiver();
    const buyer = await company();
    const made = await endpoint(buyer, r);
    for (let i = 0; i < 5; i++) await appendFeedEntry(ctx.db, buyer.user.id, 'order.confirmed', { id: 200 + i });
    r.answer = (p) => (p.data.id === 202 ? 500 : 200);
    await testDeliverer(ctx, start()).drain();
    const first = await log(buyer, made.id, '?limit=2');
    expect(first.items.map((d) => d.sequence)).toEqual([5, 4]);
    expect(first.next).toBe(4);
    const second = await log(buyer, made.id, `?limit=2&before=${first.next}`);
    expect(second.items.map((d) => d.sequence)).toEqual([3, 2]);
    const last = await log(buyer, made.id, `?limit=2&before=${second.next}`);
    expect(last.items.map((d) => d.sequence)).toEqual([1]);
    expect(last.next).toBeNull();
    expect((await log(buyer, made.id, '?status=failed')).items.map((d) => d.sequence)).toEqual([3]);
    const [listed] = (await call(buyer, 'GET', '/api/users/webhooks')).json() as WebhookEndpoint[];
    expect(listed!.backlog).toBe(1);
    expect(
      await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.kind, 'webhook_disabled'))),
    ).toEqual([]);
  });
});
