import { describe, expect, it } from 'vitest';
import { defaultInvoicePrefix, formatInvoiceNumber, parseInvoicePrefix } from './numbering.js';

describe('invoice numbers', () => {
  it.each([
    ['Les Vergers du Roussillon SARL', 'VERROU'],
    ['Frischmarkt GmbH', 'FRISCH'],
    ['Agrícola Hermanos Pérez Martínez S.L.', 'AHPM'],
    ['Ølgaard & Søn', 'OLGSON'],
    ['Łódź Fruit Sp. z o.o.', 'LODFRU'],
    ['SA', 'SAI'],
    ['X', 'XIN'],
    ['', 'INV'],
  ])('derives a default prefix from %j → %s', (name, prefix) => {
    const p = defaultInvoicePrefix(name);
    expect(p).toBe(prefix);
    expect(p).toMatch(/^[A-Z]{3,6}$/);
  });

  it('accepts a prefix typed by a seller, upper-cased, and refuses what cannot be one', () => {
    expect(parseInvoicePrefix(' vdr ')).toBe('VDR');
    expect(parseInvoicePrefix('V2')).toBe('V2');
    expect(parseInvoicePrefix('2V')).toBeNull();
    expect(parseInvoicePrefix('VD-R')).toBeNull();
    expect(parseInvoicePrefix('ABCDEFGHIJK')).toBeNull();
  });

  it('writes {PREFIX}-YYYY-NNNNN and grows past 99999 rather than wrap', () => {
    expect(formatInvoiceNumber('VDR', 2026, 7)).toBe('VDR-2026-00007');
    expect(formatInvoiceNumber('VDR', 2026, 123_456)).toBe('VDR-2026-123456');
    expect(() => formatInvoiceNumber('VDR', 2026, 0)).toThrow(RangeError);
  });

  it('marks a credit note in its number, so its series never meets the invoices of the same seller and year', () => {
    expect(formatInvoiceNumber('VDR', 2026, 7, 'CREDIT_NOTE')).toBe('VDR-CN-2026-00007');
    expect(formatInvoiceNumber('VDR', 2026, 7, 'INVOICE')).toBe('VDR-2026-00007');
    // A prefix cannot make an invoice number look like a credit note's: it holds no dash.
    expect(() => formatInvoiceNumber('VDR-CN', 2026, 7)).toThrow(RangeError);
  });
});
