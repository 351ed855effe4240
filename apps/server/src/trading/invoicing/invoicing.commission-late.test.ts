import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { commissionSettings, noonParis } from '../../../test/commission.js';
import { wonOrderId } from '../../../test/won-order.js';
import { invoiceEvents } from '../../../test/delivered-order.js';
import { commissionCoverage, invoices, orders } from '../../db/schema/index.js';
import * as orderService from '../orders/orders.service.js';
import * as issuing from './invoicing.issuing.js';
import { reconcile } from './invoicing.reconciliation.js';

// Issuing renders Factur-X PDFs (about a second each on a busy machine).
vi.setConfig({ testTimeout: 180_000 });

/**
 * Issue 32 §7, as it was seen from outside: two December orders whose automatic receipts were
 * recorded after the December commission run were never charged (the run took orders by delivery
 * date, and the receipts were dated back into December). Commission now follows the sale invoices.
 */
let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;

const deps = (): issuing.IssueDeps => ({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log, commission: commissionSettings });
const orderDeps = (): orderService.OrderDeps => ({
  db: ctx.db,
  bus: ctx.app.bus,
  mailer: ctx.app.mailer,
  log: ctx.app.log,
  claimWindowMs: ctx.config.orders.claimWindowMs,
  purchaseRequestTtlMs: ctx.config.orders.purchaseRequestTtlMs,
});
const post = (url: string, who: Party, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

/** An order won at `price` €/kg and shipped with `kg` net kg at `shippedAt` (the departure day as its date). */
async function shippedOrder(price: number, kg: number, shippedAt: string) {
  const id = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, price, kg / 4);
  const res = await post(`/api/users/orders/${id}/ship`, seller, { pallets: 4, netKg: kg, departureDate: shippedAt.slice(0, 10), vehiclePlate: 'GH-214-PX' });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.db
    .update(orders)
    .set({ shippedAt: new Date(shippedAt) })
    .where(eq(orders.id, id));
  return id;
}

const saleInvoiceOf = async (orderId: number) =>
  (
    await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')))
  )[0];
const commissionOf = (period: string) =>
  ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.buyerId, seller.user.id), eq(invoices.commissionPeriod, period)));

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
});
afterAll(() => ctx.close());

describe('commission of orders received late', () => {
  let onTime: number;
  let late: number[];

  it('December’s run charges what was invoiced in December, not the orders still on the road', async () => {
    // Received (automatically, on 8 December) and invoiced in December.
    onTime = await shippedOrder(1.75, 2000, '2026-12-05T08:00:00Z');
    expect((await orderService.runLifecycle(orderDeps(), noonParis('2026-12-12'))).received).toBe(1);
    expect((await invoiceEvents(deps(), noonParis('2026-12-12'))).issued).toBe(1);
    // Shipped on 27 and 28 December; nobody confirms the receipt.
    late = [await shippedOrder(1.62, 6000, '2026-12-27T19:00:00Z'), await shippedOrder(2.0, 3412.85, '2026-12-28T07:00:00Z')];

    expect(await issuing.runCommission(deps(), noonParis('2027-01-01'))).toEqual({ issued: 1, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    const [december] = await commissionOf('2026-12-01');
    // 2 000 kg × 1,75 € = 3 500,00 € → 2,5 % = 87,50 €.
    expect(december).toMatchObject({ status: 'ISSUED', net: '87.50' });
    const [covered] = await ctx.db
      .select()
      .from(commissionCoverage)
      .where(eq(commissionCoverage.saleInvoiceId, (await saleInvoiceOf(onTime))!.id));
    expect(covered).toMatchObject({ commissionInvoiceId: december!.id, period: '2026-12-01', base: '3500.00', commission: '87.50' });
    expect((await saleInvoiceOf(late[0]!)) ?? null).toBeNull();
  });

  it('the automatic receipts dated back into December are invoiced in January and charged in January’s commission, once', async () => {
    // 2 January: 72 h after the shipments, the lifecycle job records the receipts at the shipping time + 72 h.
    const moved = await orderService.runLifecycle(orderDeps(), noonParis('2027-01-02'));
    expect(moved.received).toBe(2);
    const rows = await ctx.db.select().from(orders).where(inArray(orders.id, late));
    expect(rows.map((o) => o.receivedAt!.toISOString()).sort()).toEqual(['2026-12-30T19:00:00.000Z', '2026-12-31T07:00:00.000Z']);
    expect((await invoiceEvents(deps(), noonParis('2027-01-02'))).issued).toBe(2);
    const sale = await Promise.all(late.map(saleInvoiceOf));
    expect(sale.map((s) => [s!.issueDate, s!.net])).toEqual([
      ['2027-01-02', '9720.00'],
      ['2027-01-02', '6825.70'],
    ]);

    // The rest of January: December is not charged again, and January is not closed yet.
    expect(await issuing.runCommission(deps(), noonParis('2027-01-15'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    expect(await commissionOf('2026-12-01')).toHaveLength(1);

    // 1 February: January's commission charges both, 16 545,70 € of sales: 243,00 + 170,64 = 413,64 €.
    expect(await issuing.runCommission(deps(), noonParis('2027-02-01'))).toEqual({ issued: 1, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    const [january] = await commissionOf('2027-01-01');
    expect(january).toMatchObject({ status: 'ISSUED', net: '413.64', vat: '0.00' });
    expect((january!.input as { lines: Array<{ orderNumber: string; unitPrice: number }> }).lines.map((l) => l.unitPrice)).toEqual([243, 170.64]);
    const coverage = await ctx.db
      .select()
      .from(commissionCoverage)
      .where(
        inArray(
          commissionCoverage.saleInvoiceId,
          sale.map((s) => s!.id),
        ),
      );
    expect(coverage.map((c) => [c.commissionInvoiceId, c.period, c.base, c.commission])).toEqual([
      [january!.id, '2027-01-01', '9720.00', '243.00'],
      [january!.id, '2027-01-01', '6825.70', '170.64'],
    ]);

    // Every later run: nothing more for these sales.
    expect(await issuing.runCommission(deps(), noonParis('2027-03-01'))).toEqual({ issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 });
    expect(
      await ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.buyerId, seller.user.id), isNotNull(invoices.commissionPeriod))),
    ).toHaveLength(2);
    // And the books balance: each sale invoice in exactly one commission month, the series whole.
    expect((await reconcile(ctx.db, { at: new Date(noonParis('2027-03-01')), commission: true })).violations).toEqual([]);
  });
});
