import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createLot, lotForm, storedPhotos, tinyPng } from './marketplace.test-support.js';

let ctx: TestContext;
let supplier: { cookie: string };

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-photo-safety-')) });
  supplier = await signedIn(ctx, { category: 'supplier' });
});
afterAll(() => ctx.close());

const part = (filename: string, content: Buffer) => ({ field: 'photos', filename, content });
const get = (productId: number, file: string) => ctx.app.inject({ method: 'GET', url: `/product-images/${productId}/${file}` });

async function upload(filename: string, content: Buffer) {
  return createLot(ctx, supplier.cookie, await lotForm(ctx), [part(filename, content)]);
}

/** A PNG whose header declares width × height, with one small compressed IDAT (not a full image). */
function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectRefused(filename: string, content: Buffer, code: string) {
  const before = await storedPhotos(ctx);
  const res = await upload(filename, content);
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe(code);
  expect(await storedPhotos(ctx)).toEqual(before);
}

describe('photo decoding and re-encoding', () => {
  it('re-encodes a polyglot PNG + HTML file, dropping the tail', async () => {
    const html = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([tinyPng(), Buffer.from(html)]);
    const res = await upload('poly.png', polyglot);
    expect(res.statusCode).toBe(201);
    const lot = res.json();
    const [name] = JSON.parse(lot.photos) as string[];
    expect(name).toMatch(/\.webp$/);
    const stored = await readFile(path.join(ctx.config.dataDir, 'product-images', String(lot.productId), name!));
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('<html'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('webp');
  });

  it('refuses a PNG header declaring 100000 × 100000 pixels', async () => {
    await expectRefused('huge.png', pngDeclaring(100_000, 100_000), 'PHOTO_TOO_LARGE');
  });

  it('refuses a decompression bomb: a small file of a 10000 × 10000 solid colour', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ff0000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefused('bomb.png', bomb, 'PHOTO_TOO_LARGE');
  });

  it('refuses an image over 8000 px on one side even under 40 MP', async () => {
    await expectRefused('wide.png', pngDeclaring(9000, 100), 'PHOTO_TOO_LARGE');
  });

  it('refuses a truncated PNG and a truncated JPEG', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
      .composite([{ input: Buffer.from('<svg width="300" height="300"><circle cx="150" cy="150" r="100" fill="#fc0"/></svg>') }])
      .png()
      .toBuffer();
    await expectRefused('cut.png', png.subarray(0, Math.floor(png.length / 2)), 'BAD_PHOTO');
    const jpg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
      .composite([{ input: Buffer.from('<svg width="300" height="300"><circle cx="150" cy="150" r="100" fill="#fc0"/></svg>') }])
      .jpeg()
      .toBuffer();
    await expectRefused('cut.jpg', jpg.subarray(0, Math.floor(jpg.length / 2)), 'BAD_PHOTO');
  });

  it('refuses a file with image magic bytes but no image behind them', async () => {
    await expectRefused('fake.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg at all')]), 'BAD_PHOTO');
  });

  it('strips EXIF (GPS included) from a JPEG, applies its orientation, and serves three widths', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#80a040' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Spyphone', Orientation: '1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
      })
      .toBuffer();
    const inMeta = await sharp(jpeg).metadata();
    expect(inMeta.exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('Spyphone'))).toBe(true);

    const res = await upload('field.jpg', jpeg);
    expect(res.statusCode).toBe(201);
    const lot = res.json();
    const [name] = JSON.parse(lot.photos) as string[];
    expect(name).toMatch(/^[0-9a-f-]{36}\.webp$/);
    const base = name!.replace(/\.webp$/, '');
    const files = (await storedPhotos(ctx)).filter((f) => f.startsWith(`${lot.productId}/`));
    expect(files.sort()).toEqual([`${lot.productId}/${base}-1200.webp`, `${lot.productId}/${base}-480.webp`, `${lot.productId}/${name}`].sort());

    for (const [file, width, height] of [
      [name!, 2400, 1600],
      [`${base}-1200.webp`, 1200, 800],
      [`${base}-480.webp`, 480, 320],
    ] as const) {
      const img = await get(lot.productId, file);
      expect(img.statusCode, file).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(['webp', width, height]);
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(img.rawPayload.includes(Buffer.from('Spyphone'))).toBe(false);
    }
  });

  it('applies the EXIF orientation before storing', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#204080' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload('rotated.jpg', jpeg);
    expect(res.statusCode).toBe(201);
    const lot = res.json();
    const [name] = JSON.parse(lot.photos) as string[];
    const meta = await sharp((await get(lot.productId, name!)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 600, undefined]);
  });

  it('serves the original when a size variant is missing (seeded photos)', async () => {
    const dir = path.join(ctx.config.dataDir, 'product-images', '987654');
    await mkdir(dir, { recursive: true });
    const name = '0b6a8a3c-1111-4222-8333-444455556666.png';
    await writeFile(path.join(dir, name), tinyPng());
    for (const file of [name, name.replace('.png', '-480.png'), name.replace('.png', '-1200.png')]) {
      const res = await get(987654, file);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(tinyPng())).toBe(true);
    }
    expect((await get(987654, name.replace('.png', '-640.png'))).statusCode).toBe(404);
  });
});
