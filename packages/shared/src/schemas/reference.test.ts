import { describe, expect, it } from 'vitest';
import { referencePercent } from './reference.js';

describe('referencePercent', () => {
  it('says how far above or below the average a price is, in whole percent', () => {
    expect(referencePercent(1.62, 1.56)).toBe(4);
    expect(referencePercent(1.5, 2)).toBe(-25);
    expect(referencePercent(2, 2)).toBe(0);
  });
  it('rounds halves away from zero on both sides', () => {
    expect(referencePercent(1.045, 1)).toBe(5);
    expect(referencePercent(0.955, 1)).toBe(-5);
  });
  it('never divides by a zero average', () => {
    expect(referencePercent(1, 0)).toBe(0);
  });
});
