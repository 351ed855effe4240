import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { todayInParis, type Invoice, type InvoicePage } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { deliveredOrder, invoiceEvents } from '../../../test/delivered-order.js';
import { invoiceCounters, invoiceDocuments, invoices, notifications, outbox } from '../../db/schema/index.js';
import * as issuing from './invoicing.issuing.js';

// Each issued invoice renders its Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let admin: Party;
let admin2: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, {
    category: 'supplier',
    companyName: 'Huerta de Almería S.L.',
    country: 'ES',
    vatId: 'ESB04111111',
    address: 'Paraje Los Llanos, s/n',
    postalCode: '04700',
  });
  buyer = await signedIn(ctx, {
    category: 'client',
    companyName: 'Primeurs de Rungis SAS',
    country: 'FR',
    vatId: 'FR23334175221',
    address: 'MIN de Rungis',
    postalCode: '94150',
  });
  admin = await signedIn(ctx, { category: 'admin' });
  admin2 = await signedIn(ctx, { category: 'admin', country: 'ES' });
  const put = await ctx.app.inject({
    method: 'PUT',
    url: '/api/users/invoicing-settings',
    headers: { cookie: seller.cookie },
    payload: { iban: '', bic: '', invoicePrefix: 'ATT' },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => ctx.close());

const deps = (): issuing.IssueDeps => ({ db: ctx.db, mailer: ctx.app.mailer, bus: ctx.app.bus, log: ctx.app.log });
const year = () => todayInParis().slice(0, 4);
const call = (method: 'GET' | 'POST', url: string, who: Party) => ctx.app.inject({ method, url, headers: { cookie: who.cookie } });
const invoiceOf = async (orderId: number) =>
  (
    await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')))
  )[0];
/** Moves the seller's invoice counter back, as a restored backup would: its next number is already used. */
const setCounter = (last: number) =>
  ctx.db
    .update(invoiceCounters)
    .set({ lastNumber: last })
    .where(and(eq(invoiceCounters.sellerCompanyId, seller.user.id), eq(invoiceCounters.kind, 'INVOICE')));
const counter = async () =>
  (
    await ctx.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.sellerCompanyId, seller.user.id), eq(invoiceCounters.kind, 'INVOICE')))
  )[0]!.lastNumber;
const attentionNotices = (invoiceId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.kind, 'invoice_attention'), sql`(${notifications.data}->>'invoiceId')::int = ${invoiceId}`));
const mailsTo = async (who: Party, subject: string) =>
  (await ctx.db.select().from(outbox).where(eq(outbox.toAddress, who.user.email))).filter((m) => m.subject === subject);
const gauge = async (reason: string) => {
  const res = await call('GET', '/metrics', admin);
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`primeur_invoices_needing_attention{reason="${reason}"}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('an invoice that cannot be issued needs attention (decision 971)', () => {
  it('a number already used stays a NEEDS_ATTENTION row, counts, fails the job, alerts the admins once, and a retry issues it with the next number', async () => {
    const first = await deliveredOrder(ctx.db, seller.user.id, buyer.user.id, 1_000, 1.5);
    const taken = await deliveredOrder(ctx.db, seller.user.id, buyer.user.id, 900, 1.5);
    expect(await invoiceEvents(deps())).toMatchObject({ issued: 2, attention: 0 });
    expect((await invoiceOf(first.id))!.number).toBe(`ATT-${year()}-00001`);
    expect((await invoiceOf(taken.id))!.number).toBe(`ATT-${year()}-00002`);
    expect(await gauge('NUMBER_CONFLICT')).toBe(0);

    await setCounter(1);
    const second = await deliveredOrder(ctx.db, seller.user.id, buyer.user.id, 800, 2);
    expect(await invoiceEvents(deps())).toMatchObject({ issued: 0, attention: 1 });
    // The admins' e-mails leave through their own events (the mail-delivery processor).
    await settle(ctx);
    const row = (await invoiceOf(second.id))!;
    expect(row).toMatchObject({ status: 'NEEDS_ATTENTION', needs: ['NUMBER_CONFLICT'], number: null });
    // The counter stands on the number found used: skipping it leaves no gap.
    expect(await counter()).toBe(2);
    expect(await gauge('NUMBER_CONFLICT')).toBe(1);

    // Each admin: one bell notice and one e-mail, in its language (by its country: FR, ES).
    for (const a of [admin, admin2]) {
      const bell = await call('GET', '/api/users/notifications', a);
      expect(bell.statusCode, bell.body).toBe(200);
      expect((bell.json() as { items: Array<{ kind: string; data: object }> }).items).toContainEqual(
        expect.objectContaining({
          kind: 'invoice_attention',
          data: expect.objectContaining({ invoiceId: row.id, attention: 'NUMBER_CONFLICT', orderNumber: second.number }),
        }),
      );
    }
    expect(await mailsTo(admin, 'Une facture demande votre attention')).toHaveLength(1);
    expect(await mailsTo(admin2, 'Una factura requiere su atención')).toHaveLength(1);
    expect(await attentionNotices(row.id)).toHaveLength(2);
    // Neither party of the sale hears of it.
    expect((await ctx.db.select().from(notifications).where(eq(notifications.kind, 'invoice_attention'))).map((n) => n.userId).sort()).toEqual(
      [admin.user.id, admin2.user.id].sort(),
    );

    // The operator's list shows the status and its reason.
    const listed = await call('GET', '/api/admin/invoices?status=NEEDS_ATTENTION', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as InvoicePage).items).toEqual([
      expect.objectContaining({ id: row.id, status: 'NEEDS_ATTENTION', needs: ['NUMBER_CONFLICT'], number: null }),
    ]);

    // The job's run is a failure on the jobs panel, with the reason in words.
    await setCounter(1);
    expect(await ctx.app.jobs.runExclusive('invoicing', { force: true })).toBe('failed');
    const jobs = (await call('GET', '/api/admin/jobs', admin)).json() as Array<{ name: string; lastOutcome: string | null; lastError: string | null }>;
    expect(jobs.find((j) => j.name === 'invoicing')).toMatchObject({
      lastOutcome: 'failed',
      lastError: expect.stringContaining('1 invoice(s) need attention'),
    });
    // The same reason again: no second notice, no second e-mail.
    expect(await attentionNotices(row.id)).toHaveLength(2);
    expect(await mailsTo(admin, 'Une facture demande votre attention')).toHaveLength(1);
    expect(await counter()).toBe(2);

    // The operator's retry takes the next number.
    const retried = await call('POST', `/api/admin/invoices/${row.id}/retry`, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'UNPAID', needs: [], number: `ATT-${year()}-00003` } satisfies Partial<Invoice>);
    expect(await gauge('NUMBER_CONFLICT')).toBe(0);
    expect(await ctx.app.jobs.runExclusive('invoicing', { force: true })).toBe('ok');
  });

  it('an unexpected error keeps the row (ISSUE_FAILED) and takes no number; the next pass issues it with the next number', async () => {
    const o = await deliveredOrder(ctx.db, seller.user.id, buyer.user.id, 500, 1.2);
    const before = await counter();
    // A fault in the database while the invoice is written (a trigger that refuses this one order).
    await ctx.db.execute(sql.raw(`create function refuse_invoice() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`));
    await ctx.db.execute(
      sql.raw(
        `create trigger refuse_invoice before update on invoices for each row when (new.status = 'ISSUED' and new.order_id = ${o.id}) execute function refuse_invoice()`,
      ),
    );
    try {
      expect(await invoiceEvents(deps())).toMatchObject({ attention: 1 });
      const row = (await invoiceOf(o.id))!;
      expect(row).toMatchObject({ status: 'NEEDS_ATTENTION', needs: ['ISSUE_FAILED'], number: null });
      expect(await counter()).toBe(before);
      expect(await gauge('ISSUE_FAILED')).toBe(1);
      expect(await attentionNotices(row.id)).toHaveLength(2);
      await issuing.runInvoicing(deps());
      expect(await attentionNotices(row.id)).toHaveLength(2);
      expect(await counter()).toBe(before);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_invoice on invoices'));
      await ctx.db.execute(sql.raw('drop function refuse_invoice()'));
    }
    // The job's pass tries the row again (the event was handled once: it left the row flagged).
    expect(await issuing.runInvoicing(deps())).toMatchObject({ issued: 1, attention: 0 });
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'ISSUED', number: `ATT-${year()}-${String(before + 1).padStart(5, '0')}` });
    expect(await gauge('ISSUE_FAILED')).toBe(0);
  });

  it('documents that cannot be rendered keep the invoice issued, fail the pass and alert the admins once', async () => {
    const o = await deliveredOrder(ctx.db, seller.user.id, buyer.user.id, 300, 1.1);
    await invoiceEvents(deps());
    const row = (await invoiceOf(o.id))!;
    const input = row.input;
    await ctx.db.delete(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, row.id));
    await ctx.db
      .update(invoices)
      .set({ input: { broken: true } })
      .where(eq(invoices.id, row.id));
    expect(await issuing.runInvoicing(deps())).toMatchObject({ renderFailed: 1 });
    expect(await issuing.runInvoicing(deps())).toMatchObject({ renderFailed: 1 });
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'ISSUED', number: row.number });
    expect((await attentionNotices(row.id)).map((n) => n.data)).toEqual([
      { invoiceId: row.id, attention: 'RENDER_FAILED' },
      { invoiceId: row.id, attention: 'RENDER_FAILED' },
    ]);
    await ctx.db.update(invoices).set({ input }).where(eq(invoices.id, row.id));
    expect(await issuing.runInvoicing(deps())).toMatchObject({ rendered: 1, renderFailed: 0 });
  });
});
