import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, todayInParis, type ReconciliationReport, type ReconciliationRule } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { commissionSettings, noonParis } from '../../../test/commission.js';
import { wonOrderId } from '../../../test/won-order.js';
import { invoiceEvents } from '../../../test/delivered-order.js';
import type { Tx } from '../../db/client.js';
import { commissionCoverage, invoiceCounters, invoicePayments, invoices, orders } from '../../db/schema/index.js';
import * as issuing from './invoicing.issuing.js';
import { COMMISSION_GRACE_MS, INVOICE_GRACE_MS, reconcile, reconcileIn } from './invoicing.reconciliation.js';

// Issuing renders Factur-X PDFs (about a second each on a busy machine).
vi.setConfig({ testTimeout: 180_000 });

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let admin: Party;
/** Orders of the honest history: delivered and invoiced, one of them paid; one cancelled before shipping. */
const order = { invoiced: 0, paid: 0, cancelled: 0 };

const deps = (): issuing.IssueDeps => ({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log, commission: commissionSettings });
const post = (url: string, who: Party, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

/** The first day of next month (Paris): the commission of this month is charged then. */
const today = todayInParis();
const nextMonth = `${addDays(`${today.slice(0, 8)}01`, 40).slice(0, 8)}01`;
/** When the books are checked: this month's commission charged, past its grace. */
const checkedAt = new Date(noonParis(nextMonth) + 2 * COMMISSION_GRACE_MS);

async function delivered(price: number, kg: number) {
  const id = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, price, kg / 4);
  const shipped = await post(`/api/users/orders/${id}/ship`, seller, { pallets: 4, netKg: kg, departureDate: today, vehiclePlate: 'GH-214-PX' });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const received = await post(`/api/users/orders/${id}/receive`, buyer, { pallets: 4, netKg: kg });
  expect(received.statusCode, received.body).toBe(200);
  return id;
}

const saleInvoiceOf = async (tx: Tx | TestContext['db'], orderId: number) =>
  (
    await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')))
  )[0]!;

class Rollback extends Error {}
/** Breaks the books in a transaction, reads what the checker says inside it, then rolls it all back. */
async function whenBroken(change: (tx: Tx) => Promise<void>, opts: { at?: Date; commission?: boolean } = {}): Promise<ReconciliationReport> {
  let report: ReconciliationReport | undefined;
  await ctx.db
    .transaction(async (tx) => {
      await change(tx);
      report = await reconcileIn(tx, { at: checkedAt, commission: true, ...opts });
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return report!;
}
const rulesOf = (r: ReconciliationReport) => [...new Set(r.violations.map((x) => x.rule))];
const only = (r: ReconciliationReport, rule: ReconciliationRule) => {
  expect(rulesOf(r), JSON.stringify(r.violations)).toEqual([rule]);
  return r.violations;
};

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, {
    category: 'supplier',
    companyName: 'Huerta Sur S.L.',
    country: 'ES',
    vatId: 'ESB12345678',
    address: 'Calle Mayor 1',
    postalCode: '04001',
  });
  buyer = await signedIn(ctx, {
    category: 'client',
    companyName: 'Primeurs Lyonnais',
    country: 'FR',
    vatId: 'FR98765432109',
    address: '1 quai',
    postalCode: '69001',
  });
  admin = await signedIn(ctx, { category: 'admin' });

  order.invoiced = await delivered(1.62, 3000);
  order.paid = await delivered(2.1, 1234.56);
  order.cancelled = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.8);
  expect((await post(`/api/users/orders/${order.cancelled}/cancel`, buyer, { reason: 'Our cold room is under repair.' })).statusCode).toBe(200);
  expect((await invoiceEvents(deps())).issued).toBe(2);
  const paid = await saleInvoiceOf(ctx.db, order.paid);
  const res = await post(`/api/users/invoices/${paid.id}/paid`, seller, { paidOn: today, amount: Number(paid.total) });
  expect(res.statusCode, res.body).toBe(200);
  expect((await issuing.runCommission(deps(), noonParis(nextMonth))).issued).toBe(1);
});
afterAll(() => ctx.close());

describe('the reconciliation', () => {
  it('finds nothing wrong in an honest history, with and without commission', async () => {
    expect(await reconcile(ctx.db, { at: checkedAt, commission: true })).toEqual({ checkedAt: checkedAt.toISOString(), violations: [] });
    expect((await reconcile(ctx.db)).violations).toEqual([]);
  });

  it('migration 0030 covers the sale invoices of the orders a monthly run charged by delivery month with what their lines charged', async () => {
    // Before the migration: the month's commission invoice and its lines, no coverage. The backfill
    // must find again, from the orders' delivery month and the lines' order numbers, what the run claimed.
    const sqlFile = readFileSync(new URL('../../../drizzle/0030_commission_coverage_backfill.sql', import.meta.url), 'utf8');
    const backfill = sqlFile.slice(sqlFile.indexOf('INSERT INTO "commission_coverage"'));
    const claimed = await ctx.db.select().from(commissionCoverage).orderBy(commissionCoverage.saleInvoiceId);
    expect(claimed).toHaveLength(2);
    let found: (typeof claimed)[number][] = [];
    await ctx.db
      .transaction(async (tx) => {
        await tx.delete(commissionCoverage);
        await tx.execute(sql.raw(backfill));
        found = await tx.select().from(commissionCoverage).orderBy(commissionCoverage.saleInvoiceId);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    const shape = (rows: typeof claimed) => rows.map((c) => [c.saleInvoiceId, c.commissionInvoiceId, c.period, c.base, c.percent, c.commission]);
    expect(shape(found)).toEqual(shape(claimed));
  });

  it('names a delivered order without a sale invoice once its grace has passed, and one whose invoice differs from its amount', async () => {
    const late = await delivered(1.5, 1000);
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, late));
    const justAfter = new Date(o!.deliveredAt!.getTime() + INVOICE_GRACE_MS - 60_000);
    expect((await reconcile(ctx.db, { at: justAfter })).violations).toEqual([]);
    const report = await reconcile(ctx.db, { at: new Date(o!.deliveredAt!.getTime() + INVOICE_GRACE_MS + 60_000) });
    expect(only(report, 'ORDER_INVOICED')).toEqual([
      { rule: 'ORDER_INVOICED', subject: { type: 'order', id: late }, detail: expect.stringContaining('has no sale invoice') as string },
    ]);
    expect((await issuing.issueForOrder(deps(), late))?.result).toBe('issued');
    // Its commission: a follow-up of this month's (the month's run has passed).
    expect((await issuing.runCommission(deps(), noonParis(nextMonth))).issued).toBe(1);

    const wrong = await whenBroken(async (tx) => {
      await tx.update(orders).set({ amount: '1.00' }).where(eq(orders.id, order.invoiced));
    });
    expect(only(wrong, 'ORDER_INVOICED').map((x) => x.subject)).toEqual([{ type: 'order', id: order.invoiced }]);
  });

  it('names an invoice waiting for data only after the grace period', async () => {
    const stuck = async (tx: Tx) => {
      const inv = await saleInvoiceOf(tx, order.invoiced);
      await tx
        .update(invoices)
        .set({ status: 'NEEDS_DATA', needs: ['BUYER_VAT_ID_MISSING'] })
        .where(eq(invoices.id, inv.id));
    };
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, order.invoiced));
    const within = await whenBroken(stuck, { at: new Date(o!.deliveredAt!.getTime() + INVOICE_GRACE_MS / 2), commission: false });
    expect(within.violations.filter((x) => x.rule === 'ORDER_INVOICED')).toEqual([]);
    const after = await whenBroken(stuck, { at: new Date(o!.deliveredAt!.getTime() + INVOICE_GRACE_MS + 60_000), commission: false });
    const named = after.violations.filter((x) => x.rule === 'ORDER_INVOICED');
    expect(named).toEqual([
      expect.objectContaining({ subject: { type: 'order', id: order.invoiced }, detail: expect.stringContaining('BUYER_VAT_ID_MISSING') }),
    ]);
  });

  it('names an invoice whose credit notes exceed its total', async () => {
    const inv = await saleInvoiceOf(ctx.db, order.invoiced);
    const report = await whenBroken(async (tx) => {
      // The next number of the seller's credit-note series (decision 970), so that only the credit is wrong.
      const year = Number(today.slice(0, 4));
      const [counter] = await tx
        .insert(invoiceCounters)
        .values({ sellerCompanyId: seller.user.id, kind: 'CREDIT_NOTE', year, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [invoiceCounters.sellerCompanyId, invoiceCounters.kind, invoiceCounters.year],
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning();
      const next = counter!.lastNumber;
      await tx.insert(invoices).values({
        kind: 'CREDIT_NOTE',
        status: 'ISSUED',
        number: inv.number!.replace(/-(\d{4})-\d+$/, (_, y: string) => `-CN-${y}-${String(next).padStart(5, '0')}`),
        orderId: order.invoiced,
        claimId: 999_999,
        precedingInvoiceId: inv.id,
        sellerId: seller.user.id,
        buyerId: buyer.user.id,
        issueDate: today,
        dueDate: today,
        net: '4860.01',
        vat: '0.00',
        total: '4860.01',
        input: {},
      });
    });
    expect(inv.total).toBe('4860.00');
    expect(only(report, 'CREDITS_WITHIN_TOTAL')).toEqual([
      { rule: 'CREDITS_WITHIN_TOTAL', subject: { type: 'invoice', id: inv.id }, detail: expect.stringContaining('4860.01') as string },
    ]);
  });

  it('names a gap in a seller’s series and a counter that disagrees, and a gap in the operator’s', async () => {
    const inv = await saleInvoiceOf(ctx.db, order.invoiced);
    const [counter] = await ctx.db
      .select()
      .from(invoiceCounters)
      .where(
        and(eq(invoiceCounters.sellerCompanyId, seller.user.id), eq(invoiceCounters.kind, 'INVOICE'), eq(invoiceCounters.year, Number(today.slice(0, 4)))),
      );
    const last = counter!.lastNumber;
    // Number 1 given again as last + 1: 1 is missing, and the counter says last.
    const skipped = await whenBroken(async (tx) => {
      await tx
        .update(invoices)
        .set({ number: inv.number!.replace(/\d+$/, String(last + 1).padStart(5, '0')) })
        .where(eq(invoices.id, inv.id));
    });
    expect(only(skipped, 'NUMBERS_IN_SERIES').map((x) => [x.subject, x.detail])).toEqual([
      [{ type: 'seller', id: seller.user.id }, `seller ${seller.user.id}'s series INVOICE ${counter!.year}: counter at ${last}, last number given ${last + 1}`],
      [{ type: 'seller', id: seller.user.id }, `seller ${seller.user.id}'s series INVOICE ${counter!.year}: missing 1`],
    ]);
    const operator = await whenBroken(async (tx) => {
      // The first of the two commission invoices renumbered 3 (the counter following): 1 is missing.
      await tx.execute(
        sql`update invoices set number = regexp_replace(number, '[0-9]+$', '00003') where id = (select min(id) from invoices where commission_period is not null)`,
      );
      await tx.execute(sql`update operator_invoice_counters set last_number = 3`);
    });
    const year = Number(nextMonth.slice(0, 4));
    expect(only(operator, 'NUMBERS_IN_SERIES')).toEqual([
      { rule: 'NUMBERS_IN_SERIES', subject: { type: 'operator', id: year }, detail: `operator's series ${year}: missing 1` },
    ]);
  });

  it('names a sale invoice of a closed month that no commission covers, only when commission is on', async () => {
    const inv = await saleInvoiceOf(ctx.db, order.paid);
    const uncover = async (tx: Tx) => {
      const [row] = await tx.select().from(commissionCoverage).where(eq(commissionCoverage.saleInvoiceId, inv.id));
      await tx.delete(commissionCoverage).where(eq(commissionCoverage.saleInvoiceId, inv.id));
      // The commission invoice still agrees with what it covers: only the coverage is missing.
      await tx.execute(
        sql`update invoices set net = net - ${row!.commission}::numeric, total = total - ${row!.commission}::numeric where id = ${row!.commissionInvoiceId}`,
      );
    };
    expect(only(await whenBroken(uncover), 'COMMISSION_COVERAGE')).toEqual([
      { rule: 'COMMISSION_COVERAGE', subject: { type: 'invoice', id: inv.id }, detail: `sale invoice ${inv.number} of ${today} is in no commission month` },
    ]);
    expect((await whenBroken(uncover, { commission: false })).violations).toEqual([]);
    // Within the grace after the month's end, the run may not have passed yet.
    const early = new Date(Date.parse(`${nextMonth}T00:30:00+02:00`));
    expect((await whenBroken(uncover, { at: early })).violations).toEqual([]);

    // A commission invoice that charges more than its coverage says.
    const more = await whenBroken(async (tx) => {
      await tx.execute(sql`update invoices set net = net + 1 where id = (select min(id) from invoices where commission_period is not null)`);
    });
    expect(only(more, 'COMMISSION_COVERAGE')).toHaveLength(1);
  });

  it('names an invoice paid above its balance', async () => {
    const inv = await saleInvoiceOf(ctx.db, order.paid);
    const report = await whenBroken(async (tx) => {
      // A cent more, past the payment that settled it.
      await tx.insert(invoicePayments).values({ invoiceId: inv.id, amount: '0.01', paidOn: today });
    });
    expect(only(report, 'PAID_WITHIN_TOTAL').map((x) => x.subject)).toEqual([{ type: 'invoice', id: inv.id }]);
  });

  it('names an unpaid invoice of a cancelled order that no credit note covers', async () => {
    const inv = await saleInvoiceOf(ctx.db, order.invoiced);
    const report = await whenBroken(async (tx) => {
      await tx.update(orders).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(orders.id, order.invoiced));
    });
    expect(only(report, 'CANCELLED_NOT_PAYABLE')).toEqual([
      { rule: 'CANCELLED_NOT_PAYABLE', subject: { type: 'invoice', id: inv.id }, detail: expect.stringContaining('4860.00 total, 0 credited') as string },
    ]);
    // Paid before the cancellation: nothing payable is left (what is owed back is a credit note's business).
    const paid = await saleInvoiceOf(ctx.db, order.paid);
    const paidThenCancelled = await whenBroken(async (tx) => {
      await tx.update(orders).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(orders.id, paid.orderId!));
    });
    expect(paidThenCancelled.violations).toEqual([]);
  });

  it('is answered to the operator only, in the documented shape', async () => {
    const get = (who?: Party) => ctx.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers: who ? { cookie: who.cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(seller)).statusCode).toBe(403);
    expect((await get(buyer)).statusCode).toBe(403);
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json<ReconciliationReport>();
    expect(body.violations).toEqual([]);
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
  });

  it('runs every hour as a job that fails visibly while a rule is broken, and counts the violations per rule in /metrics', async () => {
    const gauge = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries([...res.body.matchAll(/^primeur_reconciliation_violations\{rule="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
    };
    const job = async () => (await ctx.app.jobs.status()).find((j) => j.name === 'reconciliation')!;
    expect(await ctx.app.jobs.runExclusive('reconciliation', { force: true })).toBe('ok');
    expect(await gauge()).toEqual({
      ORDER_INVOICED: 0,
      CREDITS_WITHIN_TOTAL: 0,
      NUMBERS_IN_SERIES: 0,
      COMMISSION_COVERAGE: 0,
      PAID_WITHIN_TOTAL: 0,
      CANCELLED_NOT_PAYABLE: 0,
    });

    const inv = await saleInvoiceOf(ctx.db, order.paid);
    const [extra] = await ctx.db.insert(invoicePayments).values({ invoiceId: inv.id, amount: inv.total!, paidOn: today }).returning();
    try {
      expect(await ctx.app.jobs.runExclusive('reconciliation', { force: true })).toBe('failed');
      expect(await job()).toMatchObject({
        lastOutcome: 'failed',
        lastError: '1 violation(s) of the books: PAID_WITHIN_TOTAL 1 (GET /api/admin/reconciliation)',
      });
      expect(await gauge()).toMatchObject({ PAID_WITHIN_TOTAL: 1, ORDER_INVOICED: 0 });
      const listed = (
        await ctx.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers: { cookie: admin.cookie } })
      ).json<ReconciliationReport>();
      expect(listed.violations.map((x) => [x.rule, x.subject])).toEqual([['PAID_WITHIN_TOTAL', { type: 'invoice', id: inv.id }]]);
    } finally {
      await ctx.db.delete(invoicePayments).where(eq(invoicePayments.id, extra!.id));
    }
    expect(await ctx.app.jobs.runExclusive('reconciliation', { force: true })).toBe('ok');
    expect(await gauge()).toMatchObject({ PAID_WITHIN_TOTAL: 0 });
  });
});
