import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, withAdminApp, type TestContext } from '../../../test/build-app.js';
import { BAD_MARKET_CSV, GOOD_GROWER_CSV, GOOD_MARKET_CSV, GOOD_MARKET_CSV_V2 } from './test-files.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

function upload(fileName: string, content: string, cookie = admin) {
  const boundary = `----primeur${Date.now()}`;
  const payload = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    'Content-Type: application/octet-stream',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/intern/prices/import',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const rowsOf = async (date: string, type: 'market' | 'grower') =>
  (await ctx.app.inject({ url: `/api/intern/productList/product/scrapedPrices?date=${date}&type=${type}`, headers: { cookie: admin } })).json() as Array<
    Record<string, unknown>
  >;

describe('price upload (multipart)', () => {
  it('imports a market CSV, quoted names included', async () => {
    const res = await upload('mercabarna-2026-04-01.csv', GOOD_MARKET_CSV);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'market',
      rowCount: 3,
      dates: ['2026-04-01'],
      import: { origin: 'upload', status: 'ok', label: 'mercabarna-2026-04-01.csv' },
    });
    const rows = await rowsOf('2026-04-01', 'market');
    expect(rows.map((r) => r.name).sort()).toEqual(['Orange', 'Pepper, red', 'Tomato']);
  });

  it('replaces the same date + source + product on re-import instead of doubling it', async () => {
    const res = await upload('mercabarna-2026-04-01.csv', GOOD_MARKET_CSV_V2);
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf('2026-04-01', 'market');
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.name === 'Tomato')).toMatchObject({ minPrice: 1.2, maxPrice: 2, avgPrice: 1.6 });
  });

  it('imports a grower CSV with semicolons, decimal commas and empty cuts', async () => {
    const res = await upload('la-union.csv', GOOD_GROWER_CSV);
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf('2026-04-01', 'grower');
    expect(rows.find((r) => r.name === 'Bell pepper')).toMatchObject({ firstPrice: 1.9, fifteenthPrice: 1.2 });
    expect(rows.find((r) => r.name === 'Zucchini')).toMatchObject({ firstPrice: 0.8, secondPrice: 0.75, thirdPrice: null });
  });

  it('refuses a malformed file with its line and reason, and stores none of it', async () => {
    const res = await upload('bad.csv', BAD_MARKET_CSV);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      line: 3,
      details: [{ path: 'line 3', message: 'minPrice 1.5 is greater than maxPrice 0.9' }],
      reason: { key: 'minAboveMax', params: { min: 1.5, max: 0.9 } },
    });
    expect(res.json().error).toContain('Line 3');
    // Line 2 was valid, yet nothing of the file is stored.
    expect(await rowsOf('2026-04-02', 'market')).toEqual([]);
  });

  it.each([
    ['an unknown column', 'date,source,family,name,minPrice,maxPrice,avgPrice,colour\n', 1, 'unknown column "colour"'],
    ['a bad date', 'date,source,family,name,minPrice,maxPrice,avgPrice\n2026-13-01,M,fruits,Kiwi,1,2,1.5', 2, 'date "2026-13-01" is not a YYYY-MM-DD day'],
    ['a bad family', 'date,source,family,name,minPrice,maxPrice,avgPrice\n2026-04-03,M,herbs,Basil,1,2,1.5', 2, 'family "herbs" must be fruits or legumes'],
    ['a missing price', 'date,source,family,name,minPrice,maxPrice,avgPrice\n2026-04-03,M,fruits,Kiwi,1,,1.5', 2, 'maxPrice is missing'],
    ['a text price', 'date,source,family,name,minPrice,maxPrice,avgPrice\n2026-04-03,M,fruits,Kiwi,1,two,1.5', 2, 'maxPrice "two" is not a price'],
    ['a short line', 'date,source,family,name,minPrice,maxPrice,avgPrice\n2026-04-03,M,fruits,Kiwi,1,2', 2, 'expected 7 columns, found 6'],
    [
      'a duplicate product',
      'date,source,family,name,minPrice,maxPrice,avgPrice\n2026-04-03,M,fruits,Kiwi,1,2,1.5\n2026-04-03,M,fruits,kiwi,1,2,1.5',
      3,
      'kiwi (M, 2026-04-03) already appears on line 2',
    ],
    ['no price columns', 'date,source,family,name\n2026-04-03,M,fruits,Kiwi', 1, 'the header must hold'],
  ])('refuses %s', async (_label, content, line, reason) => {
    const res = await upload('x.csv', content);
    expect(res.statusCode).toBe(400);
    expect(res.json().line).toBe(line);
    expect(res.json().details[0].message).toContain(reason);
    expect(await rowsOf('2026-04-03', 'market')).toEqual([]);
  });

  it('refuses a spreadsheet file with a hint, and a file over 5 MB with 413', async () => {
    const xlsx = await upload('prices.xlsx', 'PK\u0003\u0004\u0000\u0000binary');
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().details[0].message).toContain('export the sheet as CSV');
    const big = await upload('big.csv', `date,source,family,name,minPrice,maxPrice,avgPrice\n${'x'.repeat(5 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a request without a file', async () => {
    const boundary = 'b0';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/prices/import',
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses (400) a multipart body without a boundary or cut short', async () => {
    const post = (contentType: string, payload: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/intern/prices/import', headers: { cookie: admin, 'content-type': contentType }, payload });
    const part = 'Content-Disposition: form-data; name="file"; filename="x.csv"\r\n\r\n';
    for (const res of [
      await post('multipart/form-data', `--b1\r\n${part}date,source\r\n--b1--\r\n`),
      await post('multipart/form-data; charset=utf-8', 'anything'),
      await post('multipart/form-data; boundary=b2', `--b2\r\n${part}date,source,family`),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('is for admins only', async () => {
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    expect((await upload('x.csv', GOOD_MARKET_CSV, buyer)).statusCode).toBe(403);
  });
});

describe('price upload (JSON)', () => {
  const body = (rows: Array<Record<string, unknown>>) => ({ type: 'grower', rows });
  const row = { date: '2026-04-05', source: 'Subasta Vícar', family: 'legumes', name: 'Aubergine', firstPrice: 0.9, secondPrice: 0.85 };

  it('imports the JSON body, then replaces it on re-import', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/api/intern/prices/import', headers: { cookie: admin }, payload: body([row]) });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/prices/import',
      headers: { cookie: admin },
      payload: body([{ ...row, firstPrice: 1.05 }]),
    });
    expect(again.statusCode).toBe(200);
    const rows = await rowsOf('2026-04-05', 'grower');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstPrice: 1.05, secondPrice: 0.85 });
  });

  it('refuses a bad row by its number and stores nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/prices/import',
      headers: { cookie: admin },
      payload: body([
        { ...row, date: '2026-04-06' },
        { ...row, date: '2026-04-06', name: 'Leek', firstPrice: -1 },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ line: 2, details: [{ path: 'row 2' }] });
    expect(await rowsOf('2026-04-06', 'grower')).toEqual([]);
  });

  it('imports an uploaded .json file', async () => {
    const res = await upload('vicar.json', JSON.stringify(body([{ ...row, date: '2026-04-07' }])));
    expect(res.statusCode).toBe(200);
    expect(await rowsOf('2026-04-07', 'grower')).toHaveLength(1);
  });
});

describe('import status', () => {
  it('lists the recent attempts, refusals with their line', async () => {
    const res = await ctx.app.inject({ url: '/api/intern/prices/imports/status', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status.schedule).toEqual({ enabled: false, hour: 6, sourceCount: 0, nextRunAt: null });
    expect(status.lastScheduled).toBeNull();
    expect(status.recent[0]).toMatchObject({ origin: 'upload', status: 'ok', label: 'vicar.json', rowCount: 1 });
    expect(status.recent[1]).toMatchObject({ status: 'failed', line: 2 });
  });

  it('counts the prices the tables hold, however they came, with their first and last day', async () => {
    const status = (await ctx.app.inject({ url: '/api/intern/prices/imports/status', headers: { cookie: admin } })).json();
    const grower = await ctx.db.execute<{ rows: number; days: number; from: string; to: string }>(
      sql`select count(*)::int as rows, count(distinct date)::int as days, min(date)::text as "from", max(date)::text as "to" from grower_prices`,
    );
    expect(status.stored.grower).toEqual(grower.rows[0]);
    expect(status.stored.grower.rows).toBeGreaterThan(0);
    expect(status.stored.grower.to).toBe('2026-04-07');
    expect(status.stored.market).toEqual(expect.objectContaining({ rows: expect.any(Number), days: expect.any(Number) }));
  });
});
