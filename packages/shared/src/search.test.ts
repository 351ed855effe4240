import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search.js';

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
