import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, settle, type TestContext } from '../../../test/build-app.js';
import { claims, notifications, orders as ordersTable, outbox } from '../../db/schema/index.js';
import * as orders from '../orders/orders.service.js';
import { PhotoStore } from '../marketplace/marketplace.service.js';
import { api, claimData, confirmedOrder, delivered, fileClaim, parties, pngPart, shipped, tinyPng, type Parties } from './claims.test-support.js';

let ctx: TestContext;
let p: Parties;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-claims-')) });
  p = await parties(ctx);
});
afterAll(() => ctx.close());

const claimPhotoFiles = async () => {
  try {
    const root = path.join(ctx.config.dataDir, 'claim-photos');
    const out: string[] = [];
    for (const d of await readdir(root)) for (const f of await readdir(path.join(root, d))) out.push(`${d}/${f}`);
    return out;
  } catch {
    return [];
  }
};
const claimCount = async () => (await ctx.db.select({ n: count() }).from(claims))[0]!.n;
const orderStatus = async (id: number) => (await ctx.db.select({ s: ordersTable.status }).from(ordersTable).where(eq(ordersTable.id, id)))[0]!.s;
const deps = () => ({
  db: ctx.db,
  bus: ctx.app.bus,
  mailer: ctx.app.mailer,
  log: { error: () => undefined },
  claimWindowMs: ctx.config.orders.claimWindowMs,
  purchaseRequestTtlMs: ctx.config.orders.purchaseRequestTtlMs,
  photos: new PhotoStore(ctx.config.dataDir),
});
const step = (cookie: string, orderId: number, claimId: number, action: string, body: unknown = {}) =>
  api(ctx, cookie, 'POST', `/api/users/orders/${orderId}/claims/${claimId}/${action}`, body);
const decide = (orderId: number, claimId: number, body: unknown) =>
  api(ctx, p.admin.cookie, 'POST', `/api/admin/orders/${orderId}/claims/${claimId}/decide`, body);

describe('delivery documents', () => {
  it('serves a draft CMR and delivery note while CONFIRMED, final ones once shipped, to both parties and the operator only', async () => {
    const id = await confirmedOrder(ctx, p);
    for (const doc of ['cmr.pdf', 'delivery-note.pdf']) {
      for (const who of [p.buyer, p.seller, p.admin]) {
        const res = await api(ctx, who.cookie, 'GET', `/api/users/orders/${id}/${doc}?lang=fr`);
        expect(res.statusCode, `${doc}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
      expect((await api(ctx, p.stranger.cookie, 'GET', `/api/users/orders/${id}/${doc}`)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/users/orders/${id}/${doc}` })).statusCode).toBe(401);
    }
    const de = await api(ctx, p.buyer.cookie, 'GET', `/api/users/orders/${id}/delivery-note.pdf?lang=de`);
    expect(de.headers['content-disposition']).toContain("filename*=UTF-8''lieferschein-PRM-");
  });

  it('refuses the documents of an order cancelled before shipping (409 DOCUMENT_NOT_AVAILABLE)', async () => {
    const id = await confirmedOrder(ctx, p);
    expect((await api(ctx, p.buyer.cookie, 'POST', `/api/users/orders/${id}/cancel`, { reason: 'Plus besoin' })).statusCode).toBe(200);
    const res = await api(ctx, p.seller.cookie, 'GET', `/api/users/orders/${id}/cmr.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DOCUMENT_NOT_AVAILABLE');
  });
});

describe('receipt with differences', () => {
  it('records received pallets, kg and the differences, and answers shipped beside received', async () => {
    const id = await delivered(ctx, p);
    const order = (await api(ctx, p.seller.cookie, 'GET', `/api/users/orders/${id}`)).json();
    expect(order.shipment).toMatchObject({ pallets: 8, netKg: 6385.5 });
    expect(order.receipt).toMatchObject({ pallets: 7, netKg: 5580, differences: 'Une palette écrasée, refusée à quai', automatic: false });
    expect(order.amount).toBe(6975);
    expect((await api(ctx, p.buyer.cookie, 'GET', `/api/users/orders/${id}/cmr.pdf?lang=es`)).statusCode).toBe(200);
  });
});

describe('filing a claim', () => {
  it('files a claim with two photos within the window, tells both parties and writes the histories', async () => {
    const id = await delivered(ctx, p);
    // The outbox's last id before the claim (the steps before told first): the mails it queues are the rows after it.
    await settle(ctx);
    const [last] = await ctx.db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
    const res = await fileClaim(ctx, p.buyer.cookie, id);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      status: 'OPEN',
      reasons: ['DECAY', 'BRUISING'],
      pallets: 2,
      creditAsked: 400,
      credit: null,
      orderAmount: 6975,
      viewerSide: 'buyer',
      nextActions: [],
    });
    expect(c.photos).toHaveLength(2);
    expect(c.history).toEqual([expect.objectContaining({ step: 'filed', actor: 'BUYER', companyName: 'Großmarkt Müller & Söhne', credit: 400 })]);

    const seen = (await api(ctx, p.seller.cookie, 'GET', `/api/users/orders/${id}/claims`)).json();
    expect(seen.items[0]).toMatchObject({ id: c.id, viewerSide: 'seller', nextActions: ['accept', 'propose', 'reject'] });
    const order = (await api(ctx, p.seller.cookie, 'GET', `/api/users/orders/${id}`)).json();
    expect(order.status).toBe('DELIVERED');
    // A code and its values (decision 852), which the reader's language renders; no English text stored.
    expect(order.history.at(-1)).toMatchObject({ noteCode: 'CLAIM_STEP', noteParams: { claim: c.id, step: 'filed' } });

    // Its event tells both parties (claims.messages.ts).
    await settle(ctx);
    const notices = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'order_claim'), inArray(notifications.userId, [p.buyer.user.id, p.seller.user.id])));
    expect(notices.filter((n) => (n.data as { claimId?: number }).claimId === c.id)).toHaveLength(2);
    // Selected by id, not by position: without an ORDER BY, PostgreSQL may return rows in any order.
    const fresh = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.id} > ${last!.id}`);
    expect(fresh.map((m) => m.subject).sort()).toEqual([
      `Auftrag ${order.number}: Qualitätsreklamation eingereicht`,
      `Pedido ${order.number}: reclamación de calidad presentada`,
    ]);
  });

  it('serves the claim photos to both parties and the operator (private, no-store) and to nobody else', async () => {
    const id = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, id)).json();
    for (const who of [p.buyer, p.seller, p.admin]) {
      for (const url of [c.photos[0].url, c.photos[1].thumbUrl]) {
        const res = await api(ctx, who.cookie, 'GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    }
    expect((await api(ctx, p.stranger.cookie, 'GET', c.photos[0].url)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: c.photos[0].url })).statusCode).toBe(401);
    const base = `/api/users/orders/${id}/claims/${c.id}/photos`;
    for (const bad of ['..%2F..%2Fsecret.png', '00000000-0000-0000-0000-000000000000.webp', '%2e%2e%2fx.webp']) {
      expect((await api(ctx, p.buyer.cookie, 'GET', `${base}/${bad}`)).statusCode).toBe(404);
    }
    // Another order's URL with this claim's file finds nothing either.
    const other = await delivered(ctx, p);
    expect((await api(ctx, p.buyer.cookie, 'GET', `/api/users/orders/${other}/claims/${c.id}/photos/${c.photos[0].name}`)).statusCode).toBe(404);
  });

  it('refuses a claim by the seller, by a stranger, on an order not delivered, after the window, and a second open one', async () => {
    const id = await delivered(ctx, p);
    const seller = await fileClaim(ctx, p.seller.cookie, id);
    expect([seller.statusCode, seller.json().code]).toEqual([409, 'ONLY_BUYER_CLAIMS']);
    expect((await fileClaim(ctx, p.stranger.cookie, id)).statusCode).toBe(404);

    const notDelivered = await fileClaim(ctx, p.buyer.cookie, await shipped(ctx, p));
    expect([notDelivered.statusCode, notDelivered.json().code]).toEqual([409, 'ORDER_NOT_DELIVERED']);

    expect((await fileClaim(ctx, p.buyer.cookie, id)).statusCode).toBe(201);
    const second = await fileClaim(ctx, p.buyer.cookie, id);
    expect([second.statusCode, second.json().code]).toEqual([409, 'CLAIM_ALREADY_OPEN']);

    const late = await delivered(ctx, p);
    await ctx.db
      .update(ordersTable)
      .set({ deliveredAt: new Date(Date.now() - ctx.config.orders.claimWindowMs - 60_000) })
      .where(eq(ordersTable.id, late));
    const after = await fileClaim(ctx, p.buyer.cookie, late);
    expect([after.statusCode, after.json().code]).toEqual([409, 'CLAIM_WINDOW_CLOSED']);
    expect((await api(ctx, p.buyer.cookie, 'GET', `/api/users/orders/${late}/claims`)).json().canFile).toBe(false);
  });

  it('keeps one open claim when two filings race', async () => {
    const id = await delivered(ctx, p);
    const res = await Promise.all([fileClaim(ctx, p.buyer.cookie, id), fileClaim(ctx, p.buyer.cookie, id), fileClaim(ctx, p.buyer.cookie, id)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(res.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'CLAIM_ALREADY_OPEN')).toBe(true);
    expect((await ctx.db.select({ n: count() }).from(claims).where(eq(claims.orderId, id)))[0]!.n).toBe(1);
  });

  const badData: Array<[string, Record<string, unknown>, number, string]> = [
    ['a credit above the order amount', { creditAsked: 6975.01 }, 400, 'CREDIT_ABOVE_AMOUNT'],
    ['a negative credit', { creditAsked: -5 }, 400, 'VALIDATION_FAILED'],
    ['a zero credit', { creditAsked: 0 }, 400, 'VALIDATION_FAILED'],
    ['an unknown reason', { reasons: ['UGLY'] }, 400, 'VALIDATION_FAILED'],
    ['no reason', { reasons: [] }, 400, 'VALIDATION_FAILED'],
    ['neither pallets nor kg', { pallets: undefined }, 400, 'VALIDATION_FAILED'],
    ['more pallets than received', { pallets: 8 }, 400, 'CLAIM_MORE_THAN_RECEIVED'],
    ['more kg than received', { pallets: undefined, netKg: 5580.01 }, 400, 'CLAIM_MORE_THAN_RECEIVED'],
  ];
  for (const [what, over, status, code] of badData) {
    it(`refuses ${what} (${status} ${code}) and stores nothing`, async () => {
      const id = await delivered(ctx, p);
      const before = { files: await claimPhotoFiles(), claims: await claimCount() };
      const res = await fileClaim(ctx, p.buyer.cookie, id, claimData(over));
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      expect(await claimPhotoFiles()).toEqual(before.files);
      expect(await claimCount()).toBe(before.claims);
    });
  }

  const hostile: Array<[string, () => Parameters<typeof fileClaim>[4], number]> = [
    ['no photo', () => [], 400],
    ['eleven photos', () => Array.from({ length: 11 }, (_, i) => pngPart(`p${i}.png`)), 400],
    ['a PNG renamed .exe', () => [{ field: 'photos', filename: 'setup.exe', content: tinyPng() }], 415],
    ['an HTML page named .jpg', () => [{ field: 'photos', filename: 'photo.jpg', content: Buffer.from('<!doctype html><script>alert(1)</script>') }], 415],
    ['a truncated PNG', () => [{ field: 'photos', filename: 'cut.png', content: tinyPng().subarray(0, 40) }], 400],
    ['a file over 5 MB', () => [{ field: 'photos', filename: 'big.png', content: Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]) }], 413],
    ['a good photo then a bad one', () => [pngPart(), { field: 'photos', filename: 'x.webp', content: Buffer.from('RIFFxxxxWEBX') }], 415],
  ];
  for (const [what, files, status] of hostile) {
    it(`refuses ${what} as lots do (${status}) and stores nothing`, async () => {
      const id = await delivered(ctx, p);
      const before = { files: await claimPhotoFiles(), claims: await claimCount() };
      const res = await fileClaim(ctx, p.buyer.cookie, id, claimData(), files());
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBeTypeOf('string');
      expect(await claimPhotoFiles()).toEqual(before.files);
      expect(await claimCount()).toBe(before.claims);
    });
  }
});

describe('settlement', () => {
  it('the seller accepts: the credit asked is settled and the order closes', async () => {
    const id = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, id)).json();
    const res = await step(p.seller.cookie, id, c.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SETTLED', credit: 400, nextActions: [] });
    expect(res.json().settledAt).toBeTypeOf('string');
    expect(await orderStatus(id)).toBe('CLOSED');
    const row = (await ctx.db.select().from(claims).where(eq(claims.id, c.id)))[0]!;
    expect([row.settledCredit, row.settledAt instanceof Date]).toEqual(['400.00', true]);
    // A closed order takes no new claim.
    expect((await fileClaim(ctx, p.buyer.cookie, id)).json().code).toBe('ORDER_NOT_DELIVERED');
  });

  it('the seller proposes with a note, the buyer accepts the proposal', async () => {
    const id = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, id)).json();
    expect((await step(p.seller.cookie, id, c.id, 'propose', { credit: 250 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'note' }],
    });
    expect((await step(p.seller.cookie, id, c.id, 'propose', { credit: 400, note: 'Même montant' })).statusCode).toBe(400);
    expect((await step(p.seller.cookie, id, c.id, 'propose', { credit: -1, note: 'Négatif' })).statusCode).toBe(400);
    const proposed = await step(p.seller.cookie, id, c.id, 'propose', { credit: 250.5, note: 'Une seule palette touchée' });
    expect(proposed.json()).toMatchObject({ status: 'PROPOSED', creditProposed: 250.5 });
    const buyerView = (await api(ctx, p.buyer.cookie, 'GET', `/api/users/orders/${id}/claims`)).json().items[0];
    expect(buyerView.nextActions).toEqual(['accept', 'escalate']);
    const accepted = await step(p.buyer.cookie, id, c.id, 'accept');
    expect(accepted.json()).toMatchObject({ status: 'SETTLED', credit: 250.5 });
    expect(accepted.json().history.map((h: { step: string }) => h.step)).toEqual(['filed', 'proposed', 'accepted']);
    expect(await orderStatus(id)).toBe('CLOSED');
  });

  it('the seller rejects, the buyer escalates, the operator decides a credit of 0 with a note', async () => {
    const id = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, id)).json();
    expect((await step(p.seller.cookie, id, c.id, 'reject', {})).statusCode).toBe(400);
    expect((await step(p.seller.cookie, id, c.id, 'reject', { note: 'Marchandise conforme au départ, photos du chargement' })).json().status).toBe('REJECTED');
    expect((await step(p.buyer.cookie, id, c.id, 'escalate', { note: 'Photos à l’arrivée faisant foi' })).json().status).toBe('ESCALATED');
    const queue = (await api(ctx, p.admin.cookie, 'GET', '/api/admin/claims?status=ESCALATED')).json();
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(c.id);
    expect((await decide(id, c.id, { credit: 6975.01, note: 'Trop' })).json().code).toBe('CREDIT_ABOVE_AMOUNT');
    expect((await decide(id, c.id, { credit: -1, note: 'Négatif' })).statusCode).toBe(400);
    expect((await decide(id, c.id, { credit: 0 })).statusCode).toBe(400);
    const decided = await decide(id, c.id, { credit: 0, note: 'Les photos du départ montrent des fruits sains.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'SETTLED', credit: 0, viewerSide: 'operator' });
    expect(decided.json().history.map((h: { step: string; actor: string }) => `${h.step}:${h.actor}`)).toEqual([
      'filed:BUYER',
      'rejected:SELLER',
      'escalated:BUYER',
      'decided:OPERATOR',
    ]);
    expect(await orderStatus(id)).toBe('CLOSED');
  });

  it('refuses steps by the wrong party (403), at the wrong time (409), by strangers (404)', async () => {
    const id = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, id)).json();
    expect((await step(p.buyer.cookie, id, c.id, 'propose', { credit: 1, note: 'moi-même' })).statusCode).toBe(403);
    expect((await step(p.seller.cookie, id, c.id, 'escalate')).statusCode).toBe(403);
    const early = await step(p.buyer.cookie, id, c.id, 'escalate');
    expect([early.statusCode, early.json().code]).toEqual([409, 'ILLEGAL_CLAIM_STEP']);
    expect((await step(p.stranger.cookie, id, c.id, 'accept')).statusCode).toBe(404);
    expect((await step(p.seller.cookie, id, c.id + 100000, 'accept')).statusCode).toBe(404);
    expect((await step(p.admin.cookie, id, c.id, 'accept')).statusCode).toBe(403);
    expect((await step(p.seller.cookie, id, c.id, 'accept')).statusCode).toBe(200);
    const twice = await step(p.seller.cookie, id, c.id, 'accept');
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ILLEGAL_CLAIM_STEP']);
    expect((await decide(id, c.id, { credit: 1, note: 'Trop tard' })).json().code).toBe('ILLEGAL_CLAIM_STEP');
  });

  it('publishes an order event to both parties after each step', async () => {
    const id = await delivered(ctx, p);
    // The steps before are told first: only the claim's two steps are counted below.
    await settle(ctx);
    const seen: string[] = [];
    const offs = await Promise.all(
      [p.buyer, p.seller].map((w) =>
        ctx.app.bus.subscribe(`/user/${w.user.id}/queue/orders`, (m: string) => void seen.push(`${w.user.id}:${JSON.parse(m).orderId}`)),
      ),
    );
    const c = (await fileClaim(ctx, p.buyer.cookie, id)).json();
    await step(p.seller.cookie, id, c.id, 'propose', { credit: 100, note: 'Proposition' });
    await settle(ctx);
    await Promise.all(offs.map((off) => off()));
    expect(seen.filter((s) => s === `${p.buyer.user.id}:${id}`)).toHaveLength(2);
    expect(seen.filter((s) => s === `${p.seller.user.id}:${id}`)).toHaveLength(2);
  });
});

describe('closing after the claim window', () => {
  it('keeps an order with an open claim DELIVERED after the window, closes it when settled, and closes one without a claim', async () => {
    const withClaim = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, withClaim)).json();
    const without = await delivered(ctx, p);
    const past = new Date(Date.now() - ctx.config.orders.claimWindowMs - 60_000);
    await ctx.db
      .update(ordersTable)
      .set({ deliveredAt: past })
      .where(inArray(ordersTable.id, [withClaim, without]));
    await orders.runLifecycle(deps());
    expect(await orderStatus(withClaim)).toBe('DELIVERED');
    expect(await orderStatus(without)).toBe('CLOSED');
    expect((await step(p.seller.cookie, withClaim, c.id, 'accept')).statusCode).toBe(200);
    expect(await orderStatus(withClaim)).toBe('CLOSED');
  });
});

describe("the operator's queue", () => {
  it('lists open claims with filters by status, reason and search', async () => {
    const id = await delivered(ctx, p);
    const c = (await fileClaim(ctx, p.buyer.cookie, id, claimData({ reasons: ['TEMPERATURE'] }))).json();
    const open = (await api(ctx, p.admin.cookie, 'GET', '/api/admin/claims?status=open&reason=TEMPERATURE')).json();
    expect(open.items.map((i: { id: number }) => i.id)).toContain(c.id);
    expect(open.items.every((i: { status: string; reasons: string[] }) => i.status !== 'SETTLED' && i.reasons.includes('TEMPERATURE'))).toBe(true);
    const found = (await api(ctx, p.admin.cookie, 'GET', `/api/admin/claims?q=${encodeURIComponent('grossmarkt muller')}`)).json();
    expect(found.items.length).toBeGreaterThan(0);
    expect((await api(ctx, p.admin.cookie, 'GET', '/api/admin/claims?q=nobody-at-all')).json().total).toBe(0);
    expect((await api(ctx, p.buyer.cookie, 'GET', '/api/admin/claims')).statusCode).toBe(403);
  });
});
