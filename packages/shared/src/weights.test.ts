import { describe, expect, it } from 'vitest';
import { receiptWeightCheck, shippedWeightRange, undisputedReceiptMinKg, withinRange } from './weights.js';

describe('the shipped weight range', () => {
  it('is the declared kg per pallet × pallets, ± the tolerance', () => {
    expect(shippedWeightRange(1000, 2, 15)).toEqual({ minKg: 1700, maxKg: 2300 });
    expect(shippedWeightRange(900, 1, 0)).toEqual({ minKg: 900, maxKg: 900 });
  });

  it('rounds the low end up and the high end down to the hundredth, so both stay inside the tolerance', () => {
    // 333.33 × 0.85 = 283.3305 → 283.34; × 1.15 = 383.3295 → 383.32
    expect(shippedWeightRange(333.33, 1, 15)).toEqual({ minKg: 283.34, maxKg: 383.32 });
    // A tolerance with decimals: 2.5 % of 1000 kg.
    expect(shippedWeightRange(1000, 1, 2.5)).toEqual({ minKg: 975, maxKg: 1025 });
  });

  it('has no range when the lot declared no weight', () => {
    expect(shippedWeightRange(null, 3, 15)).toBeNull();
  });

  it('holds each end and refuses a hundredth beyond it', () => {
    const r = shippedWeightRange(1000, 1, 15)!;
    expect(withinRange(849.99, r)).toBe(false);
    expect(withinRange(850, r)).toBe(true);
    expect(withinRange(1150, r)).toBe(true);
    expect(withinRange(1150.01, r)).toBe(false);
  });
});

describe('a receipt against the shipment', () => {
  it('is refused above the shipped weight and accepted at it', () => {
    expect(receiptWeightCheck(1000, 1000.01, 15)).toBe('aboveShipped');
    expect(receiptWeightCheck(1000, 1000, 15)).toBe('ok');
  });

  it('is a dispute only when short by more than the tolerance', () => {
    expect(undisputedReceiptMinKg(1000, 15)).toBe(850);
    expect(receiptWeightCheck(1000, 850, 15)).toBe('ok');
    expect(receiptWeightCheck(1000, 849.99, 15)).toBe('disputed');
    expect(receiptWeightCheck(1000, 0.01, 15)).toBe('disputed');
  });
});
