import { describe, expect, it } from 'vitest';
import { CatalogMatcher } from './catalog-matcher.js';
import { parseMessage } from './offer-parser.js';
import { NOT_OFFERS, OFFERS } from './offer-parser.cases.js';
import { referenceMatchCatalog } from '../../db/reference/match-catalog.js';

const matcher = new CatalogMatcher(referenceMatchCatalog());
/** A Saturday: "lunes"/"monday" is the 23rd, "mañana" the 22nd, week 49 starts on the 30th. */
const today = new Date('2026-11-21T00:00:00Z');
const parse = (text: string) => parseMessage(text, matcher, { today });

describe('offer line parser', () => {
  it('has at least 40 offer lines in three languages', () => {
    expect(OFFERS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(OFFERS)('reads %s', (line, expected) => {
    const offers = parse(line);
    expect(offers).toHaveLength(1);
    const o = offers[0]!;
    const { code, ...fields } = expected;
    expect(o.lookalike.productName?.code ?? null).toBe(code);
    expect(o).toMatchObject(fields);
    expect(o.productName.length).toBeGreaterThan(0);
    expect(o.line).toBe(line);
  });

  it.each(NOT_OFFERS)('finds no offer in %j', (line) => {
    expect(parse(line)).toEqual([]);
  });
});

describe('whole messages', () => {
  it('applies a header origin and date to the lines below it and skips the chatter', () => {
    const offers = parse(
      [
        'Buenos días 👋',
        '*OFERTA* Origen Marruecos, salida 25/11',
        '- Clementina cal 1 cj 10kg 0,95€/kg 4 pal',
        '- Naranja navel cal 4 0,60€/kg 6 pal',
        'Saludos',
      ].join('\n'),
    );
    expect(offers.map((o) => [o.lookalike.productName?.code, o.origin, o.startDate])).toEqual([
      ['CIT04', 'Morocco', '2026-11-25'],
      ['CIT01', 'Morocco', '2026-11-25'],
    ]);
  });

  it("lets a line's own origin win over the header", () => {
    const [o] = parse('Origen España\nLimón Turquía cal 3 0,70€/kg');
    expect(o!.origin).toBe('Türkiye');
  });

  it('reads a date without a year sent in December for January as next year', () => {
    const [o] = parseMessage('Fresa tarrina 500g 1,90€/ud desde 10/01', matcher, { today: new Date('2026-12-20T00:00:00Z') });
    expect(o!.startDate).toBe('2027-01-10');
  });
});

describe('words that are names of inherited properties', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('reads a line containing %j like any other word', (word) => {
    const offers = parse(`Tomate rama ${word} cj ${word} 5kg a 1,20 3 pal ${word}`);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ priceKg: 1.2, volume: 3, startDate: null });
    expect(offers[0]!.lookalike.productName?.code).toBe('TOM02');
    expect(matcher.box(`${word} caja`)?.label).not.toBe(undefined);
    expect(matcher.packaging(word)).toBe(null);
  });

  it('reads a line with a NUL byte', () => {
    const [o] = parse('Naranja navel\u0000 cal 3 0,65€/kg 4 pal');
    expect(o).toMatchObject({ priceKg: 0.65, volume: 4 });
  });
});
