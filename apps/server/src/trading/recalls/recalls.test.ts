import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRecall, NotificationList, RecallDetail, RecallSummary } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { mailsAddressedTo } from '../../../test/mails.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { closeAuctions } from '../auctions/auctions.service.js';

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let lyon: Party;
let munich: Party;
let bystander: Party;
let admin: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sur S.L.', country: 'ES' });
  lyon = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Lyonnais', country: 'FR' });
  munich = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt München GmbH', country: 'DE' });
  bystander = await signedIn(ctx, { category: 'client', companyName: 'Bystander BV', country: 'NL' });
  admin = await signedIn(ctx, { category: 'admin' });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Party, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** A fixed-price lot of 6 pallets: Lyon buys 2 and Munich 1 (both shipped), the bystander only bids on another lot. */
async function lotSoldTwice() {
  const lot = await createProduct(ctx.db, { supplierId: seller.user.id, quantity: 6, netKgPerPallet: 800 });
  const orderIds: number[] = [];
  for (const [buyer, pallets] of [
    [lyon, 2],
    [munich, 1],
  ] as const) {
    const req = await call('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer, { pallets });
    expect(req.statusCode, req.body).toBe(201);
    const accepted = await call('POST', `/api/users/product/purchaseRequest/${(req.json() as { id: number }).id}/accept`, seller);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const orderId = (accepted.json() as { id: number }).id;
    const shipped = await call('POST', `/api/users/orders/${orderId}/ship`, seller, {
      pallets,
      netKg: 800 * pallets,
      departureDate: '2026-11-27',
      vehiclePlate: 'AB-1',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    orderIds.push(orderId);
  }
  await settle(ctx);
  return { lot, orderIds };
}

describe('recalls and drills (issue 37 §5)', () => {
  it('a recall tells every buyer that received the lot at once (bell and e-mail in its language, naming the pallets), withdraws the lot, and reports who acknowledged when', async () => {
    const { lot, orderIds } = await lotSoldTwice();
    const started = await call('POST', '/api/admin/recalls', admin, { lot: `L${lot.id}`, reason: 'Listeria found in a retained sample', exercise: false });
    expect(started.statusCode, started.body).toBe(201);
    const recall = started.json() as RecallDetail;
    expect(recall).toMatchObject({ lotNumber: `L${lot.id}`, exercise: false, buyers: 2, acknowledged: 0, completedAt: null, lotWithdrawn: true });
    expect(recall.notices.map((n) => [n.companyName, n.orders.map((o) => [o.orderId, o.codes.length])])).toEqual([
      ['Frischmarkt München GmbH', [[orderIds[1], 1]]],
      ['Primeurs Lyonnais', [[orderIds[0], 2]]],
    ]);
    const lyonCodes = recall.notices[1]!.orders[0]!.codes;

    // The bell and the e-mail, each in the buyer's language, with its own pallets only.
    const bell = (await call('GET', '/api/users/notifications', lyon)).json() as NotificationList;
    expect(bell.items.find((n) => n.kind === 'lot_recalled')).toMatchObject({ data: { recallId: recall.id, exercise: false, codes: lyonCodes } });
    const fr = (await mailsAddressedTo(ctx.db, lyon.user.email)).filter((m) => m.subject.startsWith('RAPPEL du lot'));
    expect(fr).toHaveLength(1);
    for (const code of lyonCodes) expect(fr[0]!.textBody).toContain(code);
    expect(fr[0]!.textBody).not.toContain('Frischmarkt');
    const de = (await mailsAddressedTo(ctx.db, munich.user.email)).filter((m) => m.subject.startsWith('RÜCKRUF der Partie'));
    expect(de).toHaveLength(1);
    expect((await mailsAddressedTo(ctx.db, bystander.user.email)).filter((m) => /Recall|RAPPEL|RÜCKRUF/i.test(m.subject))).toEqual([]);

    // The lot left the marketplace.
    const onSale = (await call('GET', '/api/users/product/listActiveProducts', bystander)).json() as Array<{ productId: number }>;
    expect(onSale.map((p) => p.productId)).not.toContain(lot.id);

    // Each buyer sees its recall and acknowledges once; others cannot.
    const mine = (await call('GET', '/api/users/recalls', lyon)).json() as MyRecall[];
    expect(mine).toEqual([expect.objectContaining({ id: recall.id, acknowledgedAt: null, orders: [expect.objectContaining({ codes: lyonCodes })] })]);
    expect((await call('GET', '/api/users/recalls', bystander)).json()).toEqual([]);
    expect((await call('POST', `/api/users/recalls/${recall.id}/acknowledge`, bystander)).statusCode).toBe(404);
    const ack = (await call('POST', `/api/users/recalls/${recall.id}/acknowledge`, lyon)).json() as MyRecall;
    expect(ack.acknowledgedAt).not.toBeNull();
    const again = (await call('POST', `/api/users/recalls/${recall.id}/acknowledge`, lyon)).json() as MyRecall;
    expect(again.acknowledgedAt).toBe(ack.acknowledgedAt);

    let report = (await call('GET', `/api/admin/recalls/${recall.id}`, admin)).json() as RecallDetail;
    expect(report).toMatchObject({ acknowledged: 1, completedAt: null, minutesToComplete: null });
    expect(report.notices.find((n) => n.companyName === 'Primeurs Lyonnais')!.acknowledgedAt).toBe(ack.acknowledgedAt);
    await call('POST', `/api/users/recalls/${recall.id}/acknowledge`, munich);
    report = (await call('GET', `/api/admin/recalls/${recall.id}`, admin)).json() as RecallDetail;
    expect(report.acknowledged).toBe(2);
    expect(report.completedAt).not.toBeNull();
    expect(report.minutesToComplete).toBeGreaterThanOrEqual(0);
    const all = (await call('GET', '/api/admin/recalls', admin)).json() as RecallSummary[];
    expect(all[0]).toMatchObject({ id: recall.id, buyers: 2, acknowledged: 2 });
  });

  it('a drill is marked as an exercise everywhere and leaves the lot on sale; a lot in auction is stopped by a real recall', async () => {
    const { lot } = await lotSoldTwice();
    const drill = (
      await call('POST', '/api/admin/recalls', admin, { lot: String(lot.id), reason: 'Yearly recall drill', exercise: true })
    ).json() as RecallDetail;
    expect(drill).toMatchObject({ exercise: true, buyers: 2, lotWithdrawn: false });
    const mail = (await mailsAddressedTo(ctx.db, munich.user.email)).filter((m) => m.subject.startsWith('[ÜBUNG]'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain('ÜBUNG');

    // An auction lot nobody has shipped: recalled, it stops taking bids; nobody is told (no pallets left).
    const auction = await createAuction(ctx.db, { supplierId: seller.user.id, startedMsAgo: 1000, quantity: 4 });
    await createOffer(ctx.db, auction.id, lyon.user.id, 1.6);
    const stopped = (
      await call('POST', '/api/admin/recalls', admin, { lot: `L${auction.id}`, reason: 'Pesticide residue above the MRL', exercise: false })
    ).json() as RecallDetail;
    expect(stopped).toMatchObject({ buyers: 0, lotWithdrawn: true });
    const bid = await call('POST', `/api/users/auction/offers/add/${auction.id}`, munich, { amount: 1.7 });
    expect(bid.statusCode, bid.body).toBe(409);
    expect((await closeAuctions(ctx.db)).find((c) => c.productId === auction.id)).toBeUndefined();
  });

  it('only the operator starts one; bad input is a 400 and an unknown lot a 404, nothing written', async () => {
    expect((await call('POST', '/api/admin/recalls', lyon, { lot: 'L1', reason: 'Because', exercise: false })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/recalls', seller)).statusCode).toBe(403);
    for (const body of [
      { lot: 'L1', reason: 'ab', exercise: false },
      { lot: 'L1', reason: 'Because' },
      { lot: 'L1', reason: 'x\u0000y', exercise: true },
      {},
    ]) {
      expect((await call('POST', '/api/admin/recalls', admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const before = ((await call('GET', '/api/admin/recalls', admin)).json() as RecallSummary[]).length;
    for (const lot of ['L999999999', 'L99999999999', 'tomatoes']) {
      expect((await call('POST', '/api/admin/recalls', admin, { lot, reason: 'Because', exercise: false })).statusCode, lot).toBe(404);
    }
    expect(((await call('GET', '/api/admin/recalls', admin)).json() as RecallSummary[]).length).toBe(before);
  });
});
