import { describe, expect, it } from 'vitest';
import { euro } from './format';

describe('euro: the one amount formatter of the web app', () => {
  it('writes amounts the reader’s way, currency EUR, 2 decimals', () => {
    expect(euro(3.1, 'en')).toBe('€3.10');
    expect(euro(3.1, 'fr')).toBe('3,10\u00a0€');
    expect(euro(3.1, 'de')).toBe('3,10\u00a0€');
    expect(euro(3.1, 'es')).toBe('3,10\u00a0€');
    expect(euro('1234.5', 'en')).toBe('€1,234.50');
    expect(euro(1234.5, 'de')).toBe('1.234,50\u00a0€');
  });

  it('appends /kg after the currency, keeps 3 decimals when asked, and shows a dash for no amount', () => {
    expect(euro(0.95, 'en', { perKg: true })).toBe('€0.95/kg');
    expect(euro(0.95, 'fr', { perKg: true })).toBe('0,95\u00a0€/kg');
    expect(euro(1.0555, 'fr', { decimals: 3, perKg: true })).toBe('1,056\u00a0€/kg');
    expect(euro(null, 'en')).toBe('–');
    expect(euro(undefined, 'fr')).toBe('–');
  });
});
