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

  it.each(LANGUAGES)('renders the delivery note in %s, its pallet table running over pages for a full truck', async (lng) => {
    expect(pages(await renderDeliveryNote(shippingFixture(), lng))).toBe(1);
    const big = shippingFixture({
      pallets: 66,
      shipment: { pallets: 66, netKg: 52_800, departureDate: '2026-11-22', vehiclePlate: 'B-ÄÖ 123', carrierName: null },
    });
    expect(pages(await renderDeliveryNote(big, lng))).toBeGreaterThan(1);
  });
});
