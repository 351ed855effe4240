import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Invoice, InvoicePage } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { schemaErrors } from '../../../test/en16931/schema.js';
import { fatal, validateCii } from '../../../test/en16931/validate.js';
import { commissionConfig, commissionEnv, type CommissionConfig } from '../../config/commission.js';
import { commissionSettings, noonParis, OPERATOR_ENV } from '../../../test/commission.js';
import { wonOrder } from '../../../test/won-order.js';
import { commissionCoverage, invoiceDocuments, invoices, operatorInvoiceCounters, orders } from '../../db/schema/index.js';
import * as issuing from './invoicing.issuing.js';

// Each issued commission renders a Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 180_000 });

const cfg = commissionSettings;

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let sellerFR: Party;
let sellerES: Party;
let sellerQuiet: Party;
let buyer: Party;
let admin: Party;
let template: typeof orders.$inferSelect;

const deps = (commission: CommissionConfig | null = cfg): issuing.IssueDeps => ({
  db: ctx.db,
  mailer: ctx.app.mailer,
  log: ctx.app.log,
  commission: commission ?? undefined,
});

let seq = 0;
/**
 * A sale of `seller` invoiced on `issuedOn` for `net` € excl. VAT: a copy of a real order, and its
 * sale invoice as the issuing pass stores it (numbered, ISSUED; the commission reads the number,
 * the issue date and the net).
 */
async function saleInvoice(seller: Party, net: string, issuedOn: string, status: 'ISSUED' | 'NEEDS_DATA' = 'ISSUED') {
  const { id: _id, ...rest } = template;
  seq++;
  const [order] = await ctx.db
    .insert(orders)
    .values({ ...rest, number: `PRM-COM-TEST-${String(seq).padStart(4, '0')}`, productId: null, sellerId: seller.user.id, status: 'DELIVERED', amount: net })
    .returning();
  const [row] = await ctx.db
    .insert(invoices)
    .values({
      kind: 'INVOICE',
      status,
      orderId: order!.id,
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      ...(status === 'ISSUED'
        ? {
            number: `TST-${issuedOn.slice(0, 4)}-${String(seq).padStart(5, '0')}`,
            issueDate: issuedOn,
            dueDate: issuedOn,
            net,
            vat: '0.00',
            total: net,
            input: {},
          }
        : {}),
    })
    .returning();
  return row!;
}

const call = (url: string, who: Party) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const commissionRows = () => ctx.db.select().from(invoices).where(isNotNull(invoices.commissionPeriod));

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  const company = (name: string, country: string, vatId: string) =>
    signedIn(ctx, { category: 'supplier', companyName: name, country, vatId, address: '3 chemin des Vergers', postalCode: '66000' });
  sellerFR = await company('Les Vergers du Roussillon SARL', 'FR', 'FR23334175221');
  sellerES = await company('Agrícola Hermanos Pérez S.L.', 'ES', 'ESB04123456');
  sellerQuiet = await company('Pommes du Limousin', 'FR', 'FR40303265045');
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs de Rungis SAS', country: 'FR', vatId: 'FR83404833048' });
  admin = await signedIn(ctx, { category: 'admin' });
  // One real order (snapshots and all) from a closed auction; the others are its copies.
  template = await wonOrder(ctx.db, sellerFR.user.id, buyer.user.id, 1.5);
});
afterAll(() => ctx.close());

describe('operator commission settings', () => {
  it('are off by default and need every legal fact, valid, once a percentage is set', () => {
    expect(commissionConfig(commissionEnv.parse({}))).toBeUndefined();
    expect(cfg).toMatchObject({
      percent: 2.5,
      prefix: 'PRM',
      operator: { vatId: 'FR40732829320', iban: 'FR7630006000011234567890189', registrationId: '732829320' },
    });
    const refused = (over: Record<string, string>) => {
      const r = commissionEnv.safeParse({ ...OPERATOR_ENV, ...over });
      return r.success ? [] : r.error.issues.map((i) => String(i.path[0]));
    };
    expect(refused({ OPERATOR_IBAN: 'FR7630006000011234567890188' })).toEqual(['OPERATOR_IBAN']);
    expect(refused({ OPERATOR_REGISTRATION_ID: '732829321' })).toEqual(['OPERATOR_REGISTRATION_ID']);
    expect(refused({ OPERATOR_VAT_ID: 'DE123456789' })).toEqual(['OPERATOR_VAT_ID']);
    expect(refused({ OPERATOR_LEGAL_NAME: '' })).toEqual(['OPERATOR_LEGAL_NAME']);
    expect(refused({ COMMISSION_PERCENT: '2,5' })).toEqual(['COMMISSION_PERCENT']);
    expect(refused({ COMMISSION_PERCENT: '2.555' })).toEqual(['COMMISSION_PERCENT']);
    expect(refused({ COMMISSION_PERCENT: '0', OPERATOR_IBAN: 'nonsense' })).toEqual([]);
  });
});

describe('the monthly commission run', () => {
  it('issues nothing when the percentage is 0', async () => {
    await saleInvoice(sellerFR, '1230.00', '2026-11-05');
    expect(await issuing.runCommission(deps(null), noonParis('2026-12-02'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    expect(await commissionRows()).toEqual([]);
  });

  it('charges each seller once for its sale invoices issued in the previous month, rounded per invoice', async () => {
    // Sale invoice 1 (above): 1 230,00 € → 30,75 €.
    await saleInvoice(sellerFR, '256.66', '2026-11-30'); // → 6,4165 → 6,42 €
    await saleInvoice(sellerFR, '1.50', '2026-11-01'); // → 0,0375 → 0,04 €
    const zero = await saleInvoice(sellerFR, '0.01', '2026-11-12'); // → 0,00 €: covered, no line
    await saleInvoice(sellerFR, '1000.00', '2026-12-01'); // next month
    await saleInvoice(sellerFR, '1000.00', '2026-11-20', 'NEEDS_DATA'); // not issued: not charged
    await saleInvoice(sellerES, '2280.00', '2026-11-15'); // → 57,00 €
    await saleInvoice(sellerQuiet, '100.00', '2026-12-01'); // only this month
    await saleInvoice(sellerQuiet, '100.00', '2026-10-31'); // before the first commission month: never charged

    const first = await issuing.runCommission(deps(), noonParis('2026-12-02'));
    expect(first).toEqual({ issued: 2, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });

    const rows = await commissionRows();
    expect(rows.map((r) => [r.buyerId, r.sellerId, r.orderId, r.commissionPeriod, r.status]).sort()).toEqual(
      [
        [sellerFR.user.id, null, null, '2026-11-01', 'ISSUED'],
        [sellerES.user.id, null, null, '2026-11-01', 'ISSUED'],
      ].sort(),
    );
    const fr = rows.find((r) => r.buyerId === sellerFR.user.id)!;
    const es = rows.find((r) => r.buyerId === sellerES.user.id)!;
    // Domestic: 30,75 + 6,42 + 0,04 = 37,21 € net, VAT 20 % on the sum = 7,44 €.
    expect([fr.net, fr.vat, fr.total]).toEqual(['37.21', '7.44', '44.65']);
    expect(fr.vatBreakdown).toEqual([{ category: 'S', ratePercent: 20, taxable: '37.21', vat: '7.44' }]);
    const lines = (fr.input as { lines: Array<{ article: string; unitPrice: number }> }).lines;
    expect(lines.map((l) => l.unitPrice)).toEqual([0.04, 30.75, 6.42]);
    expect(lines[1]!.article.replace(/\s/g, ' ')).toMatch(/^Commission 2,5 % sur la facture TST-2026-\d{5} du 5 nov\. 2026, 1 230,00 €/);
    expect(fr.issueDate).toBe('2026-12-02');
    expect(fr.dueDate).toBe('2027-01-01');
    // Every sale invoice of November is covered, the 0,00 € one too (by no invoice).
    const coverage = await ctx.db.select().from(commissionCoverage);
    expect(coverage).toHaveLength(5);
    expect(coverage.find((c) => c.saleInvoiceId === zero.id)).toMatchObject({ commissionInvoiceId: fr.id, commission: '0.00', period: '2026-11-01' });
    expect(coverage.every((c) => c.period === '2026-11-01' && c.percent === '2.50')).toBe(true);
    // Another member state: reverse charge, no VAT.
    expect([es.net, es.vat, es.total]).toEqual(['57.00', '0.00', '57.00']);
    expect(es.vatBreakdown).toEqual([{ category: 'AE', ratePercent: 0, taxable: '57.00', vat: '0.00' }]);
    // The operator's own series, apart from the sellers' counters.
    expect([fr.number, es.number].sort()).toEqual(['PRM-COM-2026-00001', 'PRM-COM-2026-00002']);

    // Again, the same day and later in the month: nothing more.
    expect(await issuing.runCommission(deps(), noonParis('2026-12-02'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    expect(await issuing.runCommission(deps(), noonParis('2026-12-28'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    expect(await commissionRows()).toHaveLength(2);
    expect((await ctx.db.select().from(operatorInvoiceCounters))[0]).toEqual({ year: 2026, lastNumber: 2 });
  });

  it('charges a sale invoice of a closed month issued after that month’s run in a follow-up invoice of that month, once', async () => {
    // Issued (dated 30 November) after sellerES was charged for November on 2 December.
    await saleInvoice(sellerES, '400.00', '2026-11-30');
    expect(await issuing.runCommission(deps(), noonParis('2026-12-03'))).toEqual({ issued: 1, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    const november = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.buyerId, sellerES.user.id), eq(invoices.commissionPeriod, '2026-11-01')));
    expect(november.map((r) => r.net).sort()).toEqual(['10.00', '57.00']);
    expect(november.find((r) => r.net === '10.00')!.number).toBe('PRM-COM-2026-00003');
    expect(await issuing.runCommission(deps(), noonParis('2026-12-04'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
  });

  it('covers the sale invoices of a month whose commissions all round to 0,00 €, with no invoice', async () => {
    const tiny = await saleInvoice(sellerQuiet, '0.10', '2026-11-25');
    expect(await issuing.runCommission(deps(), noonParis('2026-12-05'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    const [c] = await ctx.db.select().from(commissionCoverage).where(eq(commissionCoverage.saleInvoiceId, tiny.id));
    expect(c).toMatchObject({ commissionInvoiceId: null, commission: '0.00', base: '0.10', period: '2026-11-01' });
    expect(
      await ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.buyerId, sellerQuiet.user.id), isNotNull(invoices.commissionPeriod))),
    ).toEqual([]);
  });

  it('passes the official EN 16931 rules and both XML schemas, and embeds factur-x.xml in its PDF', async () => {
    const docs = await ctx.db
      .select({ number: invoices.number, pdf: invoiceDocuments.pdf, xml: invoiceDocuments.xml })
      .from(invoices)
      .innerJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id))
      .where(isNotNull(invoices.commissionPeriod));
    expect(docs).toHaveLength(3);
    for (const d of docs) {
      expect(fatal(validateCii(d.xml))).toEqual([]);
      expect(schemaErrors(d.xml), d.number ?? '').toEqual([]);
      const attachments = (await PDFDocument.load(d.pdf, { updateMetadata: false })).getAttachments();
      expect(attachments.map((a) => a.name)).toEqual(['factur-x.xml']);
      expect(new TextDecoder().decode(attachments[0]!.data)).toBe(d.xml);
    }
  });

  it('is listed for the seller (received) and the operator, never for another company', async () => {
    const mine = (await call('/api/users/invoices?side=received', sellerFR)).json<InvoicePage>();
    const commission = mine.items.filter((i) => i.commissionPeriod !== null);
    expect(commission).toHaveLength(1);
    expect(commission[0]).toMatchObject({
      kind: 'INVOICE',
      orderId: null,
      orderNumber: null,
      commissionPeriod: '2026-11',
      status: 'UNPAID',
      total: 44.65,
      side: 'received',
      canMarkPaid: false,
      seller: { id: null, name: 'Primeur Trading SAS', country: 'FR' },
      buyer: { id: sellerFR.user.id },
    });
    expect((await call(`/api/users/invoices/${commission[0]!.id}.pdf`, sellerFR)).statusCode).toBe(200);
    expect((await call(`/api/users/invoices/${commission[0]!.id}`, sellerES)).statusCode).toBe(404);
    expect((await call(`/api/users/invoices/${commission[0]!.id}`, buyer)).statusCode).toBe(404);
    const all = (await call(`/api/admin/invoices?party=${sellerES.user.id}`, admin)).json<InvoicePage>();
    expect(all.items.filter((i) => i.commissionPeriod !== null).map((i) => [i.commissionPeriod, i.buyer.id, i.side])).toEqual([
      ['2026-11', sellerES.user.id, 'operator'],
      ['2026-11', sellerES.user.id, 'operator'],
    ]);
  });

  it('concurrent runs issue one invoice per seller, numbers without gaps', async () => {
    for (let i = 0; i < 3; i++) await saleInvoice(sellerFR, '100.00', `2026-12-1${i}`);
    await saleInvoice(sellerES, '100.00', '2026-12-15');
    await saleInvoice(sellerQuiet, '200.00', '2026-12-20');
    const runs = await Promise.all(Array.from({ length: 4 }, () => issuing.runCommission(deps(), noonParis('2027-01-01'))));
    expect(runs.reduce((n, r) => n + r.issued, 0)).toBe(3);
    const december = await ctx.db.select().from(invoices).where(eq(invoices.commissionPeriod, '2026-12-01'));
    expect(december).toHaveLength(3);
    expect(december.map((r) => r.number).sort()).toEqual(['PRM-COM-2027-00001', 'PRM-COM-2027-00002', 'PRM-COM-2027-00003']);
    // sellerFR, December: the 1 000 € invoiced on 1 December + 3 × 100 € = 1 300 € → 32,50 €.
    expect(december.find((r) => r.buyerId === sellerFR.user.id)!.net).toBe('32.50');
    expect(
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(invoiceDocuments)
          .innerJoin(invoices, eq(invoices.id, invoiceDocuments.invoiceId))
          .where(and(eq(invoices.commissionPeriod, '2026-12-01')))
      )[0]!.n,
    ).toBe(3);
  });

  it('waits with the reason when the seller lacks the VAT number a reverse charge needs, takes no number, and is issued with its lines later', async () => {
    const noVat = await signedIn(ctx, {
      category: 'supplier',
      companyName: 'Obst Berger GmbH',
      country: 'DE',
      vatId: '',
      address: 'Hafenstraße 1',
      postalCode: '20457',
    });
    await saleInvoice(noVat, '1000.00', '2026-12-03');
    expect(await issuing.runCommission(deps(), noonParis('2027-01-02'))).toEqual({ issued: 0, waiting: 1, attention: 0, renderFailed: 0, failed: 0 });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.buyerId, noVat.user.id));
    expect(row).toMatchObject({ status: 'NEEDS_DATA', number: null, needs: ['BUYER_VAT_ID_MISSING'] });
    expect((await ctx.db.select().from(operatorInvoiceCounters).where(eq(operatorInvoiceCounters.year, 2027)))[0]!.lastNumber).toBe(3);
    // Shown to the operator with the parties of its draft.
    const view = (await call(`/api/users/invoices/${row!.id}`, admin)).json<Invoice>();
    expect(view).toMatchObject({
      status: 'NEEDS_DATA',
      commissionPeriod: '2026-12',
      seller: { name: 'Primeur Trading SAS' },
      buyer: { name: 'Obst Berger GmbH' },
    });
    // The seller gives its VAT number: the retry issues the lines claimed at the run, nothing more is claimed.
    await ctx.db.execute(sql`update users set vat_id = 'DE123456789' where id = ${noVat.user.id}`);
    const retried = await issuing.retry(deps(), row!.id, '2027-01-05');
    expect(retried.row).toMatchObject({ status: 'ISSUED', number: 'PRM-COM-2027-00004', net: '25.00' });
    expect(await issuing.runCommission(deps(), noonParis('2027-01-06'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
  });
});

describe("the seller's bank account on its sale invoices", () => {
  const put = (who: Party, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/users/invoicing-settings', headers: { cookie: who.cookie }, payload });

  it('is checked, kept by the seller only, and printed as a SEPA transfer', async () => {
    expect((await put(buyer, { iban: 'FR7630006000011234567890189', bic: null, invoicePrefix: null })).statusCode).toBe(403);
    const bad = await put(sellerES, { iban: 'ES91 2100 0418 4502 0005 1333', bic: 'CAIXESBB', invoicePrefix: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: Array<{ path: string; message: string }> }>().details).toEqual([
      expect.objectContaining({ path: 'body.iban', message: 'invalidIban' }),
    ]);
    expect((await put(sellerES, { iban: 'x', bic: 'CAIXESBB', invoicePrefix: 'ab-1' })).statusCode).toBe(400);
    const ok = await put(sellerES, { iban: 'es91 2100 0418 4502 0005 1332', bic: 'caixesbbxxx', invoicePrefix: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX', invoicePrefix: null, defaultPrefix: 'AHP' });

    const { id: _id, ...rest } = template;
    const [order] = await ctx.db
      .insert(orders)
      .values({
        ...rest,
        number: 'PRM-COM-TEST-IBAN',
        productId: null,
        sellerId: sellerES.user.id,
        status: 'DELIVERED',
        pricePerKg: '1.10',
        receivedNetKg: '1000.00',
        receivedAt: new Date('2026-11-20T10:00:00Z'),
        deliveredAt: new Date('2026-11-20T10:00:00Z'),
      })
      .returning();
    const out = await issuing.issueForOrder(deps(), order!.id);
    expect(out?.result).toBe('issued');
    const [docs] = await ctx.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, out!.row.id));
    expect(fatal(validateCii(docs!.xml))).toEqual([]);
    expect(schemaErrors(docs!.xml)).toEqual([]);
    const input = out!.row.input as { payment: { iban: string | null; bic: string | null } };
    expect(input.payment).toMatchObject({ iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' });
  });
});
