import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayInParis, type Invoice, type InvoicePage, type Statement } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { invoicePayments, invoices, orders } from '../../db/schema/index.js';
import { applyCreditNote } from './invoicing.payments.js';

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let stranger: Party;
let admin: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta de Almería S.L.', country: 'ES', vatId: 'ESB04123456' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs de Rungis SAS', country: 'FR', vatId: 'FR23334175221' });
  stranger = await signedIn(ctx, { category: 'supplier', companyName: 'Someone Else', country: 'FR', vatId: 'FR40303265045' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const post = (url: string, who: Party, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, ...headers }, payload: payload as object });
const get = (url: string, who: Party) => ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

let seq = 0;

/** An order between the seller and `to` (the invoice needs one) — the document rows are written directly. */
async function orderRow(from: Party, to: Party) {
  const party = (p: Party) => ({
    userId: p.user.id,
    companyName: p.user.companyName,
    address: 'Calle 1',
    postalCode: '04700',
    city: 'Ciudad',
    countryAlpha2: 'ES',
    countryName: 'Spain',
    vatId: p.user.vatId,
    email: p.user.email,
  });
  const [o] = await ctx.db
    .insert(orders)
    .values({
      number: `PRM-P-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
      status: 'DELIVERED',
      source: 'PURCHASE_REQUEST',
      buyerId: to.user.id,
      sellerId: from.user.id,
      buyer: party(to),
      seller: party(from),
      lot: {
        productId: 0,
        articleId: 0,
        article: { en: 'Tomato', fr: 'Tomate', de: 'Tomate', es: 'Tomate' },
        title: 'Tomate Raf',
        caliber: 'M',
        originAlpha2: 'ES',
        originName: 'Spain',
        packaging: 'box',
        photo: null,
        netKgPerPallet: 800,
        boxesPerPallet: null,
        netKgPerBox: null,
        qualityClass: null,
      },
      pallets: 1,
      pricePerKg: '1.00',
      amount: '100.00',
      incoterm: 'FCA',
      incotermPlace: 'El Ejido, ES',
      deliveryAddress: { address: 'Calle 1', postalCode: '94150', city: 'Rungis', countryAlpha2: 'FR' },
      shippedPallets: 1,
      shippedNetKg: '100.00',
      receivedPallets: 1,
      receivedNetKg: '100.00',
      shippedAt: new Date(),
      receivedAt: new Date(),
      deliveredAt: new Date(),
    })
    .returning();
  return o!;
}

/** An issued invoice of `total` € (issued `daysAgo` days ago, due in 30 days unless told). */
async function issuedInvoice(total: string, { from = seller, to = buyer, daysAgo = 5, dueIn = 30 } = {}) {
  const o = await orderRow(from, to);
  const issueDate = addDays(todayInParis(), -daysAgo);
  const [row] = await ctx.db
    .insert(invoices)
    .values({
      kind: 'INVOICE',
      status: 'ISSUED',
      number: `T-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
      sellerId: from.user.id,
      buyerId: to.user.id,
      orderId: o.id,
      issueDate,
      dueDate: addDays(issueDate, dueIn),
      net: total,
      vat: '0.00',
      total,
      input: {},
    })
    .returning();
  return row!;
}

/** A credit note on `inv`, issued today and applied the way the issuing pass applies it. */
async function creditNote(inv: typeof invoices.$inferSelect, total: string, issueDate = todayInParis()) {
  return ctx.db.transaction(async (tx) => {
    // As the issuing pass does: the invoice is locked before the credit note refers to it.
    await tx.select().from(invoices).where(eq(invoices.id, inv.id)).for('update');
    const [cn] = await tx
      .insert(invoices)
      .values({
        kind: 'CREDIT_NOTE',
        status: 'ISSUED',
        number: `C-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
        sellerId: inv.sellerId,
        buyerId: inv.buyerId,
        orderId: inv.orderId,
        claimId: 100_000 + seq,
        precedingInvoiceId: inv.id,
        issueDate,
        dueDate: issueDate,
        net: total,
        vat: '0.00',
        total,
        input: {},
      })
      .returning();
    return applyCreditNote(tx, cn!);
  });
}

const pay = (id: number, who: Party, amount: unknown, paidOn = todayInParis(), headers: Record<string, string> = {}) =>
  post(`/api/users/invoices/${id}/payments`, who, { amount, paidOn, reference: 'VIR 123' }, headers);
const read = async (id: number, who: Party = seller) => (await get(`/api/users/invoices/${id}`, who)).json() as Invoice;

describe('payments and balances', () => {
  it('partial payments leave a balance (PARTLY_PAID); the last cent makes it PAID; anything above the balance is OVERPAYMENT', async () => {
    const inv = await issuedInvoice('6464.61');
    expect(await read(inv.id)).toMatchObject({ status: 'UNPAID', paymentState: 'UNPAID', balance: 6464.61, payments: [], canRecordPayment: true });
    const first = await pay(inv.id, seller, 6000);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'PARTLY_PAID',
      balance: 464.61,
      paidAmount: 6000,
      payments: [{ amount: 6000, reference: 'VIR 123', recordedBy: { id: seller.user.id } }],
    });
    const above = await pay(inv.id, seller, 464.62);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'OVERPAYMENT', details: [{ path: 'amount' }, { path: 'balance', message: '464.61' }] });
    const last = await pay(inv.id, seller, 464.61);
    expect(last.json()).toMatchObject({ status: 'PAID', balance: 0, paidAmount: 6464.61, canRecordPayment: false });
    expect((await pay(inv.id, admin, 0.01)).json()).toMatchObject({ code: 'OVERPAYMENT' });
    const [stored] = await ctx.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(stored!.status).toBe('PAID');
    // Exact in cents: 0.1 + 0.2 paid on 0.30 settles it.
    const small = await issuedInvoice('0.30');
    await pay(small.id, seller, 0.1);
    expect((await pay(small.id, seller, 0.2)).json()).toMatchObject({ status: 'PAID', balance: 0 });
  });

  it('refuses amounts ≤ 0, not numbers, above 10^8 or with more than 2 decimals, and dates before the invoice or in the future', async () => {
    const inv = await issuedInvoice('100000000.00', { daysAgo: 3 });
    for (const bad of [0, -1, 0.001, 100_000_000.01, 'NaN', '12', null, Number.MAX_VALUE]) {
      const res = await pay(inv.id, seller, bad);
      expect(res.statusCode, `amount ${String(bad)}`).toBe(400);
      expect(res.json().code, `amount ${String(bad)}`).toBe('VALIDATION_FAILED');
    }
    const issueDate = addDays(todayInParis(), -3);
    expect((await pay(inv.id, seller, 1, addDays(issueDate, -1))).json()).toMatchObject({ code: 'PAID_BEFORE_ISSUE' });
    expect((await pay(inv.id, seller, 1, addDays(todayInParis(), 1))).json()).toMatchObject({ code: 'PAID_BEFORE_ISSUE' });
    expect((await pay(inv.id, seller, 1, '2026-02-30')).statusCode).toBe(400);
    // The limits themselves are accepted: 0.01 on the issue day, then exactly 10^8 less that on today.
    expect((await pay(inv.id, seller, 0.01, issueDate)).statusCode).toBe(200);
    expect((await pay(inv.id, seller, 99_999_999.99)).json()).toMatchObject({ status: 'PAID', balance: 0 });
    const big = await issuedInvoice('100000000.00');
    expect((await pay(big.id, seller, 100_000_000)).json()).toMatchObject({ status: 'PAID' });
    const longRef = await post(`/api/users/invoices/${big.id}/payments`, seller, { amount: 1, paidOn: todayInParis(), reference: 'x'.repeat(141) });
    expect(longRef.statusCode).toBe(400);
  });

  it('only the seller and the operator record a payment: the buyer 403, anyone else 404', async () => {
    const inv = await issuedInvoice('50.00');
    expect((await pay(inv.id, buyer, 10)).statusCode).toBe(403);
    expect((await pay(inv.id, stranger, 10)).statusCode).toBe(404);
    expect((await get(`/api/users/invoices/${inv.id}`, stranger)).statusCode).toBe(404);
    const byAdmin = await post(`/api/admin/invoices/${inv.id}/payments`, admin, { amount: 10, paidOn: todayInParis() });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((byAdmin.json() as Invoice).payments[0]).toMatchObject({ amount: 10, reference: '', recordedBy: { id: admin.user.id } });
    expect((await post(`/api/admin/invoices/${inv.id}/payments`, seller, { amount: 10, paidOn: todayInParis() })).statusCode).toBe(403);
  });

  it('a retried request with the same Idempotency-Key is recorded once; the key with another body is refused', async () => {
    const inv = await issuedInvoice('80.00');
    const key = { 'idempotency-key': 'pay-7f3c2a91-retry' };
    const [a, b] = await Promise.all([pay(inv.id, seller, 30, todayInParis(), key), pay(inv.id, seller, 30, todayInParis(), key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await pay(inv.id, seller, 30, todayInParis(), key)).json()).toMatchObject({ balance: 50 });
    expect(await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv.id))).toHaveLength(1);
    expect((await pay(inv.id, seller, 31, todayInParis(), key)).statusCode).toBe(422);
    expect((await pay(inv.id, seller, 30, todayInParis(), { 'idempotency-key': 'no' })).statusCode).toBe(400);
  });

  it('the list filters by payment state', async () => {
    const unpaid = await issuedInvoice('10.00');
    const partly = await issuedInvoice('10.00');
    const paid = await issuedInvoice('10.00');
    const overdue = await issuedInvoice('10.00', { daysAgo: 40, dueIn: 30 });
    await pay(partly.id, seller, 4);
    await pay(paid.id, seller, 10);
    await pay(overdue.id, seller, 1);
    const ids = async (status: string) =>
      ((await get(`/api/users/invoices?side=issued&size=100&status=${status}`, seller)).json() as InvoicePage).items.map((i) => i.id);
    expect(await ids('UNPAID')).toContain(unpaid.id);
    expect(await ids('UNPAID')).not.toContain(partly.id);
    expect(await ids('PARTLY_PAID')).toContain(partly.id);
    expect(await ids('PARTLY_PAID')).not.toContain(overdue.id);
    expect(await ids('PAID')).toContain(paid.id);
    expect(await ids('OVERDUE')).toContain(overdue.id);
    for (const s of ['UNPAID', 'PARTLY_PAID', 'PAID', 'OVERDUE']) {
      const page = (await get(`/api/users/invoices?side=issued&size=100&status=${s}`, seller)).json() as InvoicePage;
      expect(page.items.every((i) => i.status === s)).toBe(true);
    }
    expect((await get('/api/users/invoices?status=PARTLY', seller)).statusCode).toBe(400);
  });
});

describe('credit notes', () => {
  it('on an unpaid invoice a credit note lowers its balance (APPLIED); it takes no payment', async () => {
    const inv = await issuedInvoice('500.00');
    const cn = await creditNote(inv, '120.50');
    expect(cn.creditApplied).toBe('120.50');
    expect(await read(cn.id)).toMatchObject({ status: 'APPLIED', balance: 0, creditApplied: 120.5, canRecordPayment: false });
    expect(await read(inv.id)).toMatchObject({ status: 'UNPAID', balance: 379.5, creditApplied: 120.5 });
    expect((await pay(cn.id, seller, 1)).json()).toMatchObject({ code: 'INVOICE_NOT_PAYABLE' });
    expect((await pay(inv.id, seller, 379.51)).json()).toMatchObject({ code: 'OVERPAYMENT' });
    expect((await pay(inv.id, seller, 379.5)).json()).toMatchObject({ status: 'PAID', balance: 0 });
    const list = (await get('/api/users/invoices?side=issued&size=100&status=APPLIED', seller)).json() as InvoicePage;
    expect(list.items.map((i) => i.id)).toContain(cn.id);
  });

  it('on a paid invoice it is a refund due until the seller records the refund; on a partly paid one the rest only', async () => {
    const inv = await issuedInvoice('300.00');
    await pay(inv.id, seller, 300);
    const cn = await creditNote(inv, '45.00');
    expect(await read(cn.id)).toMatchObject({ status: 'REFUND_DUE', balance: 45, creditApplied: 0, canRecordPayment: true });
    expect(await read(cn.id, buyer)).toMatchObject({ status: 'REFUND_DUE', canRecordPayment: false });
    expect(await read(inv.id)).toMatchObject({ status: 'PAID', balance: 0 });
    expect((await pay(cn.id, seller, 45.01)).json()).toMatchObject({
      code: 'OVERPAYMENT',
      details: [{ path: 'amount' }, { path: 'balance', message: '45.00' }],
    });
    expect((await pay(cn.id, seller, 45)).json()).toMatchObject({ status: 'REFUNDED', balance: 0, paidAmount: 45 });

    const part = await issuedInvoice('100.00');
    await pay(part.id, seller, 70);
    const cn2 = await creditNote(part, '50.00');
    expect(await read(cn2.id)).toMatchObject({ status: 'REFUND_DUE', balance: 20, creditApplied: 30 });
    expect(await read(part.id)).toMatchObject({ status: 'PAID', balance: 0, creditApplied: 30 });
    const [stored] = await ctx.db.select().from(invoices).where(eq(invoices.id, part.id));
    expect(stored!.status).toBe('PAID');
  });
});

describe('concurrency', () => {
  it('concurrent payments and credit notes on one invoice never push its balance below zero', async () => {
    const inv = await issuedInvoice('100.00');
    const [answers, notes] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => pay(inv.id, seller, 30))),
      Promise.all([creditNote(inv, '25.00'), creditNote(inv, '25.00')]),
    ]);
    expect(notes).toHaveLength(2);
    const okPayments = answers.filter((r) => r.statusCode === 200).length;
    const refused = answers.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'OVERPAYMENT' });
    const paid = await ctx.db.execute(sql`select coalesce(sum(amount), 0)::text as s from invoice_payments where invoice_id = ${inv.id}`);
    const applied = await ctx.db.execute(
      sql`select coalesce(sum(credit_applied), 0)::text as s, coalesce(sum(total), 0)::text as t from invoices where preceding_invoice_id = ${inv.id}`,
    );
    const paidCents = Math.round(Number((paid.rows[0] as { s: string }).s) * 100);
    const appliedCents = Math.round(Number((applied.rows[0] as { s: string }).s) * 100);
    expect(paidCents).toBe(okPayments * 3000);
    expect(paidCents + appliedCents).toBeLessThanOrEqual(10_000);
    const shown = await read(inv.id);
    expect(shown.balance).toBe((10_000 - paidCents - appliedCents) / 100);
    expect(shown.balance!).toBeGreaterThanOrEqual(0);
    // The credit notes' parts not applied are refunds due, never lost: applied + due = 50 €.
    const shownNotes = await Promise.all(notes.map((n) => read(n.id)));
    expect(shownNotes.reduce((s, n) => s + Math.round(n.balance! * 100) + Math.round(n.creditApplied! * 100), 0)).toBe(5000);
  });
});

describe('statement of account', () => {
  it('lists invoices, credit notes, payments and refunds in date order with a running balance, as JSON, CSV and PDF', async () => {
    const a = await signedIn(ctx, { category: 'supplier', companyName: 'Müller Frischdienst GmbH', country: 'DE', vatId: 'DE123456789' });
    const b = await signedIn(ctx, { category: 'supplier', companyName: 'Øresund Frugt ApS', country: 'DK', vatId: 'DK12345678' });
    const inv1 = await issuedInvoice('1000.00', { from: a, to: b, daysAgo: 20 });
    const inv2 = await issuedInvoice('250.50', { from: b, to: a, daysAgo: 10 });
    await pay(inv1.id, a, 1000, addDays(todayInParis(), -15));
    const cn = await creditNote(inv1, '100.00', addDays(todayInParis(), -12));
    await pay(cn.id, a, 100, addDays(todayInParis(), -2));
    await pay(inv2.id, b, 50.5, addDays(todayInParis(), -1));

    const res = await get(`/api/users/statements?counterparty=${b.user.id}`, a);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Statement;
    expect(s.entries.map((e) => [e.type, e.direction, e.debit, e.credit, e.balance])).toEqual([
      ['INVOICE', 'issued', 1000, null, 1000],
      ['PAYMENT', 'issued', null, 1000, 0],
      ['CREDIT_NOTE', 'issued', null, 100, -100],
      ['INVOICE', 'received', null, 250.5, -350.5],
      ['REFUND', 'issued', 100, null, -250.5],
      ['PAYMENT', 'received', 50.5, null, -200],
    ]);
    expect(s).toMatchObject({
      openingBalance: 0,
      closingBalance: -200,
      totalDebit: 1150.5,
      totalCredit: 1350.5,
      company: { id: a.user.id },
      counterparty: { id: b.user.id },
    });
    // The other side reads the same history with the opposite sign.
    expect(((await get(`/api/users/statements?counterparty=${a.user.id}`, b)).json() as Statement).closingBalance).toBe(200);
    // A period: what came before is the opening balance.
    const from = addDays(todayInParis(), -11);
    const period = (await get(`/api/users/statements?counterparty=${b.user.id}&from=${from}&to=${addDays(todayInParis(), -2)}`, a)).json() as Statement;
    expect(period.openingBalance).toBe(-100);
    expect(period.entries.map((e) => e.type)).toEqual(['INVOICE', 'REFUND']);
    expect(period.closingBalance).toBe(-250.5);
    expect((await get(`/api/users/statements?counterparty=${b.user.id}&from=${todayInParis()}&to=${addDays(todayInParis(), -1)}`, a)).statusCode).toBe(400);

    // Nobody else learns anything; the operator reads any pair.
    expect((await get(`/api/users/statements?counterparty=${b.user.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/users/statements?counterparty=${stranger.user.id}`, a)).statusCode).toBe(404);
    expect((await get(`/api/users/statements?counterparty=${a.user.id}`, a)).statusCode).toBe(404);
    expect((await get(`/api/users/statements?counterparty=abc`, a)).statusCode).toBe(400);
    const op = await get(`/api/admin/statements?company=${b.user.id}&counterparty=${a.user.id}`, admin);
    expect(op.statusCode).toBe(200);
    expect((op.json() as Statement).closingBalance).toBe(200);
    expect((await get(`/api/admin/statements?company=${b.user.id}&counterparty=${a.user.id}`, a)).statusCode).toBe(403);

    const csvFr = await get(`/api/users/statements.csv?counterparty=${b.user.id}&lang=fr`, a);
    expect(csvFr.headers['content-type']).toBe('text/csv; charset=utf-8');
    const frLines = csvFr.body.split('\r\n');
    expect(frLines[0]).toBe('\ufeffDate;Écriture;Document;Référence;Débit;Crédit;Solde');
    expect(frLines).toContain(`${JSON.stringify(addDays(todayInParis(), -10))};"Facture reçue";"${inv2.number}";"";;250,50;-350,50`);
    expect(frLines.at(-2)).toBe(`"${todayInParis()}";"Solde de clôture";;;;;-200,00`);
    const csvEn = await get(`/api/users/statements.csv?counterparty=${b.user.id}&lang=en`, a);
    expect(csvEn.body.split('\r\n')[0]).toBe('\ufeffDate,Entry,Document,Reference,Debit,Credit,Balance');
    expect(csvEn.body).toContain(',,250.50,-350.50');

    const pdf = await get(`/api/users/statements.pdf?counterparty=${b.user.id}&lang=de`, a);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.STATEMENT_PDF_OUT) {
      // For a look at the layout: STATEMENT_PDF_OUT=/tmp/statement.pdf, then pdftoppm.
      (await import('node:fs')).writeFileSync(process.env.STATEMENT_PDF_OUT, pdf.rawPayload);
    }
  });
});

describe('the migration of recorded payments (0025)', () => {
  it('moves each paid invoice’s payment into a row, applies credit notes up to what was left, and sets PAID by the balance', async () => {
    const full = await issuedInvoice('200.00');
    const partial = await issuedInvoice('6464.61');
    const paidBeforeCredit = await issuedInvoice('300.00');
    // As the old code left them: PAID with paid_on/paid_amount, credit notes without an applied part.
    const cn = await creditNote(paidBeforeCredit, '40.00');
    const legacy = { status: 'PAID' as const, paidOn: todayInParis(), paidBy: seller.user.id };
    await ctx.db
      .update(invoices)
      .set({ ...legacy, paidAmount: '200.00' })
      .where(eq(invoices.id, full.id));
    await ctx.db
      .update(invoices)
      .set({ ...legacy, paidAmount: '6000.00' })
      .where(eq(invoices.id, partial.id));
    await ctx.db
      .update(invoices)
      .set({ ...legacy, paidAmount: '300.00' })
      .where(eq(invoices.id, paidBeforeCredit.id));
    await ctx.db.update(invoices).set({ creditApplied: null }).where(eq(invoices.id, cn.id));
    await ctx.db.delete(invoicePayments).where(sql`${invoicePayments.invoiceId} in (${full.id}, ${partial.id}, ${paidBeforeCredit.id})`);

    const file = path.resolve(import.meta.dirname, '../../../drizzle/0027_invoice_payments_data.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));

    expect(await read(full.id)).toMatchObject({
      status: 'PAID',
      balance: 0,
      payments: [{ amount: 200, paidOn: todayInParis(), recordedBy: { id: seller.user.id } }],
    });
    expect(await read(partial.id)).toMatchObject({ status: 'PARTLY_PAID', balance: 464.61, paidAmount: 6000 });
    expect(await read(cn.id)).toMatchObject({ status: 'REFUND_DUE', balance: 40, creditApplied: 0 });
    const [p] = await ctx.db.select().from(invoices).where(eq(invoices.id, partial.id));
    expect(p).toMatchObject({ status: 'ISSUED', paidOn: null, paidAmount: null });
  });
});
