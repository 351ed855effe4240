import { describe, expect, it } from 'vitest';
import { headerSafe, isPlainAddress } from './escape.js';
import { languageForCountry } from './language.js';
import { renderProductRequest } from './templates/product-request.js';

const base = {
  contactName: 'Ana',
  company: 'Huerta',
  product: 'Clementina',
  packaging: null,
  box: null,
  caliber: '1',
  volume: 2.5,
  startDate: '2026-12-01',
  endDate: '2026-12-15',
};

describe('email language and templates', () => {
  it('picks the language of the supplier country, English otherwise', () => {
    expect([languageForCountry('ES'), languageForCountry('fr'), languageForCountry('AT'), languageForCountry('MA')]).toEqual(['es', 'fr', 'de', 'fr']);
    expect([languageForCountry('NL'), languageForCountry(null), languageForCountry('ZA')]).toEqual(['en', 'en', 'en']);
  });

  it('renders every language with the request lines', () => {
    for (const language of ['en', 'fr', 'de', 'es'] as const) {
      const m = renderProductRequest({ ...base, language });
      expect(m.subject).toContain('Clementina');
      expect(m.text).toContain('2');
      expect(m.html).toContain(`lang="${language}"`);
      expect(m.text).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('writes the pallets with the plural rules of each language, never "pallet(s)"', () => {
    expect(renderProductRequest({ ...base, volume: 1, language: 'fr' }).text).toContain('1 palette');
    expect(renderProductRequest({ ...base, volume: 1, language: 'fr' }).text).not.toContain('palettes');
    expect(renderProductRequest({ ...base, volume: 3, language: 'de' }).text).toContain('3 Paletten');
    expect(renderProductRequest({ ...base, volume: 2.5, language: 'en' }).text).toContain('2.5 pallets');
    for (const language of ['en', 'fr', 'de', 'es'] as const) expect(renderProductRequest({ ...base, language }).text).not.toContain('(');
  });

  it('escapes markup in the HTML body and keeps line breaks out of the subject', () => {
    const m = renderProductRequest({ ...base, language: 'en', caliber: '1\r\nBcc: x@y.z', company: '<img src=x onerror=alert(1)>' });
    expect(m.subject).toBe('Product request: Clementina, caliber 1 Bcc: x@y.z');
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses addresses that carry a second recipient or a header', () => {
    expect(isPlainAddress('ana@huerta.es')).toBe(true);
    for (const bad of ['ana@huerta.es\r\nBcc: x@y.z', 'a@b.c, d@e.f', 'Ana <ana@huerta.es>', 'no-at-sign']) expect(isPlainAddress(bad)).toBe(false);
    expect(headerSafe(' a\r\n\tb ')).toBe('a b');
  });
});
