import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { todayInParis } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { deliveredOrder, invoiceEvents, settledClaim } from '../../../test/delivered-order.js';
import { invoices } from '../../db/schema/index.js';
import * as issuing from './invoicing.issuing.js';

// Each issued invoice renders its Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let huerta: Party;
let huertas: Party;
let buyer: Party;

const almeria = { category: 'supplier' as const, country: 'ES', address: 'Paraje Los Llanos, s/n', postalCode: '04700' };

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  huerta = await signedIn(ctx, { ...almeria, companyName: 'Huerta de Almería S.L.', vatId: 'ESB04111111' });
  huertas = await signedIn(ctx, { ...almeria, companyName: 'Huertas de Almería S.A.', vatId: 'ESA04222222' });
  buyer = await signedIn(ctx, {
    category: 'client',
    companyName: 'Primeurs de Rungis SAS',
    country: 'FR',
    vatId: 'FR23334175221',
    address: 'MIN de Rungis',
    postalCode: '94150',
  });
});
afterAll(() => ctx.close());

const deps = (): issuing.IssueDeps => ({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log });
const setPrefix = (who: Party, invoicePrefix: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/invoicing-settings', headers: { cookie: who.cookie }, payload: { iban: '', bic: '', invoicePrefix } });
const issuedBy = (sellerId: number, kind: 'INVOICE' | 'CREDIT_NOTE') =>
  ctx.db
    .select({ number: invoices.number, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.sellerId, sellerId), eq(invoices.kind, kind)))
    .orderBy(asc(invoices.id));

describe('invoice numbers per issuer (decision 970)', () => {
  it('two sellers with the same name and the same chosen prefix each get their invoices, numbered from 1', async () => {
    // Both derive the same prefix from their names, and both may choose the same one on purpose.
    const a = await setPrefix(huerta, 'huerta');
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ invoicePrefix: 'HUERTA', defaultPrefix: 'HUEALM' });
    const b = await setPrefix(huertas, 'HUERTA');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ invoicePrefix: 'HUERTA', defaultPrefix: 'HUEALM' });

    for (const s of [huerta, huertas, huerta, huertas]) await deliveredOrder(ctx.db, s.user.id, buyer.user.id, 1_000, 1.5);
    const counts = await invoiceEvents(deps());
    expect(counts).toMatchObject({ issued: 4, waiting: 0 });

    const year = todayInParis().slice(0, 4);
    for (const s of [huerta, huertas]) {
      expect(await issuedBy(s.user.id, 'INVOICE')).toEqual([
        { number: `HUERTA-${year}-00001`, status: 'ISSUED' },
        { number: `HUERTA-${year}-00002`, status: 'ISSUED' },
      ]);
    }
  });

  it("a seller's credit notes are numbered in their own series, from 1, beside its invoices", async () => {
    const o = await deliveredOrder(ctx.db, huertas.user.id, buyer.user.id, 500, 2);
    await invoiceEvents(deps());
    await settledClaim(ctx.db, o.id, 100);
    await invoiceEvents(deps());
    const year = todayInParis().slice(0, 4);
    expect((await issuedBy(huertas.user.id, 'INVOICE')).map((r) => r.number)).toContain(`HUERTA-${year}-00003`);
    expect(await issuedBy(huertas.user.id, 'CREDIT_NOTE')).toEqual([{ number: `HUERTA-CN-${year}-00001`, status: 'ISSUED' }]);
    expect(await issuedBy(huerta.user.id, 'CREDIT_NOTE')).toEqual([]);
  });

  it('refuses a prefix of the wrong shape with 400 and the house error shape, and keeps the saved one', async () => {
    for (const bad of ['hu-1', '1HUERTA', 'H', 'HUERTAHUERTA', 'HUÉRTA']) {
      const res = await setPrefix(huerta, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
    const now = await ctx.app.inject({ method: 'GET', url: '/api/users/invoicing-settings', headers: { cookie: huerta.cookie } });
    expect(now.json()).toMatchObject({ invoicePrefix: 'HUERTA' });
  });
});
