import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createUser } from '../../db/factories.js';
import { freshDatabase } from '../../../test/database.js';
import { buyerDE, domesticFR, intraEU } from '../../../test/invoices.js';
import type { InvoiceDraft } from './invoicing.service.js';
import { numberInvoice, renderInvoiceDocuments } from './invoicing.service.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

const draft = (input: ReturnType<typeof domesticFR>): InvoiceDraft => {
  const { number: _number, ...rest } = input;
  return rest;
};

describe('numbering a draft invoice', () => {
  it('numbers a valid draft with the seller prefix and the year of its issue date', async () => {
    const seller = await createUser(database.db, { category: 'supplier', companyName: 'Les Vergers du Roussillon SARL' });
    const outcome = await database.db.transaction((tx) => numberInvoice(tx, seller.id, draft(domesticFR())));
    expect(outcome).toMatchObject({ status: 'numbered', number: 'VERROU-2026-00001' });
    if (outcome.status !== 'numbered') return;
    expect(outcome.invoice.amounts.grossCents).toBe(1_280_221);
    const { pdf, xml } = await renderInvoiceDocuments(outcome.input);
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(xml).toContain('<ram:ID>VERROU-2026-00001</ram:ID>');
  });

  it('a draft that needs data takes no number, so the series has no hole', async () => {
    const seller = await createUser(database.db, { category: 'supplier', companyName: 'Frischmarkt GmbH' });
    const waiting = await database.db.transaction((tx) => numberInvoice(tx, seller.id, draft(intraEU({ buyer: { ...buyerDE, vatId: null } }))));
    expect(waiting).toEqual({ status: 'needsData', reasons: ['BUYER_VAT_ID_MISSING'] });
    const next = await database.db.transaction((tx) => numberInvoice(tx, seller.id, draft(intraEU())));
    expect(next).toMatchObject({ status: 'numbered', number: 'FRISCH-2026-00001' });
  });
});
