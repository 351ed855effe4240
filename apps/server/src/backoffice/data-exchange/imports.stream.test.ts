import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@primeur/shared';
import { createSupplier } from '../../db/factories/backoffice.js';
import { productLinks, supplierVariants } from '../../db/schema/index.js';
import { withAdminApp, type TestContext } from '../../../test/build-app.js';
import { multipart } from '../../../test/multipart.js';

/**
 * A hostile import (decision 1013): a file of 10⁶ short rows, within the 5 MB limit. The whole file
 * used to be parsed before the row limit applied (34 s and +2 GB of heap here, every other request
 * waiting); it is now read as it arrives and the reading stops at row 10 001.
 */

// The server project shares loaded modules between files (isolate: false): load this file's own
// copy, with the CSV parser below, and leave none of it to the next file (afterAll).
vi.hoisted(() => vi.resetModules());

/** Tells the test when the server starts parsing a CSV (the moment the old reader froze the process). */
const parsing = vi.hoisted(() => ({ started: undefined as (() => void) | undefined }));
vi.mock('csv-parse', async (importOriginal) => {
  const real = await importOriginal<typeof import('csv-parse')>();
  return {
    ...real,
    parse: (...args: Parameters<typeof real.parse>) => {
      const parser = real.parse(...args);
      parsing.started?.();
      return parser;
    },
  };
});

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));
afterAll(() => {
  vi.doUnmock('csv-parse');
  vi.resetModules();
});

const PRICE_HEADER = 'supplier;article;origin;packaging;box;caliber;weight_piece;nb_piece;price_kg;price_colis;price_piece;volume;start_date;end_date';

describe('a CSV import of 10⁶ short rows', () => {
  it('is refused with 413 while other requests are answered, its memory bounded, nothing stored', async () => {
    const s = await createSupplier(ctx.db, { company: 'Millón SA' });
    const csv = Buffer.from(`${PRICE_HEADER}\r\n${'x;y\r\n'.repeat(1_000_000)}`, 'utf8');
    expect(csv.length).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    const body = multipart({}, [{ field: 'file', filename: 'million.csv', content: csv, contentType: 'text/csv' }]);

    // A cheap request issued at the first turn of the event loop after the server starts parsing the
    // file: it must be answered before the import is. The old reader parsed the whole file in that
    // turn and answered the import first, every request issued meanwhile waiting for the parse.
    let answered = false;
    let probe: Promise<{ status: number; at: number }> | undefined;
    parsing.started = () =>
      setImmediate(() => {
        if (answered) return;
        probe = ctx.app.inject({ method: 'GET', url: '/api/health' }).then((r) => ({ status: r.statusCode, at: performance.now() }));
      });

    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/import/supplier-prices/commit',
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    const answeredAt = performance.now();
    answered = true;
    // Taken at once, before a collection could hide what the request held: the old reader held 10⁶ records.
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    parsing.started = undefined;
    // Issued before the import's answer (undefined: the event loop had no turn during the parse).
    expect(probe).toBeDefined();
    const health = await probe!;
    console.info(
      `10⁶-row import refused in ${(answeredAt - started).toFixed(0)} ms; /api/health issued during the parse answered ` +
        `${(answeredAt - health.at).toFixed(0)} ms before it; heap +${(heapGrowth / 1e6).toFixed(0)} MB`,
    );

    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'CSV_TOO_MANY_ROWS',
      error: `The file has more than ${IMPORT_MAX_ROWS} rows.`,
      details: [
        { path: 'file', message: 'CSV_TOO_MANY_ROWS' },
        { path: 'maxRows', message: String(IMPORT_MAX_ROWS) },
      ],
    });
    expect(health.status).toBe(200);
    expect(health.at).toBeLessThan(answeredAt);
    // Generous: the request's own buffers are ~15 MB; the old reader grew the heap by over 2 GB.
    expect(heapGrowth).toBeLessThan(300e6);
    const stored = await ctx.db
      .select({ id: supplierVariants.id })
      .from(supplierVariants)
      .innerJoin(productLinks, eq(productLinks.id, supplierVariants.productLinkId))
      .where(eq(productLinks.companyId, s.id));
    expect(stored).toHaveLength(0);
  });

  it('refuses 10⁶ lines of empty cells alike (they are no rows, but are not read without end)', async () => {
    const csv = Buffer.from(`${PRICE_HEADER}\r\n${';;\r\n'.repeat(1_000_000)}`, 'utf8');
    expect(csv.length).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    const body = multipart({}, [{ field: 'file', filename: 'blank.csv', content: csv, contentType: 'text/csv' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/import/supplier-prices/preview',
      headers: { cookie: admin, ...body.headers },
      payload: body.payload,
    });
    expect([res.statusCode, res.json().code]).toEqual([413, 'CSV_TOO_MANY_ROWS']);
  });
});
