import { describe, expect, it } from 'vitest';
import { decideVat, EU_COUNTRIES, FRESH_PRODUCE_VAT_RATES, normalizeVatId } from './vat.js';

const fr = { country: 'FR', vatId: 'FR40303265045' };
const es = { country: 'ES', vatId: 'ESB12345678' };
const de = { country: 'DE', vatId: 'DE123456789' };

describe('VAT rules for fresh produce', () => {
  it.each([
    ['FR', 5.5],
    ['ES', 4],
    ['IT', 4],
    ['DE', 7],
    ['BE', 6],
    ['NL', 9],
    ['PT', 6],
  ])('a domestic sale in %s carries the reduced rate %s %% (category S)', (country, rate) => {
    const party = { country, vatId: `${country}123456789` };
    const d = decideVat({ seller: party, buyer: { country, vatId: null } });
    expect(d).toMatchObject({ status: 'ok', rule: 'DOMESTIC', category: 'S', ratePercent: rate, exemption: null });
  });

  it('every rate line names its source and the day it was recorded', () => {
    for (const line of FRESH_PRODUCE_VAT_RATES) {
      expect(line.source.length).toBeGreaterThan(10);
      expect(line.recordedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(EU_COUNTRIES).toContain(line.country);
    }
  });

  it('refuses a domestic sale in a country whose rate is not in the table', () => {
    const at = { country: 'AT', vatId: 'ATU12345678' };
    expect(decideVat({ seller: at, buyer: at })).toEqual({ status: 'unsupported', reason: 'NO_RATE_FOR_COUNTRY', country: 'AT' });
  });

  it('a sale between two EU countries with both VAT numbers is an exempt intra-community supply (K, 0 %)', () => {
    const d = decideVat({ seller: fr, buyer: de });
    expect(d).toMatchObject({ status: 'ok', rule: 'INTRA_COMMUNITY', category: 'K', ratePercent: 0, buyerVatIdRequired: true });
    expect(d.status === 'ok' && d.exemption).toMatchObject({ code: 'VATEX-EU-IC', text: expect.stringContaining('Article 138') });
  });

  it('an intra-community sale without the buyer VAT number waits for it instead of charging VAT', () => {
    expect(decideVat({ seller: fr, buyer: { country: 'DE', vatId: null } })).toEqual({ status: 'needsData', reasons: ['BUYER_VAT_ID_MISSING'] });
    expect(decideVat({ seller: fr, buyer: { country: 'DE', vatId: '  ' } })).toEqual({ status: 'needsData', reasons: ['BUYER_VAT_ID_MISSING'] });
  });

  it('a buyer VAT number of the seller country cannot make a cross-border sale exempt', () => {
    expect(decideVat({ seller: fr, buyer: { country: 'DE', vatId: 'FR23334175221' } })).toEqual({ status: 'needsData', reasons: ['BUYER_VAT_ID_COUNTRY'] });
  });

  it('reports every missing fact at once', () => {
    expect(decideVat({ seller: { country: 'ES', vatId: null }, buyer: { country: 'FR', vatId: null } })).toEqual({
      status: 'needsData',
      reasons: ['SELLER_VAT_ID_MISSING', 'BUYER_VAT_ID_MISSING'],
    });
  });

  it('a buyer outside the EU is an export (G, 0 %) that needs no buyer VAT number', () => {
    const d = decideVat({ seller: es, buyer: { country: 'CH', vatId: null } });
    expect(d).toMatchObject({ status: 'ok', rule: 'EXPORT', category: 'G', ratePercent: 0, buyerVatIdRequired: false });
    expect(d.status === 'ok' && d.exemption?.code).toBe('VATEX-EU-G');
    expect(decideVat({ seller: es, buyer: { country: 'GB', vatId: 'GB123456789' } })).toMatchObject({ rule: 'EXPORT' });
  });

  it('an export still needs the seller VAT number', () => {
    expect(decideVat({ seller: { country: 'FR', vatId: null }, buyer: { country: 'CH', vatId: null } })).toEqual({
      status: 'needsData',
      reasons: ['SELLER_VAT_ID_MISSING'],
    });
  });

  it('goods that stay in the seller country are a domestic sale, wherever the buyer is registered', () => {
    expect(decideVat({ seller: fr, buyer: es, destinationCountry: 'FR' })).toMatchObject({ rule: 'DOMESTIC', ratePercent: 5.5 });
    expect(decideVat({ seller: fr, buyer: fr, destinationCountry: 'DE' })).toEqual({ status: 'needsData', reasons: ['BUYER_VAT_ID_COUNTRY'] });
  });

  it('Monaco is in the French VAT territory; Greek numbers start with EL', () => {
    expect(decideVat({ seller: fr, buyer: { country: 'MC', vatId: null } })).toMatchObject({ rule: 'DOMESTIC', ratePercent: 5.5 });
    expect(decideVat({ seller: fr, buyer: { country: 'GR', vatId: 'EL123456789' } })).toMatchObject({ rule: 'INTRA_COMMUNITY' });
    expect(decideVat({ seller: { country: 'GR', vatId: 'GR123456789' }, buyer: fr })).toEqual({ status: 'needsData', reasons: ['SELLER_VAT_ID_COUNTRY'] });
  });

  it('a seller outside the EU is not supported', () => {
    expect(decideVat({ seller: { country: 'MA', vatId: null }, buyer: fr })).toEqual({ status: 'unsupported', reason: 'SELLER_OUTSIDE_EU', country: 'MA' });
  });

  it('normalizes VAT numbers as people type them', () => {
    expect(normalizeVatId(' fr 40 303.265-045 ')).toBe('FR40303265045');
    expect(normalizeVatId('')).toBeNull();
    expect(normalizeVatId(null)).toBeNull();
  });
});
