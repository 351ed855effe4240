import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSscc,
  gs1CheckDigit,
  gs1Date,
  gs1ElementString,
  gs1Weight3102,
  internalPalletNumber,
  isGs1Batch,
  isValidGs1CompanyPrefix,
  isValidGtin,
  isValidSscc,
  ssccCapacity,
  toGtin14,
} from './gs1.js';

/** A string of `n` digits that is a valid GS1 number of that length (its last digit computed). */
const withCheck = (body: string) => `${body}${gs1CheckDigit(body)}`;

/** A valid GS1 company prefix: 7 to 11 digits, not starting with 2. */
const prefixArb = fc
  .tuple(fc.constantFrom('0', '1', '3', '4', '5', '6', '7', '8', '9'), fc.integer({ min: 6, max: 10 }))
  .chain(([first, rest]) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: rest, maxLength: rest }).map((s) => first + s));

describe('the GS1 check digit', () => {
  it('is the one of the GS1 examples', () => {
    expect(gs1CheckDigit('10614141123456789')).toBe(7); // SSCC 106141411234567897
    expect(gs1CheckDigit('400638133393')).toBe(1); // GTIN-13 4006381333931
    expect(gs1CheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // GTIN-12 036000291452
    expect(gs1CheckDigit('0')).toBe(0);
    expect(gs1CheckDigit('1')).toBe(7);
  });

  it('refuses anything but digits', () => {
    for (const s of ['', '12a4', ' 123', '1.5', '-12']) expect(() => gs1CheckDigit(s)).toThrow(RangeError);
  });

  it('catches every single-digit error (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const full = withCheck(body);
          const i = at % full.length;
          const wrong = full.slice(0, i) + String((Number(full[i]) + delta) % 10) + full.slice(i + 1);
          expect(gs1CheckDigit(wrong.slice(0, -1))).not.toBe(Number(wrong[wrong.length - 1]));
        },
      ),
    );
  });
});

describe('GTINs', () => {
  it('are 8, 12, 13 or 14 digits with a correct check digit', () => {
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('04006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('4006381333930')).toBe(false);
  });

  it('have no other length, even with a correct check digit', () => {
    for (const n of [2, 6, 7, 9, 10, 11, 15, 16, 18]) expect(isValidGtin(withCheck('1'.repeat(n - 1))), `${n} digits`).toBe(false);
    for (const n of [8, 12, 13, 14]) expect(isValidGtin(withCheck('1'.repeat(n - 1))), `${n} digits`).toBe(true);
  });

  it('have only digits', () => {
    for (const s of ['', '400638133393a', '4006381 333931', '+4006381333931', '４００６３８１３３３９３１']) expect(isValidGtin(s)).toBe(false);
  });

  it('take 14 digits, left-padded, for AI (01)/(02)', () => {
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14('04006381333931')).toBe('04006381333931');
    expect(() => toGtin14('4006381333932')).toThrow(RangeError);
  });
});

describe('GS1 company prefixes', () => {
  it('have 7 to 11 digits', () => {
    expect(isValidGs1CompanyPrefix('061414')).toBe(false);
    expect(isValidGs1CompanyPrefix('0614141')).toBe(true);
    expect(isValidGs1CompanyPrefix('4006381')).toBe(true);
    expect(isValidGs1CompanyPrefix('40063813339')).toBe(true);
    expect(isValidGs1CompanyPrefix('400638133393')).toBe(false);
  });

  it('never start with 2 (restricted circulation) and hold only digits', () => {
    expect(isValidGs1CompanyPrefix('2006381')).toBe(false);
    expect(isValidGs1CompanyPrefix('29999999999')).toBe(false);
    expect(isValidGs1CompanyPrefix('1999999')).toBe(true);
    expect(isValidGs1CompanyPrefix('3000000')).toBe(true);
    for (const s of ['', '061414a', '0614 141', '06141.41']) expect(isValidGs1CompanyPrefix(s)).toBe(false);
  });
});

describe('SSCCs', () => {
  it('builds the GS1 example SSCC', () => {
    // Extension digit 1, prefix 0614141, serial reference 123456789 (9 = 16 − 7 digits), check digit 7.
    expect(buildSscc('0614141', 1_123_456_789)).toBe('106141411234567897');
    expect(isValidSscc('106141411234567897')).toBe(true);
  });

  it('counts 10 extension digits × 10^(16 − prefix length) serial references', () => {
    expect(ssccCapacity('0614141')).toBe(10_000_000_000);
    expect(ssccCapacity('40063813')).toBe(1_000_000_000);
    expect(ssccCapacity('4006381333')).toBe(10_000_000);
    expect(ssccCapacity('40063813339')).toBe(1_000_000);
    expect(() => ssccCapacity('2006381')).toThrow(RangeError);
    expect(() => ssccCapacity('061414')).toThrow(RangeError);
  });

  it('numbers from 0 up to the capacity, the extension digit moving last', () => {
    expect(buildSscc('0614141', 0)).toBe(withCheck('0' + '0614141' + '000000000'));
    expect(buildSscc('0614141', 1)).toBe(withCheck('0' + '0614141' + '000000001'));
    expect(buildSscc('0614141', 999_999_999)).toBe(withCheck('0' + '0614141' + '999999999'));
    expect(buildSscc('0614141', 1_000_000_000)).toBe(withCheck('1' + '0614141' + '000000000'));
    expect(buildSscc('0614141', 9_999_999_999)).toBe(withCheck('9' + '0614141' + '999999999'));
    // An 11-digit prefix leaves 5 serial digits: 10^6 SSCCs.
    expect(buildSscc('40063813339', 999_999)).toBe(withCheck('9' + '40063813339' + '99999'));
    expect(buildSscc('40063813339', 123)).toBe(withCheck('0' + '40063813339' + '00123'));
  });

  it('refuses a number at or past the capacity, or not a safe non-negative integer', () => {
    expect(() => buildSscc('0614141', 10_000_000_000)).toThrow(RangeError);
    expect(() => buildSscc('40063813339', 1_000_000)).toThrow(RangeError);
    for (const n of [-1, 0.5, NaN, Infinity, -Infinity, 2 ** 53]) expect(() => buildSscc('0614141', n), String(n)).toThrow(RangeError);
  });

  it('refuses an invalid prefix', () => {
    for (const p of ['2006381', '061414', '400638133393', 'abcdefg']) expect(() => buildSscc(p, 0), p).toThrow(RangeError);
  });

  it('are 18 digits with a correct check digit', () => {
    expect(isValidSscc('106141411234567898')).toBe(false);
    expect(isValidSscc('10614141123456789')).toBe(false);
    expect(isValidSscc(withCheck('106141411234567897'))).toBe(false);
    expect(isValidSscc('(00)106141411234567897')).toBe(false);
    expect(isValidSscc('10614141123456789a')).toBe(false);
    expect(isValidSscc(withCheck('0'.repeat(17)))).toBe(true);
  });

  it('are always valid, 18 digits, with the prefix after the extension digit (property)', () => {
    fc.assert(
      fc.property(
        prefixArb.chain((prefix) => fc.tuple(fc.constant(prefix), fc.integer({ min: 0, max: ssccCapacity(prefix) - 1 }))),
        ([prefix, n]) => {
          const sscc = buildSscc(prefix, n);
          expect(sscc).toMatch(/^\d{18}$/);
          expect(isValidSscc(sscc)).toBe(true);
          expect(sscc.slice(1, 1 + prefix.length)).toBe(prefix);
          // The number comes back: extension digit × 10^k + serial reference.
          const k = 16 - prefix.length;
          expect(Number(sscc[0]) * 10 ** k + Number(sscc.slice(1 + prefix.length, 17))).toBe(n);
        },
      ),
    );
  });

  it('differ for distinct numbers of a prefix (property)', () => {
    fc.assert(
      fc.property(
        prefixArb.chain((prefix) => {
          const n = fc.integer({ min: 0, max: ssccCapacity(prefix) - 1 });
          return fc.tuple(fc.constant(prefix), n, n);
        }),
        ([prefix, a, b]) => {
          fc.pre(a !== b);
          expect(buildSscc(prefix, a)).not.toBe(buildSscc(prefix, b));
        },
      ),
    );
  });

  it('differ between prefixes that do not extend one another, whatever the numbers (property)', () => {
    fc.assert(
      fc.property(prefixArb, prefixArb, fc.nat(), fc.nat(), (p, q, a, b) => {
        fc.pre(!p.startsWith(q) && !q.startsWith(p));
        expect(buildSscc(p, a % ssccCapacity(p))).not.toBe(buildSscc(q, b % ssccCapacity(q)));
      }),
    );
  });
});

describe('internal pallet numbers', () => {
  it('are the order number and the pallet on two digits', () => {
    expect(internalPalletNumber('PRM-2026-000123', 1)).toBe('PRM-2026-000123-P01');
    expect(internalPalletNumber('PRM-2026-000123', 9)).toBe('PRM-2026-000123-P09');
    expect(internalPalletNumber('PRM-2026-000123', 10)).toBe('PRM-2026-000123-P10');
    expect(internalPalletNumber('PRM-2026-000123', 99)).toBe('PRM-2026-000123-P99');
    expect(internalPalletNumber('PRM-2026-000123', 100)).toBe('PRM-2026-000123-P100');
  });

  it('refuses a sequence number that is not a positive integer', () => {
    for (const seq of [0, -1, 1.5, NaN, Infinity]) expect(() => internalPalletNumber('PRM-2026-000123', seq), String(seq)).toThrow(RangeError);
  });

  it('is never 18 digits, not even for an all-digit order number (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 20 }), fc.string({ maxLength: 20 })),
        fc.integer({ min: 1, max: 100_000 }),
        (order, seq) => {
          const code = internalPalletNumber(order, seq);
          expect(code).not.toMatch(/^\d{18}$/);
          expect(isValidSscc(code)).toBe(false);
        },
      ),
    );
  });
});

describe('element strings', () => {
  it('writes each AI in parentheses before its value', () => {
    expect(
      gs1ElementString([
        ['00', '106141411234567897'],
        ['02', '04006381333931'],
        ['37', '80'],
      ]),
    ).toBe('(00)106141411234567897(02)04006381333931(37)80');
    expect(gs1ElementString([['3102', '095000']])).toBe('(3102)095000');
    expect(gs1ElementString([])).toBe('');
  });

  it('gives the day as YYMMDD', () => {
    expect(gs1Date('2026-11-20')).toBe('261120');
    expect(gs1Date('2024-02-29')).toBe('240229');
    expect(gs1Date('2030-01-01')).toBe('300101');
  });

  it('refuses what is not a calendar day', () => {
    for (const s of ['2025-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-11-00', '26-11-20', '2026-11-20T00:00:00Z', '20261120', '']) {
      expect(() => gs1Date(s), s).toThrow(RangeError);
    }
  });

  it('gives a net weight on 6 digits with 2 decimals, within 0.01 to 9999.99 kg', () => {
    expect(gs1Weight3102(950)).toBe('095000');
    expect(gs1Weight3102(0.01)).toBe('000001');
    expect(gs1Weight3102(123.456)).toBe('012346');
    expect(gs1Weight3102(1.005)).toBe('000101');
    expect(gs1Weight3102(9999.99)).toBe('999999');
    expect(gs1Weight3102(9999.994)).toBe('999999');
    for (const kg of [10_000, 9999.995, 12_345, 0, 0.004, -1, NaN, Infinity]) expect(() => gs1Weight3102(kg), String(kg)).toThrow(RangeError);
  });

  it('takes a batch of 1 to 20 characters of set 82', () => {
    expect(isGs1Batch('L123')).toBe(true);
    expect(isGs1Batch('A')).toBe(true);
    expect(isGs1Batch('A'.repeat(20))).toBe(true);
    expect(isGs1Batch('A'.repeat(21))).toBe(false);
    expect(isGs1Batch('')).toBe(false);
    expect(isGs1Batch('!"%&\'()*+,-./:;<=>?_')).toBe(true);
    expect(isGs1Batch('azAZ09')).toBe(true);
    for (const s of ['L 123', 'Lé1', 'L#1', 'L$1', 'L@1', 'L[1]', 'L\\1', 'L^1', 'L`1', 'L{1}', 'L|1', 'L~1', 'L\t1']) expect(isGs1Batch(s), s).toBe(false);
  });
});
