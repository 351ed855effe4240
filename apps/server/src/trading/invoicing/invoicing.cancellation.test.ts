import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { todayInParis, type Invoice } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { wonOrderId } from '../../../test/won-order.js';
import { invoiceEvents } from '../../../test/delivered-order.js';
import { claims, invoiceDocuments, invoices } from '../../db/schema/index.js';
import { multipart } from '../../../test/multipart.js';
import { encodePng } from '../../lib/png.js';
import * as issuing from './invoicing.issuing.js';
import { reconcile } from './invoicing.reconciliation.js';
import { userQueueTopic } from '../../realtime/user-destinations.js';

// Each issue renders a Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

/**
 * Cancellation after invoicing (issue 32 §5, decision 966). wonOrderId's lots are 4 pallets of 800 kg
 * at 1,50 €/kg: shipped and received 3 200 kg, an invoice of 4 800,00 € (ES seller, FR buyer: reverse charge).
 */
let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let admin: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta de Almería S.L.', country: 'ES', vatId: 'ESB04123456', postalCode: '04700' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs de Rungis SAS', country: 'FR', vatId: 'FR23334175221', postalCode: '94150' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const deps = (): issuing.IssueDeps => ({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log });
const call = (url: string, who: Party, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload: payload as object });
const read = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/users/invoices/${id}`, headers: { cookie: seller.cookie } })).json() as Invoice;
/** What the app does after the steps' commits: the invoicing processor on their events, then the job's pass. */
const invoicingTick = async () => {
  await invoiceEvents(deps());
  await issuing.runInvoicing(deps());
};
const cancel = (orderId: number) => call(`/api/admin/orders/${orderId}/cancel`, admin, { reason: 'Marchandise refusée, vente annulée' });
const pay = (id: number, amount: number) => call(`/api/users/invoices/${id}/payments`, seller, { amount, paidOn: todayInParis(), reference: 'VIR 42' });

/** A delivered order (received `netKg` of the 3 200 kg shipped), its invoice issued. */
async function invoiced(netKg = 3200) {
  const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5);
  const shipped = await call(`/api/users/orders/${orderId}/ship`, seller, { pallets: 4, netKg: 3200, departureDate: todayInParis(), vehiclePlate: '1234-BCD' });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const received = await call(`/api/users/orders/${orderId}/receive`, buyer, { pallets: 4, netKg });
  expect(received.statusCode, received.body).toBe(200);
  expect((await issuing.issueForOrder(deps(), orderId))?.result).toBe('issued');
  const [invoice] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')));
  return { orderId, invoice: invoice! };
}

const creditNotesOf = (orderId: number) =>
  ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'CREDIT_NOTE')))
    .orderBy(invoices.id);

const violationsOf = async (orderId: number, invoiceId: number) =>
  (await reconcile(ctx.db)).violations.filter(
    (v) => (v.subject.type === 'order' && v.subject.id === orderId) || (v.subject.type === 'invoice' && v.subject.id === invoiceId),
  );

describe('cancelling an invoiced order', () => {
  it('issues a credit note of the full total: the invoice balance falls to 0 and the books balance', async () => {
    const { orderId, invoice } = await invoiced();
    expect(invoice.total).toBe('4800.00');
    const res = await cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('CANCELLED');
    const notes = await creditNotesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ status: 'ISSUED', creditReason: 'CANCELLATION', claimId: null, precedingInvoiceId: invoice.id, total: '4800.00' });
    expect(notes[0]!.number).toMatch(/-CN-\d{4}-\d+$/);
    // Its documents follow the cancellation's event (the invoicing processor), not the request.
    const documentsOf = (id: number) => ctx.db.select({ id: invoiceDocuments.invoiceId }).from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, id));
    expect(await documentsOf(notes[0]!.id)).toEqual([]);
    await invoiceEvents(deps());
    expect(await documentsOf(notes[0]!.id)).toHaveLength(1);
    expect(await read(invoice.id)).toMatchObject({ paymentState: 'PAID', balance: 0, canRecordPayment: false });
    expect(await read(notes[0]!.id)).toMatchObject({ paymentState: 'APPLIED', balance: 0 });
    expect(await violationsOf(orderId, invoice.id)).toEqual([]);
    // Nothing on it can be paid: 409, not an overpayment.
    const paid = await pay(invoice.id, 1);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    // A later invoicing pass adds nothing.
    await invoicingTick();
    expect(await creditNotesOf(orderId)).toHaveLength(1);
  });

  it('after a partial payment, the paid part becomes a refund due on the credit note', async () => {
    const { orderId, invoice } = await invoiced();
    expect((await pay(invoice.id, 1000.01)).statusCode).toBe(200);
    expect((await cancel(orderId)).statusCode).toBe(200);
    const [note] = await creditNotesOf(orderId);
    expect(note).toMatchObject({ total: '4800.00', creditApplied: '3799.99' });
    expect(await read(invoice.id)).toMatchObject({ paymentState: 'PAID', balance: 0 });
    expect(await read(note!.id)).toMatchObject({ paymentState: 'REFUND_DUE', balance: 1000.01, canRecordPayment: true });
    // The refund is paid on the credit note, not on the invoice.
    expect((await pay(note!.id, 1000.01)).statusCode).toBe(200);
    expect(await read(note!.id)).toMatchObject({ paymentState: 'REFUNDED', balance: 0 });
    expect(await violationsOf(orderId, invoice.id)).toEqual([]);
  });

  it('after a settled claim, credits only the remainder', async () => {
    // 2 000 kg received of 3 200 shipped: beyond the tolerance, invoiced on the shipped weight (4 800 €) with a weight claim of 1 800 €.
    const { orderId, invoice } = await invoiced(2000);
    expect(invoice.total).toBe('4800.00');
    const [claim] = await ctx.db.select().from(claims).where(eq(claims.orderId, orderId));
    const accepted = await call(`/api/users/orders/${orderId}/claims/${claim!.id}/accept`, seller, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await issuing.issueForClaim(deps(), claim!.id))?.result).toBe('issued');
    expect((await cancel(orderId)).statusCode).toBe(200);
    const notes = await creditNotesOf(orderId);
    expect(notes.map((n) => [n.creditReason, n.total])).toEqual([
      ['CLAIM', '1800.00'],
      ['CANCELLATION', '3000.00'],
    ]);
    expect(await read(invoice.id)).toMatchObject({ paymentState: 'PAID', balance: 0 });
    expect(await violationsOf(orderId, invoice.id)).toEqual([]);
  });

  it('closes a claim still open, with no credit, and refuses a new claim or a claim step (ORDER_CANCELLED)', async () => {
    const { orderId, invoice } = await invoiced(2000);
    const [open] = await ctx.db.select().from(claims).where(eq(claims.orderId, orderId));
    expect(open!.status).toBe('OPEN');
    expect((await cancel(orderId)).statusCode).toBe(200);
    const [closed] = await ctx.db.select().from(claims).where(eq(claims.id, open!.id));
    expect(closed).toMatchObject({ status: 'SETTLED', settledCredit: '0.00' });
    // The cancellation's credit note covers the whole invoice; the closed claim gets none.
    const notes = await creditNotesOf(orderId);
    expect(notes.map((n) => [n.creditReason, n.total])).toEqual([['CANCELLATION', '4800.00']]);
    await invoicingTick();
    expect(await creditNotesOf(orderId)).toHaveLength(1);
    const step = await call(`/api/users/orders/${orderId}/claims/${open!.id}/accept`, seller, {});
    expect(step.statusCode).toBe(409);
    expect(step.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    const claim = { reasons: ['DECAY'], pallets: 1, description: 'Une palette avec pourriture.', creditAsked: 100 };
    const photo = { field: 'photos', filename: 'a.png', content: encodePng(4, 4, () => [200, 60, 40]), contentType: 'image/png' };
    const body = multipart({ data: JSON.stringify(claim) }, [photo]);
    const filed = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/orders/${orderId}/claims`,
      headers: { ...body.headers, cookie: buyer.cookie },
      payload: body.payload,
    });
    expect(filed.statusCode).toBe(409);
    expect(filed.json()).toMatchObject({ code: 'ORDER_CANCELLED' });
    expect(await violationsOf(orderId, invoice.id)).toEqual([]);
  });

  it('a credit note that cannot be issued leaves the cancellation standing; the admins are told, their bell rung from the event', async () => {
    const { orderId } = await invoiced();
    await ctx.db.execute(sql.raw(`create function refuse_credit() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`));
    await ctx.db.execute(
      sql.raw(
        `create trigger refuse_credit before update on invoices for each row when (new.status = 'ISSUED' and new.kind = 'CREDIT_NOTE' and new.order_id = ${orderId}) execute function refuse_credit()`,
      ),
    );
    const rung: string[] = [];
    const stop = await ctx.app.bus.subscribe(userQueueTopic(admin.user.id, 'notifications'), (payload) => void rung.push(payload));
    try {
      expect((await cancel(orderId)).statusCode).toBe(200);
      const [note] = await creditNotesOf(orderId);
      expect(note).toMatchObject({ status: 'NEEDS_ATTENTION', needs: ['ISSUE_FAILED'], number: null });
      expect(rung).toEqual([]);
      await invoiceEvents({ ...deps(), bus: ctx.app.bus });
      await expect.poll(() => rung.map((m) => (JSON.parse(m) as { kind: string; data: { invoiceId: number } }).data.invoiceId)).toEqual([note!.id]);
    } finally {
      await stop();
      await ctx.db.execute(sql.raw('drop trigger refuse_credit on invoices'));
      await ctx.db.execute(sql.raw('drop function refuse_credit()'));
    }
    // The job's pass issues it once the fault is gone; its documents with it.
    await issuing.runInvoicing(deps());
    const [issued] = await creditNotesOf(orderId);
    expect(issued).toMatchObject({ status: 'ISSUED', total: '4800.00' });
  });

  it('two concurrent cancellations make one credit note', async () => {
    const { orderId, invoice } = await invoiced();
    const answers = await Promise.all([cancel(orderId), cancel(orderId), cancel(orderId)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });
    const notes = await creditNotesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.total).toBe('4800.00');
    expect(await violationsOf(orderId, invoice.id)).toEqual([]);
  });
});

describe('cancelling before the invoice', () => {
  it('a delivered order cancelled before the invoicing pass is never invoiced', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5);
    expect(
      (await call(`/api/users/orders/${orderId}/ship`, seller, { pallets: 4, netKg: 3200, departureDate: todayInParis(), vehiclePlate: '1234-BCD' }))
        .statusCode,
    ).toBe(200);
    expect((await call(`/api/users/orders/${orderId}/receive`, buyer, { pallets: 4, netKg: 3200 })).statusCode).toBe(200);
    expect((await cancel(orderId)).statusCode).toBe(200);
    await invoicingTick();
    expect(await issuing.issueForOrder(deps(), orderId)).toBeNull();
    expect(await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
  });

  it('an invoice waiting for data is removed by the cancellation and never issued', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5);
    expect(
      (await call(`/api/users/orders/${orderId}/ship`, seller, { pallets: 4, netKg: 3200, departureDate: todayInParis(), vehiclePlate: '1234-BCD' }))
        .statusCode,
    ).toBe(200);
    expect((await call(`/api/users/orders/${orderId}/receive`, buyer, { pallets: 4, netKg: 3200 })).statusCode).toBe(200);
    // A waiting row, as the pass leaves one when a VAT number is missing.
    await ctx.db
      .insert(invoices)
      .values({ kind: 'INVOICE', status: 'NEEDS_DATA', needs: ['BUYER_VAT_ID_MISSING'], orderId, sellerId: seller.user.id, buyerId: buyer.user.id });
    expect((await cancel(orderId)).statusCode).toBe(200);
    await invoicingTick();
    expect(await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
  });
});
