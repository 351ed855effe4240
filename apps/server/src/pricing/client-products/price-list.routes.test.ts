import { dayInParis, todayInParis } from '@primeur/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createClient, createSupplier } from '../../db/factories/backoffice.js';
import { createClientVariant } from '../../db/factories/client-products.js';
import { createVariant } from '../../db/factories/supplier-products.js';
import { readCatalogFile } from '../../db/reference/catalog.js';

let ctx: TestContext;
let cookie: string;
let clientId: number;

const ddMM = todayInParis().slice(5).split('-').reverse().join('-');

/** Every page's text, read back with a PDF parser from npm (unpdf, pdf.js inside). */
async function pagesOf(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signedIn(ctx, { category: 'admin' })).cookie;
  // Two suppliers compete on navel oranges; the Moroccan one is cheaper after its discount.
  const es = (await createSupplier(ctx.db, { company: 'Naranjas del Sur S.L.', discount: 5 })).id;
  const ma = (await createSupplier(ctx.db, { company: 'Agrumes Test SARL', discount: 0 })).id;
  await createVariant(ctx.db, {
    supplierId: es,
    code: 'CIT01',
    origin: 'ES',
    caliber: '3',
    weightPiece: 15,
    priceKg: 1.0,
    volume: 4,
    startDate: dayInParis(-1),
    endDate: dayInParis(6),
  });
  await createVariant(ctx.db, {
    supplierId: ma,
    code: 'CIT01',
    origin: 'MA',
    caliber: '3',
    weightPiece: 10,
    priceKg: 0.9,
    volume: 2,
    startDate: dayInParis(-2),
    endDate: dayInParis(3),
  });
  // Expired and future offers must not count.
  await createVariant(ctx.db, { supplierId: ma, code: 'CIT01', origin: 'MA', caliber: '3', priceKg: 0.1, startDate: dayInParis(-20), endDate: dayInParis(-1) });
  await createVariant(ctx.db, { supplierId: es, code: 'TOM02', origin: 'ES', weightPiece: 5, priceKg: 1.2, startDate: dayInParis(0), endDate: dayInParis(4) });
  // A German CIF client with a carrier (STEF, 140 €/pallet) and 2 % discount.
  clientId = (
    await createClient(ctx.db, {
      company: 'Frischmarkt Test GmbH',
      ict: 'CIF',
      carrier: 'STEF',
      discount: 2,
      products: ['CIT01', 'TOM02', 'BER01'],
      contacts: [{ firstName: 'Lukas', lastName: 'Schmidt', phone: '+494012345678', email: 'l@fm.test' }],
    })
  ).id;
  await createClientVariant(ctx.db, { clientId, code: 'CIT01', origin: 'ES', caliber: '3' });
  await createClientVariant(ctx.db, { clientId, code: 'CIT01' });
});
afterAll(() => ctx.close());

const generate = (id: number) => ctx.app.inject({ method: 'POST', url: `/api/intern/client/${id}/generatePriceList`, headers: { cookie } });
const download = (company: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/intern/client/downloadClientPriceList/${encodeURIComponent(company)}`, headers: { cookie } });

describe('client price list PDF', () => {
  it('refuses a download before any list was generated, and an unknown client', async () => {
    expect((await download('Frischmarkt Test GmbH')).json().code).toBe('NO_PRICE_LIST');
    expect((await download('Nobody at all')).statusCode).toBe(404);
    expect((await generate(999_999)).statusCode).toBe(404);
  });

  it('generates the list in the client language and downloads it as <company>-<dd-MM>.pdf', async () => {
    const res = await generate(clientId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ language: 'de', fileName: `Frischmarkt Test GmbH-${ddMM}.pdf`, lines: 4, pricedLines: 3, pages: 1 });
    const file = await download('frischmarkt test gmbh');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename="Frischmarkt Test GmbH-${ddMM}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the client, the header, every expected line with its price, and says when there is no offer', async () => {
    const [page] = await pagesOf((await download('Frischmarkt Test GmbH')).rawPayload);
    expect(page).toContain('Primeur Trading');
    expect(page).toContain('Preisliste');
    expect(page).toContain('Kunde: Frischmarkt Test GmbH');
    expect(page).toContain('CIF, Lieferung durch STEF');
    expect(page).toContain('Gültig bis');
    for (const h of ['Artikel', 'Herkunft', 'Kaliber', 'Kiste / Verpackung', 'Gewicht × Stück', '€/kg', '€/Kiste']) expect(page).toContain(h);
    expect(page).toContain('Obst');
    expect(page).toContain('Gemüse');
    // Navel, Spain, caliber 3: 1,00 − 5 % = 0,95; − 2 % = 0,931; + 140/1000 = 1,071 €/kg; 15 kg box = 16,07 €.
    expect(page).toContain('Navelorange');
    expect(page).toContain('Spanien');
    expect(page).toContain('1,07 €');
    expect(page).toContain('16,07 €');
    // Navel, any origin: Morocco 0,90 − 2 % = 0,882 + 0,14 = 1,022 €/kg; 10 kg box = 10,22 €.
    expect(page).toContain('Marokko');
    expect(page).toContain('1,02 €');
    expect(page).toContain('10,22 €');
    // Vine tomato: 1,20 − 5 % = 1,14; − 2 % = 1,1172 + 0,14 = 1,257 €/kg; 5 kg = 6,29 €.
    expect(page).toContain('Rispentomate');
    expect(page).toContain('1,26 €');
    expect(page).toContain('6,29 €');
    // Strawberry has no current offer.
    expect(page).toContain('Erdbeere');
    expect(page).toContain('Derzeit kein Lieferantenangebot');
    // Expired offer (0,10 €) never shows.
    expect(page).not.toContain('0,24 €');
  });

  it('falls back to English for a client whose contacts are outside the four languages', async () => {
    const id = (await createClient(ctx.db, { company: 'Nordisk Test AB', ict: 'FOB', products: ['CIT01'], contacts: [{ phone: '+46701234567' }] })).id;
    expect((await generate(id)).json().language).toBe('en');
    const [page] = await pagesOf((await download('Nordisk Test AB')).rawPayload);
    expect(page).toContain('Price list');
    expect(page).toContain('FOB, collected by the client');
    expect(page).toContain('Navel orange');
    // FOB: no transport, no discount: Morocco 0,90 €/kg.
    expect(page).toContain('0,90 €');
  });

  it('spreads a 200-line list over several pages with the table header on each', async () => {
    const catalog = readCatalogFile()
      .articles.slice(0, 50)
      .map((a) => a.code);
    const id = (await createClient(ctx.db, { company: 'Großmarkt Viele Zeilen GmbH', ict: 'FOB', contacts: [{ phone: '+494012345679' }] })).id;
    for (const code of catalog) {
      for (const caliber of ['1', '2', '3', '4']) await createClientVariant(ctx.db, { clientId: id, code, caliber });
    }
    const res = await generate(id);
    expect(res.json()).toMatchObject({ lines: 200 });
    const pages = await pagesOf((await download('Großmarkt Viele Zeilen GmbH')).rawPayload);
    expect(pages.length).toBe(res.json().pages);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((p, i) => {
      expect(p, `page ${i + 1}`).toContain('Herkunft');
      expect(p, `page ${i + 1}`).toContain('€/Kiste');
      expect(p, `page ${i + 1}`).toContain(`Seite ${i + 1} von ${pages.length}`);
    });
    const all = pages.join(' ');
    // Only the navel orange in caliber 3 has an offer; the 199 other lines say they have none.
    expect(res.json().pricedLines).toBe(1);
    expect(all.match(/Derzeit kein Lieferantenangebot/g)?.length).toBe(199);
    expect(all).toContain('Großmarkt Viele Zeilen GmbH');
  });
});
