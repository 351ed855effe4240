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
});
