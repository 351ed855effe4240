import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { todayInParis, type Invoice, type InvoicePage, type Order, type OrderPage } from '@primeur/shared';
import { createTestApp, login, type TestContext } from '../../../test/build-app.js';
import { schemaErrors } from '../../../test/en16931/schema.js';
import { ciiSellerName, readXmp, xmpBytes } from '../../../test/pdf-xmp.js';
import { fatal, validateCii } from '../../../test/en16931/validate.js';
import { commissionSettings } from '../../../test/commission.js';
import { createArticle } from '../factories/listings.js';
import { articles, claims, invoiceDocuments, invoices, orderHistory, orders, packagings } from '../schema/index.js';
import * as orderService from '../../trading/orders/orders.service.js';
import { runCommission, runInvoicing } from '../../trading/invoicing/invoicing.issuing.js';
import { invoiceEvents } from '../../../test/delivered-order.js';
import { reconcile } from '../../trading/invoicing/invoicing.reconciliation.js';
import { InProcessEventBus } from '../../realtime/event-bus.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';
import { DEMO_LOTS } from './listings.js';
import { DEMO_TRADES, seedTrade } from '../../demo-trade.js';

let ctx: TestContext;
let buyer: string;
let supplier: string;
const FRISCHMARKT = 'Frischmarkt Hamburg GmbH';
const OTHER_BUYERS = ['Primeurs Lyonnais SARL', 'Fruttaverde Milano S.p.A.'];
const outboxMailer = { mode: 'outbox' as const, send: () => Promise.reject(new Error('no mail in tests')), close: () => {} };
const log = { error: () => {}, warn: () => {}, info: () => {} };

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-trade-')), auctionCloseIntervalMs: 0 });
  // The catalog is reference data; make sure the names the demo uses exist.
  for (const lot of [...DEMO_LOTS, ...DEMO_TRADES]) {
    const found = await ctx.db
      .select()
      .from(articles)
      .where(sql`lower(${articles.article}) = lower(${lot.article})`);
    if (found.length === 0) await createArticle(ctx.db, { article: lot.article });
    await ctx.db.insert(packagings).values({ name: lot.packaging }).onConflictDoNothing();
  }
  expect(await seedDemo(ctx.db, { dataDir: ctx.config.dataDir, claimWindowMs: ctx.config.orders.claimWindowMs, trade: seedTrade })).toBe(true);
  buyer = await login(ctx.app, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
  supplier = await login(ctx.app, DEMO_ACCOUNTS.supplier.email, DEMO_ACCOUNTS.supplier.password);
}, 120_000);
afterAll(() => ctx.close());

const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });

/** Every string anywhere in an API answer (to check that no other buyer is named in it). */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

describe('demo trade', () => {
  it('gives every order a consecutive number in the order of the sales, all dated in the last three weeks', async () => {
    const rows = await ctx.db.select().from(orders).orderBy(asc(orders.id));
    expect(rows).toHaveLength(DEMO_TRADES.length);
    const seqs = rows.map((o) => Number(o.number.split('-')[2]));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    for (const o of rows) expect(o.number).toMatch(/^PRM-\d{4}-\d{6}$/);
    const created = rows.map((o) => o.createdAt.getTime());
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    for (const c of created) {
      expect(c).toBeLessThan(Date.now());
      expect(c).toBeGreaterThan(Date.now() - 21 * 86_400_000);
    }
  });

  it('shows the demo buyer orders in every state, with history rows in time order', async () => {
    const page = (await get(buyer, '/api/users/orders?size=50')).json() as OrderPage;
    const statuses = new Set(page.items.map((o) => o.status));
    expect(statuses).toEqual(new Set(['CONFIRMED', 'SHIPPED', 'DELIVERED', 'CLOSED', 'CANCELLED']));
    expect(page.items.length).toBeGreaterThanOrEqual(6);
    for (const s of page.items) {
      const o = (await get(buyer, `/api/users/orders/${s.id}`)).json() as Order;
      expect(o.history.length, o.number).toBeGreaterThan(0);
      expect(o.history[0]!.to).toBe('CONFIRMED');
      expect(o.history.at(-1)!.to).toBe(o.status);
      const at = o.history.map((h) => Date.parse(h.at));
      expect(
        [...at].sort((a, b) => a - b),
        o.number,
      ).toEqual(at);
    }
    const seller = (await get(supplier, '/api/users/orders?size=50')).json() as OrderPage;
    expect(seller.total).toBeGreaterThanOrEqual(6);
  });

  it('names no other buyer in any of the demo buyer’s order answers', async () => {
    const page = (await get(buyer, '/api/users/orders?size=50')).json() as OrderPage;
    for (const s of page.items) {
      expect(s.buyer.companyName).toBe(FRISCHMARKT);
      const answer = strings((await get(buyer, `/api/users/orders/${s.id}`)).json());
      for (const other of OTHER_BUYERS)
        expect(
          answer.filter((x) => x.includes(other)),
          s.number,
        ).toEqual([]);
    }
    // The operator sees the other companies' trade as well.
    const admin = await login(ctx.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const all = (await get(admin, '/api/admin/orders?size=50')).json() as OrderPage;
    expect(new Set(all.items.map((o) => o.buyer.companyName)).size).toBeGreaterThan(1);
  });

  it('records the shipment’s CMR data and leaves nothing for the order timers to do now', async () => {
    const mine = (await get(buyer, '/api/users/orders?status=SHIPPED')).json() as OrderPage;
    const [shipped] = await ctx.db.select().from(orders).where(eq(orders.id, mine.items[0]!.id));
    expect(shipped!.vehiclePlate).toMatch(/\S{4,}/);
    expect(shipped!.departureDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(shipped!.shippedNetKg).not.toBeNull();
    const cmr = await get(buyer, `/api/users/orders/${shipped!.id}/cmr.pdf`);
    expect(cmr.statusCode).toBe(200);
    expect(cmr.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const moved = await orderService.runLifecycle({
      db: ctx.db,
      bus: new InProcessEventBus(),
      mailer: outboxMailer,
      log,
      claimWindowMs: ctx.config.orders.claimWindowMs,
      purchaseRequestTtlMs: ctx.config.orders.purchaseRequestTtlMs,
    });
    expect(moved).toEqual({ received: 0, closed: 0 });
  });

  it('has one open claim and one settled with its credit note', async () => {
    const rows = await ctx.db.select().from(claims).orderBy(asc(claims.id));
    expect(rows.map((c) => c.status)).toEqual(['SETTLED', 'OPEN']);
    const notes = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'CREDIT_NOTE'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ status: 'ISSUED', total: expect.any(String) });
    expect(Math.abs(Number(notes[0]!.net))).toBe(Number(rows[0]!.settledCredit));
  });

  it('issues the closed order’s invoice, whose Factur-X XML (rendered by the invoicing sweep) passes EN 16931', async () => {
    // At the app's start the invoicing processor takes the demo's delivery events, then the job's pass renders.
    await invoiceEvents({ db: ctx.db, mailer: outboxMailer, log });
    await runInvoicing({ db: ctx.db, mailer: outboxMailer, log });
    const page = (await get(buyer, '/api/users/invoices?side=received&size=50')).json() as InvoicePage;
    const closed = (await get(buyer, '/api/users/orders?status=CLOSED')).json() as OrderPage;
    const first = closed.items.at(-1)!;
    const inv = page.items.find((i: Invoice) => i.orderNumber === first.number && i.kind === 'INVOICE')!;
    expect(
      page.items.map((i) => [i.orderNumber, i.kind, i.status]),
      first.number,
    ).toContainEqual([first.number, 'INVOICE', 'UNPAID']);
    expect(inv.number).toBeTruthy();
    const xml = await get(buyer, `/api/users/invoices/${inv.id}.xml`);
    expect(xml.statusCode).toBe(200);
    expect(fatal(validateCii(xml.body))).toEqual([]);
    const [{ n }] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${orderHistory}`)).rows as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(DEMO_TRADES.length + DEMO_TRADES.reduce((k, t) => k + t.steps.length, 0) / 2);
  }, 120_000);

  it('balances: the reconciliation finds no violation in the demo books', async () => {
    expect((await reconcile(ctx.db)).violations).toEqual([]);
    const admin = await login(ctx.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const res = await get(admin, '/api/admin/reconciliation');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ violations: unknown[] }>().violations).toEqual([]);
  });

  it('every document of the demo data, with the operator’s commission on it, passes the EN 16931 rules and both XML schemas', async () => {
    // Commission is off unless configured: on, as in production, the demo's sellers get theirs for
    // the month before today and, early next month, for this one (the demo's deliveries span both).
    const commission = commissionSettings;
    const deps = { db: ctx.db, mailer: outboxMailer, log, commission };
    await invoiceEvents(deps);
    await runInvoicing(deps);
    const [year, month] = todayInParis().split('-').map(Number) as [number, number];
    const secondOfNextMonth = Date.UTC(year, month, 2, 11);
    const charged = [await runCommission(deps), await runCommission(deps, secondOfNextMonth)];
    expect(charged.reduce((n, c) => n + c.issued, 0)).toBeGreaterThan(0);
    const docs = await ctx.db
      .select({ number: invoices.number, kind: invoices.kind, period: invoices.commissionPeriod, xml: invoiceDocuments.xml, pdf: invoiceDocuments.pdf })
      .from(invoices)
      .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id));
    expect(new Set(docs.map((d) => (d.period ? 'COMMISSION' : d.kind)))).toEqual(new Set(['INVOICE', 'CREDIT_NOTE', 'COMMISSION']));
    for (const d of docs) {
      expect(fatal(validateCii(d.xml)), d.number!).toEqual([]);
      expect(schemaErrors(d.xml), d.number!).toEqual([]);
      // Its PDF/A-3's XMP is UTF-8 XML (readXmp throws otherwise) that names the seller as the XML does.
      expect(readXmp(await xmpBytes(d.pdf)).creator, d.number!).toEqual([ciiSellerName(d.xml)]);
    }
    // The demo's French companies state their SIREN (BT-30 / BT-47, scheme 0002 of ISO 6523, decision 968).
    const french = docs.filter((d) => /Vergers du Roussillon|Primeurs Lyonnais/.test(d.xml));
    expect(french.length, 'a demo document names a French company').toBeGreaterThan(0);
    for (const d of french) expect(d.xml, d.number!).toMatch(/<ram:ID schemeID="0002">(523710002|798130001)<\/ram:ID>/);
    // The commission runs leave the books balanced too (each sale invoice covered once, series whole).
    expect((await reconcile(ctx.db, { commission: true, at: new Date(secondOfNextMonth) })).violations).toEqual([]);
  }, 180_000);
});
