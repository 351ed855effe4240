import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { createClient } from '../../db/factories/backoffice.js';
import { wonOrder } from '../../../test/won-order.js';
import { invoices, orders } from '../../db/schema/index.js';
import * as drafts from './invoicing.drafts.js';
import * as issuing from './invoicing.issuing.js';

// Each issued invoice renders its Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 180_000 });

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let admin: Party;
let template: typeof orders.$inferSelect;
/** The buyer's back-office client record, once the second test made it. */
let recordId: number;

const ISSUE_DAY = '2026-11-20';
const deps = (): issuing.IssueDeps => ({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log });

let seq = 0;
/** A copy of a real order to `buyer`, received on `receivedOn`, then issued on ISSUE_DAY: its invoice row. */
async function invoiceOfCopy(receivedOn = ISSUE_DAY) {
  const { id: _id, ...rest } = template;
  seq++;
  const [o] = await ctx.db
    .insert(orders)
    .values({
      ...rest,
      number: `PRM-TERMS-TEST-${String(seq).padStart(4, '0')}`,
      productId: null,
      status: 'DELIVERED',
      receivedNetKg: '1000.00',
      receivedAt: new Date(`${receivedOn}T09:00:00Z`),
      deliveredAt: new Date(`${receivedOn}T09:00:00Z`),
    })
    .returning();
  const out = await issuing.issueForOrder(deps(), o!.id, ISSUE_DAY);
  expect(out?.result).toBe('issued');
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, o!.id), eq(invoices.kind, 'INVOICE')));
  const input = row!.input as { payment: { termsText: string; dueDate: string } };
  return { dueDate: row!.dueDate, termsText: input.payment.termsText, inputDueDate: input.payment.dueDate };
}

const setTerms = (clientId: number, value: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/intern/client/paymentTerms/${clientId}`, headers: { cookie: admin.cookie }, payload: { value } });

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, {
    category: 'supplier',
    companyName: 'Les Vergers du Roussillon SARL',
    country: 'FR',
    vatId: 'FR23334175221',
    address: '3 chemin des Vergers',
    postalCode: '66000',
  });
  buyer = await signedIn(ctx, {
    category: 'client',
    companyName: 'Primeurs de Rungis SAS',
    country: 'FR',
    vatId: 'FR83404833048',
    address: 'MIN de Rungis, bâtiment D4',
    postalCode: '94150',
  });
  admin = await signedIn(ctx, { category: 'admin' });
  template = await wonOrder(ctx.db, seller.user.id, buyer.user.id, 1.5);
});
afterAll(() => ctx.close());

describe("an invoice's due date follows the buyer's payment terms (decision 956)", () => {
  it('keeps 30 days from the invoice date for a buyer without a client record', async () => {
    expect(await invoiceOfCopy()).toEqual({
      dueDate: addDays(ISSUE_DAY, 30),
      inputDueDate: addDays(ISSUE_DAY, 30),
      termsText: 'Paiement à 30 jours date de facture',
    });
  });

  it("uses the terms of the buyer's client record (name matched, case ignored), in the buyer's language", async () => {
    const record = await createClient(ctx.db, { company: 'PRIMEURS DE RUNGIS SAS' });
    recordId = record.id;
    expect((await setTerms(record.id, 14)).statusCode).toBe(200);
    expect(await invoiceOfCopy()).toEqual({
      dueDate: addDays(ISSUE_DAY, 14),
      inputDueDate: addDays(ISSUE_DAY, 14),
      termsText: 'Paiement à 14 jours date de facture',
    });

    expect((await setTerms(record.id, 1)).statusCode).toBe(200);
    expect(await invoiceOfCopy()).toMatchObject({ dueDate: addDays(ISSUE_DAY, 1), termsText: 'Paiement à 1 jour date de facture' });

    expect((await setTerms(record.id, 0)).statusCode).toBe(200);
    expect(await invoiceOfCopy()).toMatchObject({ dueDate: ISSUE_DAY, termsText: 'Paiement à réception de la facture' });
  });

  it('still cuts the terms at the legal cap of 30 days after delivery, and says so', async () => {
    expect((await setTerms(recordId, 30)).statusCode).toBe(200);
    // Received 12 days before the invoice: 30 days from the invoice would be 42 after delivery.
    const receivedOn = addDays(ISSUE_DAY, -12);
    expect(await invoiceOfCopy(receivedOn)).toEqual({
      dueDate: addDays(receivedOn, 30),
      inputDueDate: addDays(receivedOn, 30),
      termsText: 'Paiement à 30 jours date de facture, au plus 30 jours après la livraison',
    });
  });
});

describe('the payment terms text in the four languages', () => {
  const text = (lng: 'en' | 'fr' | 'de' | 'es', days: number) => drafts.paymentTermsOf(lng, days, ISSUE_DAY, ISSUE_DAY, 'FR', 'FR').termsText;

  it('says the days, singular and plural, and "on receipt" for 0', () => {
    expect([0, 1, 21].map((d) => text('en', d))).toEqual([
      'Payment on receipt of the invoice',
      'Payment within 1 day of the invoice date',
      'Payment within 21 days of the invoice date',
    ]);
    expect([0, 1, 21].map((d) => text('de', d))).toEqual([
      'Zahlbar sofort nach Erhalt der Rechnung',
      'Zahlbar innerhalb von 1 Tag ab Rechnungsdatum',
      'Zahlbar innerhalb von 21 Tagen ab Rechnungsdatum',
    ]);
    expect([0, 1, 21].map((d) => text('es', d))).toEqual([
      'Pago a la recepción de la factura',
      'Pago a 1 día de la fecha de factura',
      'Pago a 21 días de la fecha de factura',
    ]);
    expect(text('fr', 21)).toBe('Paiement à 21 jours date de facture');
  });
});
