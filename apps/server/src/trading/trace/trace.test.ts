import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import type { TraceResult } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { invoiceEvents } from '../../../test/delivered-order.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import { closeAuctions } from '../auctions/auctions.service.js';

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;
let rival: Party;
let admin: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sur S.L.', country: 'ES', vatId: 'ESB12345678' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Lyonnais', country: 'FR', vatId: 'FR98765432109' });
  rival = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt GmbH', country: 'DE' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Party, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** An auction won by `buyer`, shipped in `pallets` pallets, received: its order id, number and lot. */
async function tradedLot(pallets: number) {
  const lot = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 259_200_000 + 1000, quantity: pallets, netKgPerPallet: 800 });
  await createOffer(ctx.db, lot.id, rival.user.id, 1.5);
  await createOffer(ctx.db, lot.id, buyer.user.id, 1.62);
  const orderId = (await closeAuctions(ctx.db)).find((c) => c.productId === lot.id)!.orderId!;
  await settle(ctx);
  const shipped = await call('POST', `/api/users/orders/${orderId}/ship`, seller, {
    pallets,
    netKg: 800 * pallets,
    departureDate: '2026-11-27',
    vehiclePlate: 'AB-123',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return { lot, orderId, number: (shipped.json() as { number: string }).number };
}

const trace = async (query: string, who = admin) => call('GET', `/api/admin/trace?${query}`, who);

describe('the trace (issue 37)', () => {
  it('from a pallet, an order, a lot or an invoice: the supplier one step back, every buyer, pallet, receipt, claim and invoice forward', async () => {
    expect((await call('PUT', '/api/users/shipping-settings', seller, { gs1CompanyPrefix: '3012345' })).statusCode).toBe(200);
    const { lot, orderId, number } = await tradedLot(3);
    const advice = (await call('GET', `/api/users/orders/${orderId}/pallets`, buyer)).json() as { items: Array<{ code: string }> };
    const sscc = advice.items[1]!.code;
    await call('POST', `/api/users/orders/${orderId}/pallets/receive`, buyer, { code: sscc });
    expect((await call('POST', `/api/users/orders/${orderId}/receive`, buyer, { pallets: 3, netKg: 2400 })).statusCode).toBe(200);
    await invoiceEvents({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log });

    const bySscc = await trace(`sscc=${encodeURIComponent(`(00)${sscc}`)}`);
    expect(bySscc.statusCode, bySscc.body).toBe(200);
    const r = bySscc.json() as TraceResult;
    expect(r).toMatchObject({
      entry: 'sscc',
      value: sscc,
      focus: { orderId, palletCode: sscc },
      lot: { productId: lot.id, lotNumber: `L${lot.id}`, listed: true },
      supplier: { companyName: 'Huerta Sur S.L.', countryAlpha2: 'ES' },
      totals: { orders: 1, pallets: 3, buyers: 1, palletsReceived: 1 },
    });
    const o = r.orders[0]!;
    expect(o).toMatchObject({ number, status: 'DELIVERED', buyer: { companyName: 'Primeurs Lyonnais' }, receipt: { netKg: 2400 } });
    expect(o.palletList.map((p) => [p.code, p.receivedAt !== null])).toEqual(advice.items.map((p) => [p.code, p.code === sscc]));
    expect(o.invoices).toHaveLength(1);
    const invoiceNumber = o.invoices[0]!.number!;
    // The losing bidder is nowhere in the chain: the trace follows the goods, not the auction.
    expect(bySscc.body).not.toContain('Frischmarkt');

    // The same chain from the three other entries, as typed.
    for (const q of [`order=${number.toLowerCase()}`, `order=${orderId}`, `lot=L${lot.id}`, `lot=${lot.id}`, `invoice=${encodeURIComponent(invoiceNumber)}`]) {
      const res = await trace(q);
      expect(res.statusCode, q).toBe(200);
      expect(
        (res.json() as TraceResult).orders.map((x) => x.id),
        q,
      ).toEqual([orderId]);
    }

    // The CSV (a line a pallet, the French dialect) and the PDF report.
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/trace.csv?lot=L${lot.id}`, headers: { cookie: admin.cookie, 'accept-language': 'fr' } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`"${sscc}";"yes";800,00`);
    const pdf = await call('GET', `/api/admin/trace.pdf?sscc=${sscc}&lang=de`, admin);
    expect(pdf.statusCode).toBe(200);
    const text = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text;
    expect(text).toContain(`Rückverfolgung der Partie L${lot.id}`);
    expect(text).toContain(sscc);
    expect(text).toContain('Primeurs Lyonnais');
    expect(text).toContain('Huerta Sur S.L.');
  });

  it('the operator only; nothing found is a 404; one entry exactly; hostile input is a 400', async () => {
    const { orderId } = await tradedLot(1);
    expect((await trace(`order=${orderId}`, buyer)).statusCode).toBe(403);
    expect((await trace(`order=${orderId}`, seller)).statusCode).toBe(403);
    for (const q of ['sscc=000000000000000000', 'lot=L999999999', 'lot=L99999999999', 'order=PRM-1999-000001', 'invoice=NOPE-1', 'lot=abc']) {
      const res = await trace(q);
      expect(res.statusCode, q).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const q of ['', `order=${orderId}&lot=L1`, 'sscc=%00', `order=${'9'.repeat(40)}`, 'unknown=1']) expect((await trace(q)).statusCode, q).toBe(400);
  });
});
