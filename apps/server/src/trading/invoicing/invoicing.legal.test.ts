import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { deliveredOrder } from '../../../test/delivered-order.js';
import { invoiceDocuments, invoices, orders, users } from '../../db/schema/index.js';
import * as issuing from './invoicing.issuing.js';

// Each issue renders a Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

/**
 * What the law asks on a French seller's invoice (issue 32 §9, decision 968), from the company's data
 * to the issued document: BT-30 and BT-33 from the seller's profile, BT-47 from the buyer's, and the
 * lot's class, variety and packing day on the line.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
});
afterAll(() => ctx.close());

describe('issuing a French seller invoice', () => {
  it('takes the registration identifiers and legal facts of both companies and the lot facts of the order', async () => {
    const seller = await signedIn(ctx, { category: 'supplier', companyName: 'Vergers du Sud SAS', country: 'FR', vatId: 'FR40732829320', postalCode: '66000' });
    const buyer = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt GmbH', country: 'DE', vatId: 'DE123456789', postalCode: '80337' });
    await ctx.db
      .update(users)
      .set({ registrationId: '73282932000074', legalForm: 'SAS', shareCapital: '37000.00', registryCity: 'Perpignan' })
      .where(eq(users.id, seller.user.id));
    await ctx.db.update(users).set({ registrationId: 'HRB 98765' }).where(eq(users.id, buyer.user.id));
    const order = await deliveredOrder(ctx.db, seller.user.id, buyer.user.id, 500, 1.5);
    await ctx.db
      .update(orders)
      .set({ lot: sql`${orders.lot} || '{"qualityClass":"EXTRA","variety":"Marmande","packedOn":"2026-11-20"}'::jsonb` })
      .where(eq(orders.id, order.id));

    const r = await issuing.issueForOrder({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log }, order.id);
    expect(r?.result).toBe('issued');
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(row!.input).toMatchObject({
      seller: { registrationId: '73282932000074', legal: { form: 'SAS', shareCapital: 37000, registryCity: 'Perpignan' } },
      buyer: { registrationId: 'HRB 98765', legal: null },
      lines: [{ qualityClass: 'EXTRA', variety: 'Marmande', packedOn: '2026-11-20' }],
    });
    const [doc] = await ctx.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, row!.id));
    const xml = doc!.xml;
    // The buyer is German: the texts are in German; the SIREN of the SIRET under ICD 0002.
    expect(xml).toMatch(/<ram:Description>SAS, Stammkapital 37\.000,00[\s\u00a0]€, RCS Perpignan 732829320<\/ram:Description>/);
    expect(xml).toMatch(/<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">732829320<\/ram:ID>/);
    expect(xml).toMatch(/<ram:SpecifiedLegalOrganization>\s*<ram:ID>HRB 98765<\/ram:ID>/);
    expect(xml).toMatch(/<ram:Description>Klasse<\/ram:Description>\s*<ram:Value>EXTRA<\/ram:Value>/);
    expect(xml).toMatch(/<ram:Description>Sorte<\/ram:Description>\s*<ram:Value>Marmande<\/ram:Value>/);
  });
});
