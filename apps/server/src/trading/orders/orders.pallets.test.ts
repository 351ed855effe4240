import { describe, expect, it } from 'vitest';
import { isValidSscc, type OrderPallets } from '@primeur/shared';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { signedIn } from '../../../test/build-app.js';
import { createPackaging, createProduct } from '../../db/factories/listings.js';
import { packagings } from '../../db/schema/index.js';
import { admin, buyer, call, ctx, seller, stranger, useOrdersWorld, wonOrder } from './orders.test-support.js';

useOrdersWorld();

const put = (prefix: string | null, who = seller) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/shipping-settings', headers: { cookie: who.cookie }, payload: { gs1CompanyPrefix: prefix } });
const shipment = (over: Record<string, unknown> = {}) => ({ pallets: 3, netKg: 2400.01, departureDate: '2026-11-27', vehiclePlate: '1234-BCD', ...over });
const pallets = async (orderId: number, who = buyer) => {
  const res = await call('GET', `/api/users/orders/${orderId}/pallets`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderPallets;
};

describe('pallets with an identity (issue 37)', () => {
  it('a seller without a GS1 prefix ships pallets with internal numbers, the net weight shared to the cent', async () => {
    await put(null);
    const { orderId, lot } = await wonOrder({ netKgPerPallet: 800 });
    // Before shipping: an empty despatch advice and no labels.
    expect((await pallets(orderId)).items).toEqual([]);
    const early = await call('GET', `/api/users/orders/${orderId}/pallet-labels.pdf`, seller);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'DOCUMENT_NOT_AVAILABLE' });

    const shipped = await call('POST', `/api/users/orders/${orderId}/ship`, seller, shipment());
    expect(shipped.statusCode, shipped.body).toBe(200);
    const advice = await pallets(orderId);
    expect(advice.lotNumber).toBe(`L${lot.id}`);
    expect(advice.items.map((p) => [p.seq, p.gs1, p.netKg])).toEqual([
      [1, false, 800.01],
      [2, false, 800],
      [3, false, 800],
    ]);
    const number = (shipped.json() as { number: string }).number;
    expect(advice.items.map((p) => p.code)).toEqual([`${number}-P01`, `${number}-P02`, `${number}-P03`]);
    // Each party and the operator read it; anyone else learns nothing.
    expect((await pallets(orderId, seller)).items).toHaveLength(3);
    expect((await pallets(orderId, admin)).items).toHaveLength(3);
    expect((await call('GET', `/api/users/orders/${orderId}/pallets`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/orders/${orderId}/pallet-labels.pdf`, stranger)).statusCode).toBe(404);

    const pdf = await call('GET', `/api/users/orders/${orderId}/pallet-labels.pdf?lang=fr`, buyer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The CSV in the French reader's dialect: ";" and a decimal comma.
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/orders/${orderId}/pallets.csv`,
      headers: { cookie: seller.cookie, 'accept-language': 'fr-FR' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"${number}-P01";"no";"L${lot.id}"`);
    expect(lines[1]).toContain(';800,01;');
  });

  it('a GS1 prefix is checked below, at and above its limits, and belongs to one company', async () => {
    for (const bad of ['123456', '212345678', '123456789012', '12a4567', '1'.repeat(40)]) {
      const res = await put(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ path: 'body.gs1CompanyPrefix', message: 'invalidGs1Prefix' }] });
    }
    for (const good of ['3012345', '30123456789']) expect((await put(good)).json()).toEqual({ gs1CompanyPrefix: good });
    const other = await signedIn(ctx, { category: 'supplier' });
    const taken = await put('301 2345 6789', other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'COMPANY_PREFIX_TAKEN' });
    expect((await put('')).json()).toEqual({ gs1CompanyPrefix: null });
    expect((await call('GET', '/api/users/shipping-settings', buyer)).statusCode).toBe(403);
  });

  it('with a prefix: valid SSCCs, never the same twice, even for two shipments at once; weights as the seller weighed them', async () => {
    expect((await put('3012345')).statusCode).toBe(200);
    const a = await wonOrder({ netKgPerPallet: 800 });
    const b = await wonOrder({ netKgPerPallet: 800 });
    const details = [
      { netKg: 800.5, grossKg: 850.5, boxes: 78 },
      { netKg: 799.5, grossKg: 849.5 },
    ];
    // The page's and the server's rules: the pallets listed add up to the shipment, gross at least net.
    const wrongSum = await call('POST', `/api/users/orders/${a.orderId}/ship`, seller, shipment({ pallets: 2, netKg: 1600.01, palletDetails: details }));
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json()).toMatchObject({ details: [{ path: 'body.palletDetails', message: 'palletSumMismatch' }] });
    const grossBelow = await call('POST', `/api/users/orders/${a.orderId}/ship`, seller, shipment({ pallets: 2, netKg: 1600, grossKg: 1599.99 }));
    expect(grossBelow.json()).toMatchObject({ details: [{ path: 'body.grossKg', message: 'grossBelowNet' }] });
    const grossEqual = shipment({ pallets: 2, netKg: 1600, grossKg: 1600 });

    const [ra, rb] = await Promise.all([
      call('POST', `/api/users/orders/${a.orderId}/ship`, seller, shipment({ pallets: 2, netKg: 1600, palletDetails: details })),
      call('POST', `/api/users/orders/${b.orderId}/ship`, seller, grossEqual),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const pa = await pallets(a.orderId);
    const pb = await pallets(b.orderId);
    const codes = [...pa.items, ...pb.items].map((p) => p.code);
    expect(new Set(codes).size).toBe(4);
    for (const c of codes) {
      expect(isValidSscc(c), c).toBe(true);
      expect(c.startsWith('03012345')).toBe(true);
    }
    expect(pa.items.map((p) => [p.netKg, p.grossKg, p.boxes])).toEqual([
      [800.5, 850.5, 78],
      // Not counted: the lot's boxes per pallet.
      [799.5, 849.5, a.lot.boxesPerPallet],
    ]);
    expect(pb.items.map((p) => [p.netKg, p.grossKg])).toEqual([
      [800, 800],
      [800, 800],
    ]);
  });

  it('the buyer receives pallet by pallet, a scan twice counts once, a code of another order is refused', async () => {
    await put('3012345');
    const { orderId } = await wonOrder({ netKgPerPallet: 800 });
    const other = await wonOrder({ netKgPerPallet: 800 });
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, shipment({ pallets: 2, netKg: 1600 }));
    await call('POST', `/api/users/orders/${other.orderId}/ship`, seller, shipment({ pallets: 1, netKg: 800 }));
    const [first] = (await pallets(orderId)).items;
    const foreign = (await pallets(other.orderId)).items[0]!.code;

    // A GS1-128 scan: symbology identifier, AI (00) and the 18 digits.
    const scanned = await call('POST', `/api/users/orders/${orderId}/pallets/receive`, buyer, { code: `]C100${first!.code}` });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const after = scanned.json() as OrderPallets;
    expect(after.received).toBe(1);
    const at = after.items[0]!.receivedAt;
    expect(at).not.toBeNull();
    const again = (await call('POST', `/api/users/orders/${orderId}/pallets/receive`, buyer, { code: `(00)${first!.code}` })).json() as OrderPallets;
    expect(again.items[0]!.receivedAt).toBe(at);
    expect(again.received).toBe(1);

    const wrong = await call('POST', `/api/users/orders/${orderId}/pallets/receive`, buyer, { code: foreign });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'PALLET_NOT_ON_ORDER' });
    expect((await call('POST', `/api/users/orders/${orderId}/pallets/receive`, seller, { code: first!.code })).statusCode).toBe(403);
    expect((await call('POST', `/api/users/orders/${orderId}/pallets/receive`, buyer, { code: '\u0000' })).statusCode).toBe(400);
    expect((await call('POST', `/api/users/orders/${orderId}/pallets/receive`, buyer, { code: 'x'.repeat(65) })).statusCode).toBe(400);
  });

  it("the documents name the packaging in the reader's language (the catalogue's translation)", async () => {
    await put(null);
    const packaging = await createPackaging(ctx.db, `IFCO 6420 ${Date.now()}`);
    await ctx.db
      .update(packagings)
      .set({ names: { en: 'IFCO crate 60 × 40', fr: 'Caisse IFCO 60 × 40', de: 'IFCO-Kiste 60 × 40', es: 'Caja IFCO 60 × 40' } })
      .where(eq(packagings.id, packaging.id));
    const lot = await createProduct(ctx.db, { supplierId: seller.user.id, packagingId: packaging.id, quantity: 2 });
    const req = await call('POST', `/api/users/product/purchaseRequest/${lot.id}`, buyer, { pallets: 1 });
    const orderId = ((await call('POST', `/api/users/product/purchaseRequest/${(req.json() as { id: number }).id}/accept`, seller)).json() as { id: number })
      .id;
    await call('POST', `/api/users/orders/${orderId}/ship`, seller, shipment({ pallets: 1, netKg: 800 }));
    const text = async (path: string) => {
      const res = await call('GET', `/api/users/orders/${orderId}/${path}`, buyer);
      expect(res.statusCode, path).toBe(200);
      return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
    };
    expect(await text('cmr.pdf?lang=fr')).toContain('Caisse IFCO 60 × 40');
    expect(await text('delivery-note.pdf?lang=de')).toContain('IFCO-Kiste 60 × 40');
    expect(await text('confirmation.pdf?lang=es')).toContain('Caja IFCO 60 × 40');
    expect(await text('pallet-labels.pdf?lang=en')).toContain('IFCO crate 60 × 40');
  });
});
