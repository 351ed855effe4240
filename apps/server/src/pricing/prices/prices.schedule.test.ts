import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, testConfig, type TestContext } from '../../../test/build-app.js';
import { nextRunAt } from './price-fetcher.js';
import { BAD_MARKET_CSV, GOOD_GROWER_CSV, GOOD_MARKET_CSV, GOOD_MARKET_CSV_V2 } from './test-files.js';

/** A fixture price source on loopback; its files can be swapped between runs. */
const files: Record<string, string> = {};
const hits: string[] = [];
let fixture: Server;
let base: string;
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  fixture = createServer((req, res) => {
    hits.push(req.url ?? '');
    const body = files[req.url ?? ''];
    if (body === undefined) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  files['/market.csv'] = GOOD_MARKET_CSV;
  files['/grower.csv'] = GOOD_GROWER_CSV;
  const config = testConfig();
  ctx = await createTestApp({
    prices: { ...config.prices, sources: [`${base}/market.csv`, `${base}/grower.csv`, `${base}/missing.csv`], fetchHour: 5 },
  });
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => fixture.close(r));
});

const run = () => ctx.app.inject({ method: 'POST', url: '/api/intern/prices/fetch', headers: { cookie: admin } });
const status = async () => (await ctx.app.inject({ url: '/api/intern/prices/imports/status', headers: { cookie: admin } })).json();
const market = async () =>
  (await ctx.app.inject({ url: '/api/intern/productList/product/scrapedPrices?date=2026-04-01&type=market', headers: { cookie: admin } })).json() as Array<
    Record<string, unknown>
  >;

describe('scheduled price fetch', () => {
  it('is armed for the configured hour once the server is ready', async () => {
    const s = await status();
    expect(s.schedule).toMatchObject({ enabled: true, hour: 5, sourceCount: 3 });
    const next = new Date(s.schedule.nextRunAt);
    expect(next.getHours()).toBe(5);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('fetches every source from the fixture server and imports each, recording a source that fails', async () => {
    const res = await run();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { source: `${base}/market.csv`, ok: true, rowCount: 3 },
      { source: `${base}/grower.csv`, ok: true, rowCount: 2 },
      { source: `${base}/missing.csv`, ok: false, rowCount: 0, error: `Could not fetch ${base}/missing.csv: the source answered HTTP 404` },
    ]);
    expect(hits).toEqual(['/market.csv', '/grower.csv', '/missing.csv']);
    expect(await market()).toHaveLength(3);
    const s = await status();
    expect(s.lastScheduled).toMatchObject({ origin: 'schedule', status: 'failed', label: `${base}/missing.csv` });
    expect(s.recent.slice(1, 3)).toMatchObject([
      { origin: 'schedule', status: 'ok', rowCount: 2, type: 'grower' },
      { origin: 'schedule', status: 'ok', rowCount: 3, type: 'market' },
    ]);
  });

  it('replaces the rows on the next run instead of doubling them', async () => {
    files['/market.csv'] = GOOD_MARKET_CSV_V2;
    await run();
    const rows = await market();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.name === 'Tomato')).toMatchObject({ avgPrice: 1.6 });
  });

  it('keeps nothing of a source that serves a malformed file and shows its line', async () => {
    files['/market.csv'] = BAD_MARKET_CSV;
    files['/missing.csv'] = GOOD_MARKET_CSV;
    const res = await run();
    expect(res.json()[0]).toMatchObject({ ok: false, error: expect.stringContaining('Line 3: minPrice 1.5 is greater than maxPrice 0.9') });
    const day2 = (
      await ctx.app.inject({ url: '/api/intern/productList/product/scrapedPrices?date=2026-04-02&type=market', headers: { cookie: admin } })
    ).json();
    expect(day2).toEqual([]);
    const s = await status();
    expect(s.recent.find((r: { label: string }) => r.label === `${base}/market.csv`)).toMatchObject({ status: 'failed', line: 3 });
  });
});

describe('nextRunAt', () => {
  it('is later today before the hour, tomorrow at or after it', () => {
    expect(nextRunAt(new Date(2026, 3, 1, 4, 59), 5)).toEqual(new Date(2026, 3, 1, 5, 0));
    expect(nextRunAt(new Date(2026, 3, 1, 5, 0), 5)).toEqual(new Date(2026, 3, 2, 5, 0));
    expect(nextRunAt(new Date(2026, 3, 30, 23, 0), 5)).toEqual(new Date(2026, 4, 1, 5, 0));
  });
});

describe('without sources', () => {
  it('refuses a manual run with 409', async () => {
    const plain = await createTestApp();
    const cookie = (await signedIn(plain, { category: 'admin' })).cookie;
    const res = await plain.app.inject({ method: 'POST', url: '/api/intern/prices/fetch', headers: { cookie } });
    expect(res.statusCode).toBe(409);
    await plain.close();
  });
});
