import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { dayInParis, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview } from '@primeur/shared';
import { createClient, createSupplier } from '../../db/factories/backoffice.js';
import { createUser } from '../../db/factories.js';
import { events, clientVariants, companies, productLinks, products, supplierVariants } from '../../db/schema/index.js';
import { signedIn, withAdminApp, type TestContext } from '../../../test/build-app.js';
import { multipart } from '../../../test/multipart.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

/** A price list made on the template of before the class (decision 935): still read, every class empty. */
const PRICE_HEADER = 'supplier;article;origin;packaging;box;caliber;weight_piece;nb_piece;price_kg;price_colis;price_piece;volume;start_date;end_date';
const PRICE_TEMPLATE =
  'supplier;article;origin;packaging;box;caliber;quality_class;weight_piece;nb_piece;price_kg;price_colis;price_piece;volume;start_date;end_date';
const CLIENT_HEADER = 'client;article;origin;packaging;box;caliber;weight_piece;nb_piece';
const LOT_HEADER =
  'supplier,article,name,description,caliber,quality_class,variety,packed_on,origin,packaging,price,quantity,net_kg_per_pallet,boxes_per_pallet,net_kg_per_box,available_until,auction_start,reserve_price';

const file = (lines: string[], bom = true) => Buffer.from((bom ? '\ufeff' : '') + lines.join('\r\n') + '\r\n', 'utf8');

function upload(kind: string, step: 'preview' | 'commit', content: Buffer, opts: { cookie?: string; filename?: string; type?: string } = {}) {
  const body = multipart({}, [{ field: 'file', filename: opts.filename ?? 'list.csv', content, contentType: opts.type ?? 'text/csv' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/import/${kind}/${step}`,
    headers: { cookie: opts.cookie ?? admin, ...body.headers },
    payload: body.payload,
  });
}

async function variantsOf(supplierId: number) {
  return ctx.db
    .select({ v: supplierVariants })
    .from(supplierVariants)
    .innerJoin(productLinks, eq(productLinks.id, supplierVariants.productLinkId))
    .where(eq(productLinks.companyId, supplierId));
}

describe('POST /api/admin/import/supplier-prices', () => {
  it('previews a good price list (";", decimal comma, BOM) without errors, then imports every row, linking new articles', async () => {
    const s = await createSupplier(ctx.db, { company: 'Huerta del Sol' });
    const csv = file([
      PRICE_HEADER,
      'Huerta del Sol;TOM01;ES;ifco;Cardboard box 40×60;57-67;0,25;10;2,4;;;3;2026-12-01;2026-12-07',
      // Names are matched without case; the weight unknown: the three prices are taken as given.
      'huerta del sol;cit01;Spain;bulk;;;;1;1,15;9;0;0;2026-12-01;2026-12-14',
    ]);
    const preview = await upload('supplier-prices', 'preview', csv);
    expect(preview.statusCode).toBe(200);
    const body = preview.json<ImportPreview>();
    expect(body.errors).toEqual([]);
    expect(body.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(body.columns[0]).toBe('supplier');
    expect(await variantsOf(s.id)).toHaveLength(0);

    const commit = await upload('supplier-prices', 'commit', csv);
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toEqual({ imported: 2 });
    const rows = (await variantsOf(s.id)).map((r) => r.v).sort((a, b) => a.id - b.id);
    expect(
      rows.map((v) => [v.caliber, v.qualityClass, v.weightPiece, v.nbPiece, v.priceKg, v.priceColis, v.pricePiece, v.volume, v.startDate, v.endDate]),
    ).toEqual([
      // 2.4 €/kg × 0.25 kg = 0.6 a piece, × 10 = 6 a box (decision 121). No class column: no class.
      ['57-67', null, '0.250', 10, '2.400', '6.000', '0.600', '3.000', '2026-12-01', '2026-12-07'],
      ['', null, null, 1, '1.150', '9.000', '0.000', '0.000', '2026-12-01', '2026-12-14'],
    ]);
    expect(await ctx.db.select().from(productLinks).where(eq(productLinks.companyId, s.id))).toHaveLength(2);
  });

  it('reports every bad cell by row and column, and the commit stores nothing', async () => {
    const s = await createSupplier(ctx.db, { company: 'Agrícola Norte' });
    const csv = file([
      PRICE_HEADER,
      'Agrícola Norte;TOM01;ES;ifco;;;;1;2,5;;;;2026-12-01;2026-12-07',
      'Agrícola Norte;NOPE99;ES;ifco;;;;1;2,5;;;;2026-12-01;2026-12-07',
      'Agrícola Norte;TOM02;XX;ifco;;;;1;2,5x;;;;2026-12-10;2026-12-01',
      'Nobody;TOM02;ES;crate;;;;0;2;;;;2026-13-01;2026-12-01',
      // The same variant as line 2: a duplicate.
      'Agrícola Norte;TOM01;ES;ifco;;;;1;2,6;;;;2026-12-01;2026-12-07',
      'Agrícola Norte;TOM01;ES;ifco;=CMD|"/C calc"!A0;;;1;2;;;;2026-12-01;2026-12-07',
      'Agrícola Norte;TOM01;ES;ifco;;;0,5;2;2;5;;;2026-12-01;2026-12-07',
    ]);
    const res = await upload('supplier-prices', 'preview', csv);
    expect(res.statusCode).toBe(200);
    const errors = res.json<ImportPreview>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'article', code: 'UNKNOWN_ARTICLE' },
        { row: 4, column: 'origin', code: 'UNKNOWN_ORIGIN' },
        { row: 4, column: 'price_kg', code: 'BAD_NUMBER' },
        { row: 4, column: 'end_date', code: 'DATE_ORDER' },
        { row: 5, column: 'supplier', code: 'UNKNOWN_SUPPLIER' },
        { row: 5, column: 'packaging', code: 'UNKNOWN_PACKAGING' },
        { row: 5, column: 'nb_piece', code: 'BAD_INTEGER' },
        { row: 5, column: 'start_date', code: 'BAD_DATE' },
        { row: 6, column: 'article', code: 'DUPLICATE' },
        { row: 7, column: 'box', code: 'FORMULA' },
        // 2 €/kg × 0.5 kg × 2 pieces is 2 € a box, not 5.
        { row: 8, column: 'price_colis', code: 'BAD_VALUE' },
      ]),
    );
    expect(errors.filter((e) => e.row === 2)).toEqual([]);
    expect(errors).toHaveLength(11);

    const commit = await upload('supplier-prices', 'commit', csv);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', details: expect.arrayContaining([{ path: '3:article', message: 'UNKNOWN_ARTICLE' }]) });
    expect(await variantsOf(s.id)).toHaveLength(0);
    expect(await ctx.db.select().from(productLinks).where(eq(productLinks.companyId, s.id))).toHaveLength(0);
  });

  it('reads the quality class (EXTRA, I, II in any case; empty is none) and names any other value in the preview', async () => {
    const s = await createSupplier(ctx.db, { company: 'Clases SL' });
    const row = (cls: string, priceKg: string) => `Clases SL;TOM01;ES;ifco;;57-67;${cls};;1;${priceKg};;;;2026-12-01;2026-12-07`;
    const bad = file([PRICE_TEMPLATE, row('Extra', '3'), row('III', '2'), row('Classe I', '2'), row('=1+1', '2')]);
    const preview = await upload('supplier-prices', 'preview', bad);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportPreview>().errors).toEqual([
      { row: 3, column: 'quality_class', code: 'UNKNOWN_QUALITY_CLASS' },
      { row: 4, column: 'quality_class', code: 'UNKNOWN_QUALITY_CLASS' },
      { row: 5, column: 'quality_class', code: 'FORMULA' },
    ]);
    const refused = await upload('supplier-prices', 'commit', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_HAS_ERRORS',
      details: expect.arrayContaining([{ path: '3:quality_class', message: 'UNKNOWN_QUALITY_CLASS' }]),
    });
    expect(await variantsOf(s.id)).toHaveLength(0);

    // The same article, origin, caliber and dates at two classes are two offers, not a duplicate.
    const good = file([PRICE_TEMPLATE, row('EXTRA', '3'), row('i', '2,4'), row('II', '1,9'), row('', '2,1')]);
    expect((await upload('supplier-prices', 'preview', good)).json<ImportPreview>().errors).toEqual([]);
    expect((await upload('supplier-prices', 'commit', good)).json()).toEqual({ imported: 4 });
    const stored = (await variantsOf(s.id)).map((r) => r.v).sort((a, b) => a.id - b.id);
    expect(stored.map((v) => [v.qualityClass, v.priceKg])).toEqual([
      ['EXTRA', '3.000'],
      ['I', '2.400'],
      ['II', '1.900'],
      [null, '2.100'],
    ]);
    // The same class twice is the same offer twice.
    const twice = file([PRICE_TEMPLATE, row('I', '2'), row('i', '2,2')]);
    expect((await upload('supplier-prices', 'preview', twice)).json<ImportPreview>().errors).toEqual([{ row: 3, column: 'article', code: 'DUPLICATE' }]);
  });

  it('refuses missing and extra columns at the header line, and imports nothing', async () => {
    const s = await createSupplier(ctx.db, { company: 'Columnas SL' });
    const header = PRICE_HEADER.replace(';volume', '') + ';comment';
    const csv = file([header, 'Columnas SL;TOM01;ES;ifco;;;;1;2;;;2026-12-01;2026-12-07;hello']);
    const res = await upload('supplier-prices', 'preview', csv);
    expect(res.json<ImportPreview>().errors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'comment', code: 'EXTRA_COLUMN' },
        { row: 1, column: 'volume', code: 'MISSING_COLUMN' },
      ]),
    );
    expect((await upload('supplier-prices', 'commit', csv)).statusCode).toBe(400);
    expect(await variantsOf(s.id)).toHaveLength(0);
  });

  it('reports a row with more or fewer cells than the header', async () => {
    await createSupplier(ctx.db, { company: 'Celdas SL' });
    const csv = file([PRICE_HEADER, 'Celdas SL;TOM01;ES;ifco;;;;1;2;;;;2026-12-01;2026-12-07;extra', 'Celdas SL;TOM01']);
    const errors = (await upload('supplier-prices', 'preview', csv)).json<ImportPreview>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 2, code: 'CELL_COUNT' }), expect.objectContaining({ row: 3, code: 'CELL_COUNT' })]),
    );
  });

  it('refuses a file that is not UTF-8 (a Latin-1 export) as a whole', async () => {
    await createSupplier(ctx.db, { company: 'Latin SA' });
    const latin1 = Buffer.from(`${PRICE_HEADER}\r\nLatin SA;TOM01;ES;ifco;;Calibre é;;1;2;;;;2026-12-01;2026-12-07\r\n`, 'latin1');
    for (const step of ['preview', 'commit'] as const) {
      const res = await upload('supplier-prices', step, latin1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CSV_BAD_ENCODING' });
    }
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows with a clear 413, storing nothing`, async () => {
    const s = await createSupplier(ctx.db, { company: 'Masivo SA' });
    const line = 'Masivo SA;TOM01;ES;ifco;;;;1;2;;;;2026-12-01;2026-12-07';
    const csv = file([PRICE_HEADER, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => line)]);
    for (const step of ['preview', 'commit'] as const) {
      const res = await upload('supplier-prices', step, csv);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'CSV_TOO_MANY_ROWS' });
    }
    expect(await variantsOf(s.id)).toHaveLength(0);
  });

  it('refuses a file over 5 MB (the issue’s 100 000-row sheet) with 413 before reading it', async () => {
    const line = 'Masivo SA;TOM01;ES;ifco;;;;1;2;;;;2026-12-01;2026-12-07';
    const csv = file([PRICE_HEADER, ...Array.from({ length: 100_000 }, () => line)]);
    expect(csv.length).toBeGreaterThan(IMPORT_MAX_BYTES);
    const res = await upload('supplier-prices', 'commit', csv);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an upload that is no CSV, no multipart, a broken quote, or an empty file', async () => {
    const png = await upload('supplier-prices', 'preview', Buffer.from([0x89, 0x50, 0x4e, 0x47]), { filename: 'photo.png', type: 'image/png' });
    expect(png.statusCode).toBe(415);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/admin/import/supplier-prices/preview', headers: { cookie: admin }, payload: { rows: [] } });
    expect(json.statusCode).toBe(415);
    const broken = await upload('supplier-prices', 'preview', file([PRICE_HEADER, 'a;"unclosed;b']));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'CSV_UNREADABLE' });
    const empty = await upload('supplier-prices', 'preview', Buffer.from(''));
    expect(empty.json()).toMatchObject({ code: 'CSV_EMPTY' });
    const binary = await upload('supplier-prices', 'preview', Buffer.from('supplier\u0000;x\r\n'));
    expect(binary.json()).toMatchObject({ code: 'CSV_UNREADABLE' });
    const unknownKind = await upload('prices', 'preview', file([PRICE_HEADER]));
    expect(unknownKind.statusCode).toBe(400);
  });
});

describe('POST /api/admin/import/client-products', () => {
  it('imports a client product list (",", decimal point) and refuses a bad one whole', async () => {
    const c = await createClient(ctx.db, { company: 'Primeurs de Rungis' });
    const good = file(
      [CLIENT_HEADER.replace(/;/g, ','), 'Primeurs de Rungis,TOM01,ES,ifco,,57-67,0.25,10', 'Primeurs de Rungis,CIT01,,,,,,'].map((l) => l),
      false,
    );
    expect((await upload('client-products', 'preview', good)).json<ImportPreview>().errors).toEqual([]);
    expect((await upload('client-products', 'commit', good)).json()).toEqual({ imported: 2 });
    const stored = await ctx.db
      .select({ v: clientVariants })
      .from(clientVariants)
      .innerJoin(productLinks, eq(productLinks.id, clientVariants.productLinkId))
      .where(eq(productLinks.companyId, c.id));
    expect(stored.map((r) => [r.v.caliber, r.v.weightPiece, r.v.nbPiece]).sort()).toEqual([
      ['', null, 1],
      ['57-67', '0.250', 10],
    ]);

    const bad = file([CLIENT_HEADER, 'Primeurs de Rungis;TOM02;ES;;;;0,1;1', 'Unknown client;TOM02;;;;;;1', 'Primeurs de Rungis;TOM02;ES;;;;0,1;1']);
    const errors = (await upload('client-products', 'preview', bad)).json<ImportPreview>().errors;
    expect(errors).toEqual([
      { row: 3, column: 'client', code: 'UNKNOWN_CLIENT' },
      { row: 4, column: 'article', code: 'DUPLICATE' },
    ]);
    expect((await upload('client-products', 'commit', bad)).statusCode).toBe(400);
    const after = await ctx.db
      .select()
      .from(clientVariants)
      .innerJoin(productLinks, eq(productLinks.id, clientVariants.productLinkId))
      .where(eq(productLinks.companyId, c.id));
    expect(after).toHaveLength(2);
  });
});

describe('POST /api/admin/import/lots', () => {
  it('imports marketplace and auction lots for a supplier account, and refuses bad dates whole', async () => {
    const seller = await createUser(ctx.db, { category: 'supplier', companyName: 'Finca Lotes' });
    const until = dayInParis(30);
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const good = file(
      [
        LOT_HEADER,
        `Finca Lotes,TOM01,Tomate rama,"Fresh, red",57-67,EXTRA,Raf,${dayInParis(-1)},ES,ifco,1.20,10,800,80,10,${until},,`,
        `Finca Lotes,CIT01,Naranja,,,i,,,ES,bulk,0.9,4,1000,,,${until},${start},1.1`,
      ],
      false,
    );
    expect((await upload('lots', 'preview', good)).json<ImportPreview>().errors).toEqual([]);
    expect((await upload('lots', 'commit', good)).json()).toEqual({ imported: 2 });
    const lots = await ctx.db.select().from(products).where(eq(products.supplierId, seller.id));
    expect(lots.map((l) => [l.name, l.description, l.status, l.price, l.reservePrice, l.quantity]).sort()).toEqual([
      ['Naranja', '', 'IN_AUCTION', '0.90', '1.10', 4],
      ['Tomate rama', 'Fresh, red', 'ENABLED', '1.20', null, 10],
    ]);
    // The history of changes: each imported lot has its "created" entry, with its fields.
    const created = await ctx.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.subject, 'lot'),
          inArray(
            events.subjectId,
            lots.map((l) => l.id),
          ),
        ),
      );
    expect(created.map((e) => e.name)).toEqual(['lot.created', 'lot.created']);
    expect(
      created.every((e) => e.actor?.userId != null && (e.payload as { changes: Array<{ field: string }> }).changes.some((c) => c.field === 'qualityClass')),
    ).toBe(true);
    // The lot facts (issue 25): the class in any case, the variety and the packing day.
    expect(lots.map((l) => [l.name, l.qualityClass, l.variety, l.packedOn]).sort()).toEqual([
      ['Naranja', 'I', null, null],
      ['Tomate rama', 'EXTRA', 'Raf', dayInParis(-1)],
    ]);

    const bad = file(
      [
        LOT_HEADER,
        `Finca Lotes,TOM01,Past,,,I,,,ES,ifco,1.20,10,800,80,10,2020-01-01,,`,
        `Finca Lotes,TOM01,Reserve alone,,,I,,,ES,ifco,1.20,10,800,80,10,${until},,2`,
        `Finca Lotes,TOM01,,,,I,,,ES,ifco,abc,0,800,80,10,${until},,`,
        `Someone else,TOM01,Who,,,I,,,ES,ifco,1,1,800,,,${until},,`,
        `Finca Lotes,TOM01,Bad class,,,Z,,,ES,ifco,1.20,10,800,80,10,${until},,`,
        `Finca Lotes,TOM01,Packed tomorrow,,,II,,${dayInParis(1)},ES,ifco,1.20,10,800,80,10,${until},,`,
      ],
      false,
    );
    const errors = (await upload('lots', 'preview', bad)).json<ImportPreview>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'available_until', code: 'DATE_PAST' },
        { row: 3, column: 'reserve_price', code: 'BAD_VALUE' },
        { row: 4, column: 'name', code: 'REQUIRED' },
        { row: 4, column: 'price', code: 'BAD_NUMBER' },
        { row: 4, column: 'quantity', code: 'BAD_INTEGER' },
        { row: 5, column: 'supplier', code: 'UNKNOWN_SUPPLIER' },
        { row: 6, column: 'quality_class', code: 'UNKNOWN_QUALITY_CLASS' },
        { row: 7, column: 'packed_on', code: 'BAD_DATE' },
      ]),
    );
    expect((await upload('lots', 'commit', bad)).statusCode).toBe(400);
    expect(await ctx.db.select().from(products).where(eq(products.supplierId, seller.id))).toHaveLength(2);
  });

  it('names an ambiguous supplier account instead of guessing', async () => {
    await createUser(ctx.db, { category: 'supplier', companyName: 'Twin Farms' });
    await createUser(ctx.db, { category: 'supplier', companyName: 'Twin Farms' });
    const csv = file([LOT_HEADER, `Twin Farms,TOM01,Lot,,,I,,,ES,ifco,1,1,800,,,${dayInParis(10)},,`], false);
    expect((await upload('lots', 'preview', csv)).json<ImportPreview>().errors).toEqual([{ row: 2, column: 'supplier', code: 'AMBIGUOUS_SUPPLIER' }]);
  });
});

describe('import access and templates', () => {
  it('lets only the operator preview, commit or download a template', async () => {
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    const supplier = (await signedIn(ctx, { category: 'supplier' })).cookie;
    const csv = file([PRICE_HEADER]);
    for (const cookie of [buyer, supplier]) {
      expect((await upload('supplier-prices', 'preview', csv, { cookie })).statusCode).toBe(403);
      expect((await upload('lots', 'commit', csv, { cookie })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/import/lots/template.csv', headers: { cookie } })).statusCode).toBe(403);
    }
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/admin/import/lots/template.csv' });
    expect(visitor.statusCode).toBe(401);
  });

  it('serves each template as the header line in the reader’s separator', async () => {
    const fr = await ctx.app.inject({ method: 'GET', url: '/api/admin/import/supplier-prices/template.csv?lang=fr', headers: { cookie: admin } });
    expect(fr.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fr.body).toBe(`\ufeff${PRICE_TEMPLATE}\r\n`);
    const en = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/import/client-products/template.csv',
      headers: { cookie: admin, 'accept-language': 'en-GB' },
    });
    expect(en.body).toBe(`\ufeff${CLIENT_HEADER.replace(/;/g, ',')}\r\n`);
  });

  it('stores nothing of a commit whose rows are all valid but whose file is refused midway by a vanished company', async () => {
    const s = await createSupplier(ctx.db, { company: 'Vanishing SL' });
    const csv = file([PRICE_HEADER, 'Vanishing SL;TOM01;ES;ifco;;;;1;2;;;;2026-12-01;2026-12-07']);
    expect((await upload('supplier-prices', 'preview', csv)).json<ImportPreview>().errors).toEqual([]);
    // Between the preview and the commit the supplier is deleted: the commit checks again.
    await ctx.db.delete(companies).where(inArray(companies.id, [s.id]));
    const res = await upload('supplier-prices', 'commit', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS', details: [{ path: '2:supplier', message: 'UNKNOWN_SUPPLIER' }] });
  });
});
