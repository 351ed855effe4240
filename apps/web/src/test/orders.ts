import type { Order, OrderParty, OrderSummary } from '@primeur/shared';

/** Orders as the server answers them (docs/api/orders.md), for the web tests. */

const party = (over: Partial<OrderParty>): OrderParty => ({
  userId: 1,
  companyName: 'Company',
  address: '1 Market Street',
  postalCode: '00000',
  city: 'Town',
  countryAlpha2: 'FR',
  countryName: 'France',
  vatId: 'FR00000000000',
  email: 'company@example.test',
  ...over,
});

export const seller = party({
  userId: 3,
  companyName: 'Huerta de Almería S.L.',
  city: 'Almería',
  countryAlpha2: 'ES',
  countryName: 'Spain',
  vatId: 'ESB04000000',
  email: 'ventas@huerta.example',
});
export const buyer = party({
  userId: 7,
  companyName: 'Frischmarkt Hamburg GmbH',
  city: 'Hamburg',
  countryAlpha2: 'DE',
  countryName: 'Germany',
  vatId: 'DE123456789',
  email: 'einkauf@frischmarkt.example',
});

/** A confirmed order of 8 pallets of 800 kg at 1,62 €/kg, as the buyer sees it. */
export function order(over: Partial<Order> = {}): Order {
  return {
    id: 41,
    number: 'PRM-2026-000041',
    status: 'CONFIRMED',
    source: 'AUCTION',
    purchaseRequestId: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    lot: {
      productId: 5,
      articleId: 1,
      article: { en: 'Lemon', fr: 'Citron', de: 'Zitrone', es: 'Limón' },
      title: 'Verna lemons',
      caliber: '3',
      originAlpha2: 'ES',
      originName: 'Spain',
      packaging: 'ifco',
      photo: null,
      netKgPerPallet: 800,
      boxesPerPallet: 160,
      netKgPerBox: 5,
      qualityClass: null,
    },
    pallets: 8,
    estimatedNetKg: 6400,
    netKg: 6400,
    pricePerKg: 1.62,
    amount: 10368,
    invoicedWeight: null,
    weightTolerancePercent: 15,
    currency: 'EUR',
    incoterm: 'FCA',
    incotermPlace: 'Almería',
    buyer,
    seller,
    deliveryAddress: { address: buyer.address, postalCode: buyer.postalCode, city: buyer.city, countryAlpha2: buyer.countryAlpha2 },
    requestedDeliveryDate: null,
    carrier: null,
    shipment: null,
    receipt: null,
    cancelReason: null,
    claimWindowEndsAt: null,
    viewerSide: 'buyer',
    nextActions: ['cancel', 'editDelivery'],
    history: [
      { at: '2026-11-20T09:30:00.000Z', actor: 'SYSTEM', companyName: null, from: null, to: 'CONFIRMED', note: '', noteCode: 'AUCTION_CLOSED', noteParams: {} },
    ],
    ...over,
  };
}

export function summary(over: Partial<Order> = {}): OrderSummary {
  const { history: _h, ...rest } = order(over);
  return rest;
}
