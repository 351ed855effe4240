import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderOrderConfirmation, type OrderConfirmationModel } from './order-confirmation.js';
import { shippingFixture } from './shipping-docs.fixture.js';

/** The sale confirmation of the shipping fixture's order (same lot, same parties). */
function model(lot: Partial<OrderConfirmationModel['lot']> = {}): OrderConfirmationModel {
  const s = shippingFixture();
  return {
    number: s.number,
    source: 'AUCTION',
    createdAt: new Date('2026-11-20T09:00:00Z'),
    lot: { ...s.lot, ...lot },
    pallets: 8,
    estimatedNetKg: 6400,
    pricePerKg: 1.2,
    amount: 7680,
    incoterm: 'FCA',
    incotermPlace: 'Peñíscola',
    seller: s.seller,
    buyer: s.buyer,
    deliveryAddress: s.deliveryAddress,
    requestedDeliveryDate: null,
  };
}

const text = async (m: OrderConfirmationModel) =>
  execFileSync('pdftotext', ['-raw', '-', '-'], { input: await renderOrderConfirmation(m, 'en') })
    .toString('utf8')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

describe('the sale confirmation', () => {
  it('names the quality class, the variety and the packing date of the lot (Regulation 2023/2429 art. 6(4))', async () => {
    const t = await text(model());
    expect(t).toContain('Quality class I');
    expect(t).toContain('Variety Clemenules');
    expect(t).toContain('Packing date 20 Nov 2026');
  });

  it('prints no variety or packing date for an order made before they were asked', async () => {
    const t = await text(model({ variety: undefined, packedOn: undefined }));
    expect(t).not.toContain('Variety');
    expect(t).not.toContain('Packing date');
  });
});
