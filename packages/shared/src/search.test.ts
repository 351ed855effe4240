import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch, searchStem } from './search.js';

describe('search folding', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('  Almería ')).toBe('almeria');
    expect(foldForSearch('MÁLAGA')).toBe('malaga');
    expect(foldForSearch('Straße')).toBe('strasse');
    expect(matchesSearch('almeria', 'Huerta de Almería S.L.')).toBe(true);
    expect(matchesSearch('Almería', 'almeria')).toBe(true);
  });

  it('needs every word, in any field, and matches everything on an empty query', () => {
    expect(matchesSearch('tomate huerta', 'Tomate rama', 'Huerta de Almería')).toBe(true);
    expect(matchesSearch('tomate murcia', 'Tomate rama', 'Huerta de Almería')).toBe(false);
    expect(matchesSearch('   ', 'anything')).toBe(true);
    expect(matchesSearch('x', null, undefined)).toBe(false);
  });
});

describe('searchStem', () => {
  it('brings the plurals and spellings of the four languages to one stem', () => {
    for (const w of ['tomaten', 'tomates', 'tomato', 'tomate', 'tomatoes']) expect(searchStem(w)).toBe('tomat');
    expect(searchStem('kartoffeln')).toBe('kartoffel');
    expect(searchStem('patatas')).toBe('patat');
  });

  it('keeps short words and is always a prefix of the word', () => {
    expect(searchStem('kiwi')).toBe('kiwi');
    expect(searchStem('pes')).toBe('pes');
    for (const w of ['melonen', 'citrons', 'oranges', 'zanahorias']) expect(w.startsWith(searchStem(w))).toBe(true);
    expect(searchStem('melonen')).toBe('melon');
  });
});
