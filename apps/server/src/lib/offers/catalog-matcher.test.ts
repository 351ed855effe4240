import { describe, expect, it } from 'vitest';
import { CatalogMatcher } from './catalog-matcher.js';
import { parseMessage } from './offer-parser.js';
import { referenceMatchCatalog } from '../../db/reference/match-catalog.js';

const matcher = new CatalogMatcher(referenceMatchCatalog());
const parse = (text: string) => parseMessage(text, matcher, { today: new Date('2026-11-21T00:00:00Z') });

describe('catalog lookalikes', () => {
  it('matches accent- and case-insensitively in the four catalog languages', () => {
    for (const text of ['LIMON', 'limón', 'Citron', 'Zitrone', 'lemons']) expect(matcher.articles(text)[0]?.code).toBe('CIT08');
  });

  it('scores a partial name lower than a full one and keeps alternatives', () => {
    const [best, ...rest] = matcher.articles('pimiento rojo');
    expect(best).toMatchObject({ code: 'FRV01', score: 1 });
    expect(rest.every((r) => r.score < 1)).toBe(true);
  });

  it('finds boxes by dimensions and material and packagings by size', () => {
    expect(matcher.box('caja madera 30x40')?.label).toBe('Wooden crate 30×40');
    expect(matcher.box('ifco 6416')?.label).toBe('ifco 6416 (60×40×16)');
    expect(matcher.packaging('tarrina 250g')?.label).toBe('punnet 250 g');
    expect(matcher.packaging('malla 2kg')?.label).toBe('net bag 2 kg');
  });

  it('does not take a pomegranate for a country', () => {
    const [o] = parse('Granada Mollar cal AA 2,10€/kg');
    expect(o!.lookalike.productName?.code).toBe('EXO03');
    expect(o!.origin).toBe('');
  });
});
