import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_TERM_DAYS, MAX_PAYMENT_TERM_DAYS, PAYMENT_TERM_CAPS, paymentDueDate, paymentTermCap } from './payment-terms.js';

describe('payment terms for perishable food', () => {
  it('France caps the term at 30 days after delivery (Code de commerce L441-11)', () => {
    const d = paymentDueDate({ issueDate: '2026-11-26', deliveryDate: '2026-11-25', termDays: 45, sellerCountry: 'ES', buyerCountry: 'FR' });
    expect(d).toMatchObject({ dueDate: '2026-12-25', capped: true });
    expect(d.cap?.source).toContain('L441-11');
  });

  it('keeps a shorter agreed term', () => {
    expect(paymentDueDate({ issueDate: '2026-11-26', deliveryDate: '2026-11-25', termDays: 15, sellerCountry: 'FR', buyerCountry: 'FR' })).toMatchObject({
      dueDate: '2026-12-11',
      capped: false,
    });
  });

  it('applies the EU 30-day rule between other member states, and none outside the EU', () => {
    expect(paymentTermCap('ES', 'DE')?.scope).toBe('EU');
    expect(paymentTermCap('FR', 'CH')?.scope).toBe('FR');
    expect(paymentTermCap('CH', 'MA')).toBeNull();
    expect(paymentDueDate({ issueDate: '2026-01-01', deliveryDate: '2026-01-01', termDays: 60, sellerCountry: 'CH', buyerCountry: 'NO' })).toEqual({
      dueDate: '2026-03-02',
      capped: false,
      cap: null,
    });
  });

  it('an invoice issued after the cap has passed is due on its own date', () => {
    expect(paymentDueDate({ issueDate: '2026-03-10', deliveryDate: '2026-01-15', termDays: 30, sellerCountry: 'FR', buyerCountry: 'FR' })).toMatchObject({
      dueDate: '2026-03-10',
      capped: true,
    });
  });

  it('refuses malformed input', () => {
    expect(() => paymentDueDate({ issueDate: '26/11/2026', deliveryDate: '2026-11-25', termDays: 30, sellerCountry: 'FR', buyerCountry: 'FR' })).toThrow(
      RangeError,
    );
    expect(() => paymentDueDate({ issueDate: '2026-11-26', deliveryDate: '2026-11-25', termDays: 1.5, sellerCountry: 'FR', buyerCountry: 'FR' })).toThrow(
      RangeError,
    );
  });

  it('every cap names its source and date', () => {
    for (const c of PAYMENT_TERM_CAPS) {
      expect(c.source.length).toBeGreaterThan(10);
      expect(c.recordedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe("a client's payment terms (decision 956)", () => {
  it('default to 30 days and reach at most the longest legal cap', () => {
    expect(DEFAULT_PAYMENT_TERM_DAYS).toBe(30);
    expect(MAX_PAYMENT_TERM_DAYS).toBe(30);
    expect(MAX_PAYMENT_TERM_DAYS).toBe(Math.max(...PAYMENT_TERM_CAPS.map((c) => c.maxDaysAfterDelivery)));
  });
});
