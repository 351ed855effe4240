import { describe, expect, it } from 'vitest';
import { PALLET_NET_KG, priceLine, type ClientTerms, type ClientVariantSpec, type SupplierOffer } from './pricing.js';

const DAY = '2026-11-21';
const ES = 1;
const MA = 2;
const BOX = 10;
const IFCO = 20;

const offer = (o: Partial<SupplierOffer> & { variantId: number }): SupplierOffer => ({
  supplierId: 100 + o.variantId,
  supplierDiscount: 0,
  originId: ES,
  boxId: BOX,
  packagingId: null,
  caliber: '3',
  weightPiece: 10,
  nbPiece: 1,
  priceKg: 1,
  volume: 1,
  startDate: '2026-11-20',
  endDate: '2026-11-27',
  ...o,
});
const any: ClientVariantSpec = { originId: null, boxId: null, packagingId: null, caliber: '', weightPiece: null, nbPiece: 1 };
const FOB: ClientTerms = { ict: 'FOB', discount: 0, carrierPrice: null };

interface Case {
  name: string;
  want?: Partial<ClientVariantSpec>;
  offers: SupplierOffer[];
  terms?: Partial<ClientTerms>;
  expected: { variantId: number; priceKg: number; priceBox: number | null; transportMissing?: boolean } | 'noOffer';
}

const CASES: Case[] = [
  { name: 'no offer at all', offers: [], expected: 'noOffer' },
  {
    name: 'the cheapest of several offers',
    offers: [offer({ variantId: 1, priceKg: 1.2 }), offer({ variantId: 2, priceKg: 0.9 })],
    expected: { variantId: 2, priceKg: 0.9, priceBox: 9 },
  },
  {
    name: "the supplier's discount decides the best (spec §9 formula)",
    offers: [offer({ variantId: 1, priceKg: 1.0 }), offer({ variantId: 2, priceKg: 1.1, supplierDiscount: 20 })],
    expected: { variantId: 2, priceKg: 0.88, priceBox: 8.8 },
  },
  { name: 'an offer not yet started is not valid', offers: [offer({ variantId: 1, startDate: '2026-11-22', endDate: '2026-11-30' })], expected: 'noOffer' },
  {
    name: 'an offer that ended yesterday is not valid',
    offers: [offer({ variantId: 1, startDate: '2026-11-01', endDate: '2026-11-20' })],
    expected: 'noOffer',
  },
  {
    name: 'an offer valid only today counts',
    offers: [offer({ variantId: 1, startDate: DAY, endDate: DAY, priceKg: 0.5 })],
    expected: { variantId: 1, priceKg: 0.5, priceBox: 5 },
  },
  {
    name: 'an unpriced offer (0 €/kg) is ignored',
    offers: [offer({ variantId: 1, priceKg: 0 }), offer({ variantId: 2, priceKg: 0.7 })],
    expected: { variantId: 2, priceKg: 0.7, priceBox: 7 },
  },
  {
    name: 'the origin set on the client variant must match',
    want: { originId: MA },
    offers: [offer({ variantId: 1, priceKg: 0.5 }), offer({ variantId: 2, originId: MA, priceKg: 0.8 })],
    expected: { variantId: 2, priceKg: 0.8, priceBox: 8 },
  },
  { name: 'the box set on the client variant must match', want: { boxId: IFCO }, offers: [offer({ variantId: 1 })], expected: 'noOffer' },
  {
    name: 'the packaging set on the client variant must match',
    want: { packagingId: 5 },
    offers: [offer({ variantId: 1, packagingId: 5, priceKg: 2 }), offer({ variantId: 2, packagingId: 6, priceKg: 1 })],
    expected: { variantId: 1, priceKg: 2, priceBox: 20 },
  },
  {
    name: 'the caliber matches without case or spaces',
    want: { caliber: '1 - 2' },
    offers: [offer({ variantId: 1, caliber: '1-2', priceKg: 0.6 }), offer({ variantId: 2, caliber: '3', priceKg: 0.4 })],
    expected: { variantId: 1, priceKg: 0.6, priceBox: 6 },
  },
  {
    name: 'empty client fields accept any offer',
    offers: [offer({ variantId: 1, originId: MA, boxId: IFCO, caliber: 'AA', priceKg: 0.3 })],
    expected: { variantId: 1, priceKg: 0.3, priceBox: 3 },
  },
  {
    name: "the client's discount comes off",
    offers: [offer({ variantId: 1, priceKg: 2 })],
    terms: { discount: 10 },
    expected: { variantId: 1, priceKg: 1.8, priceBox: 18 },
  },
  {
    name: 'a CIF client pays its carrier per pallet spread over the pallet weight',
    offers: [offer({ variantId: 1, priceKg: 1 })],
    terms: { ict: 'CIF', carrierPrice: 150 },
    expected: { variantId: 1, priceKg: 1 + 150 / PALLET_NET_KG, priceBox: 11.5 },
  },
  {
    name: 'transport is added after the discount (the discount is on goods only)',
    offers: [offer({ variantId: 1, priceKg: 1 })],
    terms: { ict: 'CIF', carrierPrice: 200, discount: 50 },
    expected: { variantId: 1, priceKg: 0.7, priceBox: 7 },
  },
  {
    name: 'a FOB client pays no transport even with a carrier price',
    offers: [offer({ variantId: 1, priceKg: 1 })],
    terms: { ict: 'FOB', carrierPrice: 200 },
    expected: { variantId: 1, priceKg: 1, priceBox: 10 },
  },
  {
    name: 'a CIF client without a carrier is priced without transport and flagged',
    offers: [offer({ variantId: 1, priceKg: 1 })],
    terms: { ict: 'CIF', carrierPrice: null },
    expected: { variantId: 1, priceKg: 1, priceBox: 10, transportMissing: true },
  },
  {
    name: "the client variant's box weight wins over the offer's",
    want: { weightPiece: 0.25, nbPiece: 20 },
    offers: [offer({ variantId: 1, priceKg: 2 })],
    expected: { variantId: 1, priceKg: 2, priceBox: 10 },
  },
  {
    name: 'no weight anywhere: no box price',
    offers: [offer({ variantId: 1, weightPiece: null, priceKg: 2 })],
    expected: { variantId: 1, priceKg: 2, priceBox: null },
  },
  {
    name: 'equal prices: the bigger volume wins',
    offers: [offer({ variantId: 1, volume: 2 }), offer({ variantId: 2, volume: 6 })],
    expected: { variantId: 2, priceKg: 1, priceBox: 10 },
  },
  {
    name: 'prices are rounded to 3 decimals',
    offers: [offer({ variantId: 1, priceKg: 1.111, supplierDiscount: 3 })],
    terms: { discount: 2.5 },
    expected: { variantId: 1, priceKg: 1.051, priceBox: 10.51 },
  },
];

describe('client price-list line pricing', () => {
  it.each(CASES)('$name', ({ want, offers, terms, expected }) => {
    const result = priceLine({ ...any, ...want }, offers, { ...FOB, ...terms }, DAY);
    if (expected === 'noOffer') {
      expect(result.status).toBe('noOffer');
      return;
    }
    expect(result.status).toBe('priced');
    if (result.status !== 'priced') return;
    expect(result.offer.variantId).toBe(expected.variantId);
    expect(result.priceKg).toBeCloseTo(expected.priceKg, 6);
    if (expected.priceBox === null) expect(result.priceBox).toBeNull();
    else expect(result.priceBox).toBeCloseTo(expected.priceBox, 6);
    expect(result.transportMissing).toBe(expected.transportMissing ?? false);
  });
});
