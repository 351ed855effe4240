import { describe, expect, it } from 'vitest';
import type { CatalogItem } from '@primeur/shared';
import { labelIn, lookupKeys } from './lookups';

const boxes: CatalogItem[] = [
  { id: 1, name: 'Wooden crate 40×60', names: { en: 'Wooden crate 40×60', fr: 'Cagette bois 40×60', de: 'Holzsteige 40×60', es: 'Caja de madera 40×60' } },
  {
    id: 2,
    name: 'ifco 6416 (60×40×16)',
    names: { en: 'ifco 6416 (60×40×16)', fr: 'ifco 6416 (60×40×16)', de: 'ifco 6416 (60×40×16)', es: 'ifco 6416 (60×40×16)' },
  },
];

describe('catalog labels (decision 640)', () => {
  it('names a value by id, or by name when the answer carries only the name, in the reader language', () => {
    expect(labelIn(boxes, { id: 1, name: 'Wooden crate 40×60' }, 'fr')).toBe('Cagette bois 40×60');
    expect(labelIn(boxes, { name: 'Wooden crate 40×60' }, 'de-DE')).toBe('Holzsteige 40×60');
    expect(labelIn(boxes, { id: 1, name: 'x' }, 'es')).toBe('Caja de madera 40×60');
  });

  it('falls back to the value own name while the lookups load or for an entry they do not hold', () => {
    expect(labelIn(undefined, { id: 1, name: 'Wooden crate 40×60' }, 'fr')).toBe('Wooden crate 40×60');
    expect(labelIn(boxes, { id: 99, name: 'Hand-made crate' }, 'fr')).toBe('Hand-made crate');
    expect(labelIn(boxes, null, 'fr')).toBe('');
  });

  it('gives each list one query key', () => {
    const keys = [
      lookupKeys.articles,
      lookupKeys.boxes,
      lookupKeys.packagings,
      lookupKeys.certificates,
      lookupKeys.transports,
      lookupKeys.countries,
      lookupKeys.supplierOptions,
    ].map((k) => k.join('/'));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
