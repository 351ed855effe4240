import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedIn, testConfig, type TestContext } from '../../../test/build-app.js';
import { claims } from '../../db/schema/index.js';
import { encodePng } from '../../lib/png.js';
import type { FilePart } from '../../../test/multipart.js';
import { claimData, delivered, fileClaim, parties, shipped, type Parties } from './claims.test-support.js';

/**
 * Hostile claim uploads (decision 1013): whether the caller may file is asked before any photo is
 * read, so a stranger's ten large photos cost no decoding, and filings are limited per account.
 */

// The server project shares loaded modules between files (isolate: false): load this file's own
// copy, with the counters below, and leave none of it to the next file (afterAll).
vi.hoisted(() => vi.resetModules());

/** How many photo parts were read, and how many times the image library was called (decoding). */
const seen = vi.hoisted(() => ({ photoParts: 0, sharpCalls: 0 }));
vi.mock('../../media/photos.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../media/photos.js')>();
  return {
    ...real,
    readPhotoPart: (...args: Parameters<typeof real.readPhotoPart>) => {
      seen.photoParts += 1;
      return real.readPhotoPart(...args);
    },
  };
});
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('sharp') }>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    seen.sharpCalls += 1;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const LIMIT = 3;
let ctx: TestContext;
let p: Parties;

beforeAll(async () => {
  const base = testConfig();
  ctx = await createTestApp({
    dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-claim-uploads-')),
    // The real limits (lots' uploads 60 an hour…), with claims filed at LIMIT an hour per account.
    rateLimitFactor: 1,
    rateLimits: { ...base.rateLimits, claimPhotos: { max: LIMIT, windowMs: 3_600_000 } },
  });
  p = await parties(ctx);
});
afterAll(async () => {
  await ctx?.close();
  vi.doUnmock('../../media/photos.js');
  vi.doUnmock('sharp');
  vi.resetModules();
});
/** Counts from here on (the orders a test makes put lots on sale, with their own photo). */
const countFromHere = () => {
  seen.photoParts = 0;
  seen.sharpCalls = 0;
};

/** Ten photos of 2400 × 1800 pixels (what costs a second of decoding each when it is done). */
let large: FilePart[] | undefined;
const tenLargePhotos = () => {
  large ??= Array.from({ length: 10 }, (_, i) => ({
    field: 'photos',
    filename: `large-${i}.png`,
    content: encodePng(2400, 1800, (x, y) => [x % 256, y % 256, (x + y + i) % 256]),
    contentType: 'image/png',
  }));
  return large;
};
const claimCount = async (orderId: number) => (await ctx.db.select({ n: count() }).from(claims).where(eq(claims.orderId, orderId)))[0]!.n;

describe('who may file is asked before the photos are read', () => {
  it('a stranger posting ten large photos to another company’s order gets 404, and no photo is read or decoded', async () => {
    const id = await delivered(ctx, p);
    const photos = tenLargePhotos();
    countFromHere();
    const res = await fileClaim(ctx, p.stranger.cookie, id, claimData(), photos);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    // An order that does not exist reads the same, whoever asks.
    const none = await fileClaim(ctx, p.buyer.cookie, id + 100_000, claimData(), tenLargePhotos());
    expect([none.statusCode, none.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(seen).toEqual({ photoParts: 0, sharpCalls: 0 });
    expect(await claimCount(id)).toBe(0);
  });

  it('the seller, and the buyer of an order not delivered, are refused (409) without a photo read', async () => {
    const [deliveredId, shippedId] = [await delivered(ctx, p), await shipped(ctx, p)];
    countFromHere();
    const seller = await fileClaim(ctx, p.seller.cookie, deliveredId, claimData(), tenLargePhotos());
    expect([seller.statusCode, seller.json().code]).toEqual([409, 'ONLY_BUYER_CLAIMS']);
    const early = await fileClaim(ctx, p.buyer.cookie, shippedId, claimData(), tenLargePhotos());
    expect([early.statusCode, early.json().code]).toEqual([409, 'ORDER_NOT_DELIVERED']);
    expect(seen).toEqual({ photoParts: 0, sharpCalls: 0 });
  });

  it('the buyer’s claim with its photos is read, decoded and filed as before', async () => {
    const id = await delivered(ctx, p);
    countFromHere();
    const res = await fileClaim(ctx, p.buyer.cookie, id);
    expect(res.statusCode).toBe(201);
    expect(res.json().photos).toHaveLength(2);
    expect(seen.photoParts).toBe(2);
    expect(seen.sharpCalls).toBeGreaterThan(0);
    expect(await claimCount(id)).toBe(1);
  });
});

describe('claims filed per account', () => {
  it(`answers 429 with Retry-After past ${LIMIT} filings an hour, before reading a photo; another account is not refused`, async () => {
    const caller = await signedIn(ctx, { category: 'client' });
    // Parties of their own: the buyer above has used its filings of the hour in this file.
    const q = await parties(ctx);
    const id = await delivered(ctx, q);
    countFromHere();
    for (let i = 0; i < LIMIT; i++) expect((await fileClaim(ctx, caller.cookie, id)).statusCode).toBe(404);
    const refused = await fileClaim(ctx, caller.cookie, id, claimData(), tenLargePhotos());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(seen).toEqual({ photoParts: 0, sharpCalls: 0 });
    // Counted per account: the order's buyer still files.
    expect((await fileClaim(ctx, q.buyer.cookie, id)).statusCode).toBe(201);
  });
});
