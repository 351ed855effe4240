import { describe, expect, it } from 'vitest';
import { formatDecimal, formatEuro, lineAmount, lineAmountCents, parseDecimal, toCents } from './money.js';

const ok = (value: number) => ({ ok: true, value });
const no = (reason: string) => ({ ok: false, reason });

describe('parseDecimal reads what people type, in every language', () => {
  // The table, for a price field (2 decimals).
  const table: Array<[string, unknown]> = [
    ['3,10', ok(3.1)],
    ['3.10', ok(3.1)],
    ['1 234,5', ok(1234.5)],
    ['1,2,3', no('ambiguous')],
    ['abc', no('invalid')],
    ['-1', no('negative')],
    ['0,001', no('tooManyDecimals')],
  ];
  for (const lng of ['en', 'fr', 'de', 'es']) {
    it.each(table)(`${lng}: %s`, (text, expected) => {
      expect(parseDecimal(text, lng, { maxDecimals: 2 })).toEqual(expected);
    });
  }

  it('keeps three decimals where the field does', () => {
    expect(parseDecimal('0,001', 'fr', { maxDecimals: 3 })).toEqual(ok(0.001));
    expect(parseDecimal('0.001', 'en', { maxDecimals: 3 })).toEqual(ok(0.001));
  });

  it("refuses the reader's thousands separator followed by three digits instead of guessing", () => {
    expect(parseDecimal('1,234', 'en', { maxDecimals: 3 })).toEqual(no('ambiguous'));
    expect(parseDecimal('1.234', 'de', { maxDecimals: 3 })).toEqual(no('ambiguous'));
    expect(parseDecimal('1.234', 'es', { maxDecimals: 3 })).toEqual(no('ambiguous'));
    // Unambiguous readings of the same separators.
    expect(parseDecimal('1,234', 'de', { maxDecimals: 3 })).toEqual(ok(1.234));
    expect(parseDecimal('1.234', 'en', { maxDecimals: 3 })).toEqual(ok(1.234));
    expect(parseDecimal('1.234,5', 'de')).toEqual(no('ambiguous'));
    expect(parseDecimal('1,234.5', 'en')).toEqual(no('ambiguous'));
  });

  it('accepts spaces only as thousands groups (also the no-break spaces Intl writes)', () => {
    expect(parseDecimal('12 345 678', 'fr', { maxDecimals: 0 })).toEqual(ok(12345678));
    expect(parseDecimal('1\u202f234,50', 'fr')).toEqual(ok(1234.5));
    expect(parseDecimal('1\u00a0234', 'de', { maxDecimals: 0 })).toEqual(ok(1234));
    expect(parseDecimal('12 34', 'fr')).toEqual(no('invalid'));
    expect(parseDecimal('3, 10', 'fr')).toEqual(no('invalid'));
  });

  it('refuses half-typed, signed and mixed input', () => {
    expect(parseDecimal('', 'en')).toEqual(no('empty'));
    expect(parseDecimal('   ', 'en')).toEqual(no('empty'));
    expect(parseDecimal('3,', 'fr')).toEqual(no('invalid'));
    expect(parseDecimal('+3', 'fr')).toEqual(no('invalid'));
    expect(parseDecimal('3 €', 'fr')).toEqual(no('invalid'));
    expect(parseDecimal('1e3', 'en')).toEqual(no('invalid'));
    expect(parseDecimal('−2,5', 'fr')).toEqual(no('negative'));
    expect(parseDecimal('-abc', 'fr')).toEqual(no('invalid'));
    expect(parseDecimal('1,5', 'fr', { maxDecimals: 0 })).toEqual(no('tooManyDecimals'));
    expect(parseDecimal('1234567890123456', 'en', { maxDecimals: 0 })).toEqual(no('tooLarge'));
  });

  it('reads a leading separator and leading zeros', () => {
    expect(parseDecimal(',5', 'fr')).toEqual(ok(0.5));
    expect(parseDecimal('007', 'en', { maxDecimals: 0 })).toEqual(ok(7));
    expect(parseDecimal(' 2,75 ', 'es')).toEqual(ok(2.75));
  });
});

describe('formatting the reader’s way', () => {
  it('writes decimals per language', () => {
    expect(formatDecimal(3.1, 'en', { decimals: 2 })).toBe('3.10');
    expect(formatDecimal(3.1, 'fr', { decimals: 2 })).toBe('3,10');
    expect(formatDecimal(3.1, 'de', { decimals: 2 })).toBe('3,10');
    expect(formatDecimal(3.1, 'es', { decimals: 2 })).toBe('3,10');
    expect(formatDecimal(1234.5, 'fr', { decimals: 2, grouping: false })).toBe('1234,50');
    expect(formatDecimal(null, 'fr')).toBe('');
    expect(formatDecimal('0.640', 'de', { maxDecimals: 3 })).toBe('0,64');
  });

  it('writes euros per language', () => {
    expect(formatEuro(3.1, 'en')).toBe('€3.10');
    expect(formatEuro(3.1, 'fr')).toBe('3,10\u00a0€');
    expect(formatEuro(3.1, 'de', { perKg: true })).toBe('3,10\u00a0€/kg');
    expect(formatEuro(3.1, 'es')).toBe('3,10\u00a0€');
    expect(formatEuro(null, 'fr')).toBe('–');
  });

  it('round-trips every formatted field value through the parser', () => {
    for (const lng of ['en', 'fr', 'de', 'es']) {
      for (const n of [0, 0.01, 0.64, 3.1, 12.5, 999.99, 1234.56]) {
        expect(parseDecimal(formatDecimal(n, lng, { decimals: 2, grouping: false }), lng)).toEqual(ok(n));
        expect(parseDecimal(formatDecimal(n, lng, { decimals: 2 }).replace(/[,.](?=\d{3})/g, ' '), lng)).toEqual(ok(n));
      }
    }
  });

  it('turns euros into cents without binary drift', () => {
    expect(toCents(3.1)).toBe(310);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.29)).toBe(29);
  });
});

describe('lineAmountCents (the one rounding rule of order amounts)', () => {
  it('multiplies exactly and rounds half up to the cent', () => {
    expect(lineAmountCents(6400, 1.62)).toBe(1_036_800);
    expect(lineAmountCents(6350.5, 1.62)).toBe(1_028_781);
    // 0.05 kg × 0.01 €/kg = 0.0005 € → 0 cents; 0.5 kg × 0.01 €/kg = 0.005 € → 1 cent (half up).
    expect(lineAmountCents(0.05, 0.01)).toBe(0);
    expect(lineAmountCents(0.5, 0.01)).toBe(1);
    // Binary drift would make 1.005 × 100 = 100.49999…; the integer product does not drift.
    expect(lineAmountCents(100.5, 1.01)).toBe(10_151);
    expect(lineAmount(20_000_000, 1_000_000)).toBe(20_000_000_000_000);
  });
});
