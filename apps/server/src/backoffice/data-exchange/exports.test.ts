import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { dayInParis, LOT_COLUMNS, SUPPLIER_PRICE_COLUMNS } from '@primeur/shared';
import { createClient, createSupplier } from '../../db/factories/backoffice.js';
import { createUser } from '../../db/factories.js';
import { createProduct } from '../../db/factories/listings.js';
import { createVariant, supplierLink } from '../../db/factories/supplier-products.js';
import { newVariantRow } from '../../db/supplier-variant-row.js';
import { articles, packagings, productLinks, products, supplierVariants } from '../../db/schema/index.js';
import { signedIn, withAdminApp, type TestContext } from '../../../test/build-app.js';
import { multipart } from '../../../test/multipart.js';
import { EXPORT_BATCH } from './exports.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin, ...headers } });

/** The cells of a CSV answer, after checking the BOM that makes spreadsheets read it as UTF-8. */
function cellsOf(body: string, delimiter: string): string[][] {
  expect(body.startsWith('\ufeff')).toBe(true);
  return parse(body, { bom: true, delimiter, relax_column_count: false }) as string[][];
}

function importFile(kind: string, content: string) {
  const body = multipart({}, [{ field: 'file', filename: `${kind}.csv`, content: Buffer.from(content, 'utf8'), contentType: 'text/csv' }]);
  return ctx.app.inject({ method: 'POST', url: `/api/admin/import/${kind}/commit`, headers: { cookie: admin, ...body.headers }, payload: body.payload });
}

describe('GET /api/admin/export/{list}.csv: format', () => {
  it('writes ";" and decimal commas for a French reader, "," and points for an English one, dates ISO', async () => {
    const s = await createSupplier(ctx.db, { company: 'Format SA' });
    await createVariant(ctx.db, {
      supplierId: s.id,
      code: 'TOM01',
      origin: 'ES',
      priceKg: 2.5,
      weightPiece: 0.2,
      nbPiece: 5,
      qualityClass: 'EXTRA',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });

    const fr = await get(`/api/admin/export/variants.csv?supplierId=${s.id}`, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fr.headers['content-disposition']).toBe('attachment; filename="variants.csv"');
    const [frHead, frRow] = cellsOf(fr.body, ';');
    expect(frHead).toEqual([...SUPPLIER_PRICE_COLUMNS, 'id']);
    // The class is its code in every language (decision 935), as the import reads it.
    expect(frRow!.slice(0, 15)).toEqual([
      'Format SA',
      'TOM01',
      'ES',
      '',
      '',
      '',
      'EXTRA',
      '0,200',
      '5',
      '2,500',
      '2,500',
      '0,500',
      '0,000',
      '2026-12-01',
      '2026-12-31',
    ]);

    // ?lang= wins over the browser's language.
    const en = await get(`/api/admin/export/variants.csv?supplierId=${s.id}&lang=en`, { 'accept-language': 'de' });
    const [, enRow] = cellsOf(en.body, ',');
    expect(enRow!.slice(6, 12)).toEqual(['EXTRA', '0.200', '5', '2.500', '2.500', '0.500']);
    const de = await get(`/api/admin/export/variants.csv?supplierId=${s.id}&lang=de`);
    expect(de.body.split('\r\n')[0]).toBe(`\ufeff${[...SUPPLIER_PRICE_COLUMNS, 'id'].join(';')}`);
    expect(cellsOf(de.body, ';')[1]![6]).toBe('EXTRA');
  });

  it('escapes cells a spreadsheet would run (= + - @, tab), keeps quotes and separators inside cells', async () => {
    const names = ['=HYPERLINK("http://evil","x")', '+33 Fruits', '-Minus', '@SUM(A1)', '\tTabbed', 'Semi;colon, "quoted"'];
    for (const companyName of names) await createUser(ctx.db, { category: 'supplier', companyName });
    const res = await get('/api/admin/export/users.csv?category=supplier&lang=fr');
    const rows = cellsOf(res.body, ';');
    const companies = rows.slice(1).map((r) => r[1]);
    expect(companies).toEqual(
      expect.arrayContaining(['\'=HYPERLINK("http://evil","x")', "'+33 Fruits", "'-Minus", "'@SUM(A1)", "'\tTabbed", 'Semi;colon, "quoted"']),
    );
    // No cell of the file starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports only what the list’s filters show, with the list’s own filter parsing', async () => {
    await createUser(ctx.db, { category: 'client', companyName: 'Zebra Inactive', active: false });
    await createUser(ctx.db, { category: 'client', companyName: 'Zebra Active' });
    const res = await get('/api/admin/export/users.csv?q=zebra&status=inactive&lang=en');
    const rows = cellsOf(res.body, ',');
    expect(rows[0]).toEqual(['id', 'company', 'email', 'category', 'status', 'address', 'postal_code', 'city', 'country', 'created_at']);
    expect(rows.slice(1).map((r) => [r[1], r[4]])).toEqual([['Zebra Inactive', 'inactive']]);
    expect(rows[1]![9]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

    const bad = await get('/api/admin/export/users.csv?status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await get('/api/admin/export/users.csv?page=2')).statusCode).toBe(400);
    expect((await get('/api/admin/export/orders.csv')).statusCode).toBe(400);
    expect((await get('/api/admin/export/variants.csv?supplierId=99999999999')).statusCode).toBe(400);
  });

  it('exports suppliers, clients and carriers', async () => {
    await createSupplier(ctx.db, { company: 'Export Supplier', discount: 2.5, country: 'ES' });
    await createClient(ctx.db, { company: 'Export Client', ict: 'FOB' });
    const sup = cellsOf((await get('/api/admin/export/suppliers.csv?lang=fr')).body, ';');
    expect(sup[0]).toEqual(['id', 'company', 'incoterm', 'carrier', 'discount_pct', 'certificates', 'products', 'packagings', 'country', 'city', 'address']);
    expect(sup.find((r) => r[1] === 'Export Supplier')!.slice(2, 5)).toEqual(['CIF', '', '2,50']);
    const cli = cellsOf((await get('/api/admin/export/clients.csv?lang=en')).body, ',');
    expect(cli.find((r) => r[1] === 'Export Client')!.slice(2, 5)).toEqual(['FOB', '', '0.00']);
    const car = cellsOf((await get('/api/admin/export/carriers.csv?lang=en')).body, ',');
    expect(car[0]).toEqual(['id', 'carrier', 'price_eur']);
    expect(car.length).toBeGreaterThan(1);
  });

  it(`streams a list longer than one batch (${EXPORT_BATCH} rows) whole and in order`, async () => {
    const s = await createSupplier(ctx.db, { company: 'Batch SA' });
    const link = await supplierLink(ctx.db, s.id, 'CIT04');
    const n = EXPORT_BATCH * 2 + 7;
    await ctx.db
      .insert(supplierVariants)
      .values(Array.from({ length: n }, (_, i) => newVariantRow({ productLinkId: link.id, caliber: `c${i}`, startDate: '2026-12-01', endDate: '2026-12-02' })));
    const rows = cellsOf((await get(`/api/admin/export/variants.csv?supplierId=${s.id}&lang=en`)).body, ',').slice(1);
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => r[5])).toEqual(Array.from({ length: n }, (_, i) => `c${i}`));
  });

  it('lets only the operator export', async () => {
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    expect((await get('/api/admin/export/users.csv', { cookie: buyer })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/export/lots.csv' })).statusCode).toBe(401);
  });
});

describe('round trip: export → import gives the same data', () => {
  it('supplier price lists (French file: ";" and decimal commas)', async () => {
    const s = await createSupplier(ctx.db, { company: 'Ronda Vuelta' });
    await createVariant(ctx.db, {
      supplierId: s.id,
      code: 'TOM01',
      origin: 'ES',
      packaging: 'ifco',
      box: 'Cardboard box 40×60',
      caliber: '=57-67',
      qualityClass: 'II',
      weightPiece: 0.125,
      nbPiece: 8,
      priceKg: 2.4,
      volume: 3.5,
      startDate: '2026-12-01',
      endDate: '2026-12-07',
    });
    // No class stated: it stays none, not a class nobody gave (decision 915).
    await createVariant(ctx.db, { supplierId: s.id, code: 'CIT01', priceKg: 1.15, priceColis: 9, startDate: '2026-12-01', endDate: '2026-12-14' });
    await createVariant(ctx.db, { supplierId: s.id, code: 'CIT01', qualityClass: 'EXTRA', priceKg: 1.6, startDate: '2026-12-01', endDate: '2026-12-14' });
    const url = `/api/admin/export/variants.csv?supplierId=${s.id}&lang=fr`;
    const first = await get(url);
    const before = cellsOf(first.body, ';').map((r) => r.slice(0, SUPPLIER_PRICE_COLUMNS.length));

    await ctx.db.delete(productLinks).where(eq(productLinks.companyId, s.id));
    const res = await importFile('supplier-prices', first.body);
    expect(res.json()).toEqual({ imported: 3 });
    const after = cellsOf((await get(url)).body, ';').map((r) => r.slice(0, SUPPLIER_PRICE_COLUMNS.length));
    expect(after).toEqual(before);
    // The formula-looking caliber came back as the text it was, escaped again on the way out.
    expect(after[1]![5]).toBe("'=57-67");
    // Each line keeps its class, and the one without stays without.
    const classCol = SUPPLIER_PRICE_COLUMNS.indexOf('quality_class');
    expect(after.slice(1).map((r) => [r[1], r[classCol]])).toEqual([
      ['TOM01', 'II'],
      ['CIT01', ''],
      ['CIT01', 'EXTRA'],
    ]);
    const stored = await ctx.db
      .select({ qualityClass: supplierVariants.qualityClass })
      .from(supplierVariants)
      .innerJoin(productLinks, eq(productLinks.id, supplierVariants.productLinkId))
      .where(eq(productLinks.companyId, s.id))
      .orderBy(supplierVariants.id);
    expect(stored.map((r) => r.qualityClass)).toEqual(['II', null, 'EXTRA']);
  });

  it('lots (English file)', async () => {
    const seller = await createUser(ctx.db, { category: 'supplier', companyName: 'Round Trip Farm' });
    const [tom] = await ctx.db.select().from(articles).where(eq(articles.code, 'TOM01'));
    const [ifco] = await ctx.db.select().from(packagings).where(eq(packagings.name, 'ifco'));
    await createProduct(ctx.db, {
      supplierId: seller.id,
      articleId: tom!.id,
      packagingId: ifco!.id,
      name: 'Rama, first',
      description: 'Line one\nline two',
      caliber: 'G',
      price: 1.25,
      quantity: 6,
      availableUntil: dayInParis(20),
      netKgPerPallet: 750,
      boxesPerPallet: 75,
      netKgPerBox: 10,
    });
    const start = new Date(Date.now() + 86_400_000);
    start.setUTCMilliseconds(0);
    await createProduct(ctx.db, {
      supplierId: seller.id,
      articleId: tom!.id,
      packagingId: ifco!.id,
      name: 'Auction lot',
      price: 0.8,
      quantity: 2,
      availableUntil: dayInParis(20),
      auctionStartDate: start,
      reservePrice: 0.95,
      boxesPerPallet: null,
      netKgPerBox: null,
    });
    const url = '/api/admin/export/lots.csv?q=round%20trip%20farm&lang=en';
    const first = await get(url);
    const before = cellsOf(first.body, ',');
    expect(before[0]).toEqual([...LOT_COLUMNS, 'id', 'status', 'created_at']);
    expect(
      before
        .slice(1)
        .map((r) => r[LOT_COLUMNS.indexOf('auction_start')] !== '')
        .sort(),
    ).toEqual([false, true]);

    // The hidden reserve travels with the operator's file.
    expect(
      before
        .slice(1)
        .map((r) => r[LOT_COLUMNS.indexOf('reserve_price')])
        .sort(),
    ).toEqual(['', '0.95']);
    await ctx.db.delete(products).where(eq(products.supplierId, seller.id));
    expect((await importFile('lots', first.body)).json()).toEqual({ imported: 2 });
    const after = cellsOf((await get(url)).body, ',');
    // Both lots are new (new ids, one created_at): compared as sets of rows.
    const data = (rows: string[][]) => rows.map((r) => r.slice(0, LOT_COLUMNS.length).join('\u0001')).sort();
    expect(data(after)).toEqual(data(before));
    expect(
      after
        .slice(1)
        .map((r) => r[LOT_COLUMNS.length + 1])
        .sort(),
    ).toEqual(['ENABLED', 'IN_AUCTION']);
  });
});
