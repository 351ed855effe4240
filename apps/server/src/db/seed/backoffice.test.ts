import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { MAX_PAYMENT_TERM_DAYS, type Client, type Supplier } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { seedBackoffice } from './backoffice.js';

let ctx: TestContext;
let suppliers: Supplier[];
let clients: Client[];
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.transaction((tx) => seedBackoffice(tx));
  const { cookie } = await signedIn(ctx, { category: 'admin' });
  suppliers = (await ctx.app.inject({ url: '/api/intern/supplier/getAll', headers: { cookie } })).json();
  clients = (await ctx.app.inject({ url: '/api/intern/client/getAll', headers: { cookie } })).json();
});
afterAll(() => ctx.close());

describe('back-office demo data', () => {
  it('has at least 8 suppliers across Spain, France, Italy, the Netherlands, Morocco and South Africa', () => {
    expect(suppliers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(suppliers.map((s) => s.country?.alpha2))).toEqual(new Set(['ES', 'FR', 'IT', 'NL', 'MA', 'ZA']));
    for (const s of suppliers) expect(s.city).not.toBeNull();
  });

  it('has 6 clients', () => {
    expect(clients).toHaveLength(6);
  });

  it('gives the clients payment terms as traders agree them, all within the legal cap, one payable on receipt', () => {
    const days = clients.map((c) => c.paymentTermDays);
    for (const d of days) expect(d).toBeGreaterThanOrEqual(0);
    for (const d of days) expect(d).toBeLessThanOrEqual(MAX_PAYMENT_TERM_DAYS);
    expect(new Set(days).size).toBeGreaterThanOrEqual(4);
    expect(days).toContain(0);
    // The demo buyer's company keeps the usual 30 days.
    expect(clients.find((c) => c.company === 'Frischmarkt Hamburg GmbH')?.paymentTermDays).toBe(30);
  });

  it('gives every company contacts with valid E.164 phones, certificates or products, and carriers only where the incoterm allows', () => {
    for (const c of [...suppliers, ...clients]) {
      expect(c.contacts.length).toBeGreaterThan(0);
      expect(c.products.length).toBeGreaterThan(0);
      for (const k of c.contacts) expect(isValidPhoneNumber(k.phone), `${c.company} ${k.phone}`).toBe(true);
    }
    for (const s of suppliers) if (s.carrier) expect(s.ict).toBe('FOB');
    for (const c of clients) if (c.carrier) expect(c.ict).toBe('CIF');
    expect(suppliers.filter((s) => s.carrier).length).toBeGreaterThan(3);
    expect(clients.filter((c) => c.carrier).length).toBeGreaterThan(2);
    expect(suppliers.every((s) => s.certificates.length > 0)).toBe(true);
  });
});
