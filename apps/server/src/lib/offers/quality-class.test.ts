import { describe, expect, it } from 'vitest';
import type { QualityClass } from '@primeur/shared';
import { CatalogMatcher } from './catalog-matcher.js';
import { parseMessage } from './offer-parser.js';
import { referenceMatchCatalog } from '../../db/reference/match-catalog.js';

const matcher = new CatalogMatcher(referenceMatchCatalog());
const today = new Date('2026-11-21T00:00:00Z');
const parse = (line: string) => {
  const offers = parseMessage(line, matcher, { today });
  expect(offers).toHaveLength(1);
  return offers[0]!;
};

/** Offer lines stating a class, in the four languages and the trade's spellings (decision 915). */
const STATED: Array<[string, QualityClass]> = [
  ['Tomate rama Cat. I cj 5kg 1,20€/kg 3 pal', 'I'],
  ['Tomate rama cat I cj 5kg 1,20€/kg 3 pal', 'I'],
  ['Tomate rama Cat II cj 5kg 0,90€/kg 3 pal', 'II'],
  ['Tomate rama cat.II cj 5kg 0,90€/kg 3 pal', 'II'],
  ['Tomate rama cat 1 cj 5kg 1,20€/kg 3 pal', 'I'],
  ['Tomate rama cat 2 cj 5kg 0,90€/kg', 'II'],
  ['Tomate rama cat extra cj 5kg 1,80€/kg', 'EXTRA'],
  ['Naranja navel Categoría II cal 3 0,55€/kg 4 pal', 'II'],
  ['Naranja navel categoria I cal 3 0,65€/kg 4 pal', 'I'],
  ['Naranja navel 1ª cat cal 3 0,65€/kg 4 pal', 'I'],
  ['Naranja navel 2a categoría cal 3 0,50€/kg 4 pal', 'II'],
  ['Naranja navel primera categoría cal 3 0,65€/kg', 'I'],
  ['Naranja navel segunda categoria cal 3 0,50€/kg', 'II'],
  ['Naranja navel clase I cal 3 0,65€/kg', 'I'],
  ['Naranja navel II cat cal 3 0,50€/kg', 'II'],
  ['Clémentines Catégorie I colis 10kg 9€ le colis', 'I'],
  ['Clémentines catégorie II colis 10kg 8€ le colis', 'II'],
  ['Clémentines 1re catégorie colis 10kg 9€ le colis', 'I'],
  ['Clémentines 2e catégorie colis 10kg 8€ le colis', 'II'],
  ['Clémentines deuxième catégorie colis 10kg 8€ le colis', 'II'],
  ['Clémentines classe I colis 10kg 9€ le colis', 'I'],
  ['Courgettes Extra colis 5kg 1,40€/kg 2 pal', 'EXTRA'],
  ['Navel oranges Class I size 5 €0.70/kg 3 pallets', 'I'],
  ['Navel oranges class II size 5 €0.60/kg 3 pallets', 'II'],
  ['Navel oranges 1st class size 5 €0.70/kg', 'I'],
  ['Navel oranges 2nd class size 5 €0.60/kg', 'II'],
  ['Navel oranges first class size 5 €0.70/kg', 'I'],
  ['Navel oranges class extra size 5 €0.90/kg', 'EXTRA'],
  ['Orangen Kl. I Spanien 15kg Karton 0,70€/kg', 'I'],
  ['Orangen Kl I 15kg 0,70€/kg', 'I'],
  ['Orangen Klasse II 15kg 0,60€/kg', 'II'],
  ['Orangen Handelsklasse I 0,70€/kg', 'I'],
  ['Orangen HKL II 0,60€/kg', 'II'],
  ['Orangen 1. Klasse 0,70€/kg', 'I'],
  ['Orangen zweite Klasse 0,60€/kg', 'II'],
  ['Orangen Klasse Extra 0,95€/kg', 'EXTRA'],
  ['*Tomate rama* _Cat. I_ 1,20€/kg', 'I'],
];

/** Lines that state no class, some with words or numerals a careless reader would take for one. */
const NOT_STATED: string[] = [
  'Tomate rama cj 30x40 5kg a 1,20 3 pal',
  'Tomate Daniela II cj 5kg 1,10€/kg 2 pal',
  'Kiwi Hayward I cj 3kg 2,20€/kg',
  'Clementina cal 1 cj 10kg 0,95€/kg 4 pal',
  'Clementina cal. 2 cj 10kg 0,85€/kg',
  'Haricots verts extra fins colis 5kg 4,20€/kg',
  'Haricots verts extra-fins colis 5kg 4,20€/kg',
  'Aguacate Hass extra large caja 4kg 11€/caja',
  'Pimiento rojo cal G 1,45€/kg 2 pal',
  'Naranja navel cat I/II cal 3 0,60€/kg',
  'Orangen Kl. I-II 0,60€/kg',
];

describe('quality class in an offer line', () => {
  it.each(STATED)('reads %s as class %s', (line, expected) => {
    const o = parse(line);
    expect(o.qualityClass).toBe(expected);
    // The class words never stay in the product's name.
    expect(o.productName).not.toMatch(/\b(?:cat|categor|klasse|kl|class|clase|extra|hkl)\b/i);
  });

  it.each(NOT_STATED)('reads no class in %s', (line) => {
    expect(parse(line).qualityClass).toBeNull();
  });

  it('keeps the caliber, the pallets and the price beside the class', () => {
    expect(parse('Clementina cal 2 cat I cj 10kg 0,95€/kg 4 pal')).toMatchObject({ caliber: '2', qualityClass: 'I', priceKg: 0.95, volume: 4 });
    expect(parse('Courgettes cat 2 pal 1,10€/kg')).toMatchObject({ qualityClass: null, volume: 2, priceKg: 1.1 });
    expect(parse('Tomate rama cat I a 1,20 3 pal')).toMatchObject({ qualityClass: 'I', priceKg: 1.2, volume: 3 });
    expect(parse('Tomate Daniela II cat I 1,10€/kg')).toMatchObject({ qualityClass: 'I' });
  });

  it('takes the first class a line names', () => {
    expect(parse('Naranja cat II extra dulce 0,60€/kg').qualityClass).toBe('II');
  });
});
