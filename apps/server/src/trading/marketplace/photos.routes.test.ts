import { mkdtempSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { products } from '../../db/schema/index.js';
import { createLot, lotForm, pngPart, storedPhotos, tinyPng } from './marketplace.test-support.js';

let ctx: TestContext;
let supplier: { cookie: string };

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-photos-')) });
  supplier = await signedIn(ctx, { category: 'supplier' });
});
afterAll(() => ctx.close());

const lotCount = async () => (await ctx.db.select({ n: count() }).from(products))[0]!.n;

describe('product photos', () => {
  it('stores an uploaded photo under a server-made name and serves it with its type, nosniff and caching', async () => {
    const res = await createLot(ctx, supplier.cookie, await lotForm(ctx), [pngPart('My Oranges.PNG')]);
    expect(res.statusCode).toBe(201);
    const lot = res.json();
    const [name] = JSON.parse(lot.photos) as string[];
    expect(name).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(await storedPhotos(ctx)).toContain(`${lot.productId}/${name}`);

    const img = await ctx.app.inject({ method: 'GET', url: `/product-images/${lot.productId}/${name}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 4, 4]);
  });

  const refusals: Array<[string, () => Parameters<typeof createLot>[3], number]> = [
    ['a PNG renamed .exe', () => [{ field: 'photos', filename: 'setup.exe', content: tinyPng() }], 415],
    ['an HTML file named .jpg', () => [{ field: 'photos', filename: 'photo.jpg', content: Buffer.from('<!doctype html><script>alert(1)</script>') }], 415],
    ['an oversized file', () => [{ field: 'photos', filename: 'big.png', content: Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]) }], 413],
    ['a lot without photos', () => [], 400],
    ['nine photos', () => Array.from({ length: 9 }, (_, i) => pngPart(`p${i}.png`)), 400],
    ['a good photo followed by a bad one', () => [pngPart(), { field: 'photos', filename: 'x.webp', content: Buffer.from('RIFFxxxxWEBX') }], 415],
  ];
  for (const [what, files, status] of refusals) {
    it(`refuses ${what} and stores nothing`, async () => {
      const before = { files: await storedPhotos(ctx), lots: await lotCount() };
      const res = await createLot(ctx, supplier.cookie, await lotForm(ctx), files());
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBeTypeOf('string');
      expect(await storedPhotos(ctx)).toEqual(before.files);
      expect(await lotCount()).toBe(before.lots);
    });
  }

  it('refuses a JSON body where the photos are expected', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/product/add',
      headers: { cookie: supplier.cookie },
      payload: await lotForm(ctx),
    });
    expect(res.statusCode).toBe(415);
  });

  it('never serves a file outside the lot folder, whatever the path says', async () => {
    // A file that a traversal would reach if the path were trusted.
    const root = path.join(ctx.config.dataDir, 'product-images');
    await mkdir(path.join(root, '1'), { recursive: true });
    await writeFile(path.join(ctx.config.dataDir, 'secret.png'), tinyPng());
    const urls = [
      '/product-images/1/..%2F..%2Fsecret.png',
      '/product-images/1/%2e%2e%2f%2e%2e%2fsecret.png',
      '/product-images/..%2F..%2F/secret.png',
      '/product-images/%2e%2e/secret.png',
      '/product-images/1/..%5c..%5csecret.png',
      '/product-images/1/../../secret.png',
      '/product-images/1/%2Fetc%2Fpasswd',
      '/product-images/1/secret.png',
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'] ?? '', url).not.toContain('image/');
    }
  });

  it("serves a disabled lot's photos only to its seller and the operator, uncached; 404 to anyone else", async () => {
    const lot = (await createLot(ctx, supplier.cookie, await lotForm(ctx))).json();
    const [name] = JSON.parse(lot.photos) as string[];
    const url = `/product-images/${lot.productId}/${name}`;
    const buyer = await signedIn(ctx, { category: 'client' });
    const admin = await signedIn(ctx, { category: 'admin' });
    const get = (cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(200);

    await ctx.db.update(products).set({ status: 'DISABLED' }).where(eq(products.id, lot.productId));
    for (const cookie of [undefined, buyer.cookie]) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Photo not found.', code: 'NOT_FOUND' });
    }
    for (const cookie of [supplier.cookie, admin.cookie]) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }

    await ctx.db.update(products).set({ status: 'ENABLED' }).where(eq(products.id, lot.productId));
    expect((await get()).headers['cache-control']).toContain('public');
  });

  it('adds and removes photos on an own lot, keeping at least one', async () => {
    const lot = (await createLot(ctx, supplier.cookie, await lotForm(ctx))).json();
    const { multipart } = await import('../../../test/multipart.js');
    const body = multipart({}, [pngPart('second.png')]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/product/photos/add/${lot.productId}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(added.statusCode).toBe(200);
    const names = JSON.parse(added.json().photos) as string[];
    expect(names).toHaveLength(2);
    const del = (file: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/users/product/photos/delete/${lot.productId}/${file}`, headers: { cookie: supplier.cookie } });
    expect((await del(names[0]!)).statusCode).toBe(200);
    const base = names[0]!.replace(/\.webp$/, '');
    expect((await storedPhotos(ctx)).some((f) => f.includes(base))).toBe(false); // the size variants go too
    const last = await del(names[1]!);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_PHOTO');
  });
});
