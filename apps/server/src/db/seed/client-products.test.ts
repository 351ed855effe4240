import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Client, GeneratedPriceList } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { seedBackoffice } from './backoffice.js';
import { seedClientProducts } from './client-products.js';
import { seedSupplierProducts } from './supplier-products.js';

let ctx: TestContext;
let cookie: string;
let clients: Client[];
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.transaction(async (tx) => {
    await seedBackoffice(tx);
    await seedSupplierProducts(tx);
    await seedClientProducts(tx);
  });
  cookie = (await signedIn(ctx, { category: 'admin' })).cookie;
  clients = (await ctx.app.inject({ url: '/api/intern/client/getAll', headers: { cookie } })).json();
});
afterAll(() => ctx.close());

describe('demo client price lists', () => {
  it('generates a PDF for every demo client in its language', async () => {
    const languages: Record<string, string> = {};
    for (const c of clients) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/intern/client/${c.id}/generatePriceList`, headers: { cookie } });
      expect(res.statusCode, c.company).toBe(201);
      const made = res.json() as GeneratedPriceList;
      expect(made.lines).toBeGreaterThanOrEqual(c.products.length);
      languages[c.company] = made.language;
    }
    expect(languages).toMatchObject({
      'Frischmarkt Hamburg GmbH': 'de',
      'Primeurs de Rungis SAS': 'fr',
      'Obst & Gemüse Wien GmbH': 'de',
      'Nordisk Frukt AB': 'en',
    });
  });

  it("prices the Hamburg buyer's variants from the demo offers", async () => {
    const hamburg = clients.find((c) => c.company === 'Frischmarkt Hamburg GmbH')!;
    const made = (
      await ctx.app.inject({ method: 'POST', url: `/api/intern/client/${hamburg.id}/generatePriceList`, headers: { cookie } })
    ).json() as GeneratedPriceList;
    expect(made.pricedLines).toBe(made.lines);
    const pdf = (await ctx.app.inject({ url: `/api/intern/client/downloadClientPriceList/${encodeURIComponent(hamburg.company)}`, headers: { cookie } }))
      .rawPayload;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const word of ['Frischmarkt Hamburg GmbH', 'Rispentomate', 'Clementine', 'Erdbeere', 'Apfel Gala', 'CIF, Lieferung durch Nagel-Group', '67-82'])
      expect(text).toContain(word);
    expect(text).not.toContain('Derzeit kein Lieferantenangebot');
  });
});
