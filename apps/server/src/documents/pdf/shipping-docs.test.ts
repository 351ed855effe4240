import { execFileSync } from 'node:child_process';
import { LANGUAGES } from '@primeur/shared';
import { describe, expect, it } from 'vitest';
import { renderCmr } from './cmr.js';
import { renderDeliveryNote } from './delivery-note.js';
import { shippingFixture } from './shipping-docs.fixture.js';

/** Pages of a PDF: pdfkit writes one "/Type /Page" object per page (and "/Type /Pages" once). */
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('shipping documents', () => {
  it.each(LANGUAGES)('renders the CMR on one A4 page in %s, as a draft and shipped', async (lng) => {
    for (const model of [shippingFixture(), shippingFixture({ draft: true, shipment: null })]) {
      const pdf = await renderCmr(model, lng);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pages(pdf)).toBe(1);
      expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    }
  });

  it('declares the weights (box 11) and the volume (box 12) from the order, also on a draft without an estimate', async () => {
    // pdftotext (poppler) reads the page as a person would; spaces collapsed for the comparison.
    const text = async (model: ReturnType<typeof shippingFixture>, lng: 'en' | 'fr') =>
      execFileSync('pdftotext', ['-raw', '-', '-'], { input: await renderCmr(model, lng) })
        .toString('utf8')
        .replace(/[\s\u00a0\u202f]+/g, ' ');
    const shipped = await text(shippingFixture(), 'en');
    // 8 pallets, 6 385,5 kg net shipped: + 8 × 25 kg of pallets; 8 × 1,728 m³.
    expect(shipped).toContain('≈ 6,586 kg gross with pallets');
    expect(shipped).toContain('6,385.5 kg net');
    expect(shipped).toContain('≈ 13.82 m³');
    expect(shipped).toContain('8 EUR pallets 120 × 80 × 180 cm');
    const draft = await text(shippingFixture({ draft: true, shipment: null, estimatedNetKg: null }), 'fr');
    // No estimate: 800 kg per pallet × 8.
    expect(draft).toContain('≈ 6 600 kg brut avec palettes');
    expect(draft).toContain('6 400 kg net');
    expect(draft).not.toContain('non déclaré');
  });

  it('names the class, the variety and the packing date on the CMR and the delivery note (Regulation 2023/2429 art. 6(4))', async () => {
    for (const render of [renderCmr, renderDeliveryNote]) {
      const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: await render(shippingFixture(), 'fr') })
        .toString('utf8')
        .replace(/[\s\u00a0\u202f]+/g, ' ');
      expect(text).toContain('Catégorie');
      expect(text).toContain('Clemenules');
      expect(text).toContain('20 nov. 2026');
    }
  });

  it.each(LANGUAGES)('renders the delivery note in %s, its pallet table running over pages for a full truck', async (lng) => {
    expect(pages(await renderDeliveryNote(shippingFixture(), lng))).toBe(1);
    const big = shippingFixture({
      pallets: 66,
      shipment: { pallets: 66, netKg: 52_800, departureDate: '2026-11-22', vehiclePlate: 'B-ÄÖ 123', carrierName: null },
    });
    expect(pages(await renderDeliveryNote(big, lng))).toBeGreaterThan(1);
  });

  it('prints each pallet as numbered and weighed at shipping: its SSCC, net and gross on the delivery note, the declared gross on the CMR', async () => {
    const palletList = Array.from({ length: 8 }, (_, i) => ({
      seq: i + 1,
      code: `0301234500000000${String(10 + i)}`,
      gs1: true,
      netKg: i === 0 ? 798.52 : 798.14,
      grossKg: i === 0 ? 851.5 : 851,
      boxes: 80,
    }));
    const model = shippingFixture({ palletList });
    const read = async (pdf: Promise<Buffer>) =>
      execFileSync('pdftotext', ['-raw', '-', '-'], { input: await pdf })
        .toString('utf8')
        .replace(/[\s\u00a0\u202f]+/g, ' ');
    const note = await read(renderDeliveryNote(model, 'de'));
    for (const p of palletList) expect(note).toContain(p.code);
    expect(note).toContain('798,52 kg');
    expect(note).toContain('851,5 kg');
    expect(note).not.toContain('≈');
    expect(note).toContain('Klasse I');
    expect(note).toContain('640 Kisten');
    expect(note).toContain(`Partie L${model.lot.productId} · ${model.lot.title}`);
    // 851.5 + 7 × 851 = 6 808.5 kg gross, as declared: no estimate from pallet weights.
    expect(note).toContain('6.808,5 kg brutto');
    const cmr = await read(renderCmr(model, 'en'));
    expect(cmr).toContain('6,808.5 kg gross (declared at shipping)');
    expect(cmr).not.toContain('gross with pallets');
    expect(cmr).toContain(`Lot L${model.lot.productId}`);
    expect(cmr).toContain('SSCC 030123450000000010 … 030123450000000017');
  });

  it('a transport within one country gets a national consignment note without the Convention; one leaving the EU gets its customs instructions', async () => {
    const read = async (model: ReturnType<typeof shippingFixture>, lng: 'fr' | 'en') =>
      execFileSync('pdftotext', ['-raw', '-', '-'], { input: await renderCmr(model, lng) })
        .toString('utf8')
        .replace(/[\s\u00a0\u202f]+/g, ' ');
    const base = shippingFixture();
    const domestic = await read(
      shippingFixture({ seller: { ...base.seller, countryAlpha2: 'FR' }, deliveryAddress: { ...base.deliveryAddress, countryAlpha2: 'FR' } }),
      'fr',
    );
    expect(domestic).toContain('Lettre de voiture — transport national');
    expect(domestic).not.toContain('nonobstant toute clause contraire');
    expect(domestic).not.toContain('Douane');
    const toSwitzerland = await read(shippingFixture({ deliveryAddress: { ...base.deliveryAddress, countryAlpha2: 'CH' } }), 'en');
    expect(toSwitzerland).toContain('International consignment note');
    expect(toSwitzerland).toContain('Customs: goods leave the EU customs territory (Spain → Switzerland)');
    // Boxes 14 and 15 as the form numbers them: carriage payment, then cash on delivery.
    expect(toSwitzerland).toMatch(/14 ?Directions as to payment for carriage.*FCA/);
    expect(toSwitzerland).toMatch(/15 ?Cash on delivery.*No cash on delivery/);
    const intraEu = await read(shippingFixture(), 'en');
    expect(intraEu).not.toContain('Customs:');
  });
});
