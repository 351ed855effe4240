import { describe, expect, it } from 'vitest';
import { centsToDecimal } from '../money.js';
import { computeInvoiceAmounts, lineNetCents, vatCents } from './amounts.js';

/** Exact reference: decimal strings as scaled integers, half up. */
function exactCents(a: number, b: number, divideBy = 1n): number {
  const scaled = (n: number) => {
    const [i, f = ''] = String(n).split('.');
    return { v: BigInt(i! + f), s: f.length };
  };
  const x = scaled(a);
  const y = scaled(b);
  const scale = 10n ** BigInt(x.s + y.s);
  const num = x.v * y.v * 100n;
  const den = scale * divideBy;
  return Number((num * 2n + den) / (den * 2n));
}

describe('invoice amounts', () => {
  it('rounds each line net half up to the cent', () => {
    expect(lineNetCents(1.005, 1)).toBe(101);
    expect(lineNetCents(12.345, 1.1)).toBe(1358);
    expect(lineNetCents(6400, 1.62)).toBe(1_036_800);
    expect(lineNetCents(0.333, 0.5)).toBe(17);
  });

  it('matches exact decimal arithmetic for many quantities and prices', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let i = 0; i < 20_000; i++) {
      const q = Math.round(rnd() * 50_000_000) / 1000;
      const p = Math.round(rnd() * 100_000) / 100;
      expect(lineNetCents(q, p), `${q} × ${p}`).toBe(exactCents(q, p));
    }
  });

  it('computes VAT per category on the sum of the line nets, not line by line', () => {
    // Three lines of 0.10 € at 5.5 %: 0.0055 each would round to 0.01 each (0.03); on the sum 0.30 → 0.02.
    const line = { quantity: 1, unitPrice: 0.1, vat: { category: 'S' as const, ratePercent: 5.5 } };
    const a = computeInvoiceAmounts([line, line, line]);
    expect(a.breakdown).toEqual([{ category: 'S', ratePercent: 5.5, taxableCents: 30, vatCents: 2 }]);
    expect(a).toMatchObject({ netCents: 30, vatCents: 2, grossCents: 32, dueCents: 32 });
  });

  it('keeps one breakdown row per category and rate', () => {
    const a = computeInvoiceAmounts([
      { quantity: 100, unitPrice: 1.23, vat: { category: 'S', ratePercent: 5.5 } },
      { quantity: 50.5, unitPrice: 2, vat: { category: 'S', ratePercent: 5.5 } },
      { quantity: 10, unitPrice: 3, vat: { category: 'K', ratePercent: 0 } },
    ]);
    expect(a.breakdown).toEqual([
      { category: 'S', ratePercent: 5.5, taxableCents: 22_400, vatCents: 1232 },
      { category: 'K', ratePercent: 0, taxableCents: 3000, vatCents: 0 },
    ]);
    expect(a.grossCents).toBe(22_400 + 3000 + 1232);
  });

  it('VAT of a taxable amount matches the exact rule', () => {
    for (const [taxable, rate] of [
      [12_345, 5.5],
      [999, 7],
      [1, 4],
      [150, 9],
      [1_036_800, 5.5],
    ] as const) {
      expect(vatCents(taxable, rate)).toBe(exactCents(taxable, rate, 10_000n));
    }
  });

  it('refuses negative or over-precise figures instead of rounding them silently', () => {
    expect(() => lineNetCents(-1, 1)).toThrow(RangeError);
    expect(() => lineNetCents(1.0001, 1)).toThrow(RangeError);
    expect(() => lineNetCents(1, 1.001)).toThrow(RangeError);
  });

  it('writes cents as the XML decimal', () => {
    expect(centsToDecimal(12_345)).toBe('123.45');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
});
