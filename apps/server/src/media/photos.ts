import { randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_PHOTO_BYTES } from '@primeur/shared';
import type Sharp from 'sharp';
import { HttpError } from '../lib/http-error.js';

export type PhotoType = 'jpg' | 'png' | 'webp';

export const PHOTO_CONTENT_TYPES: Record<PhotoType, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Names the server makes: a UUID and the extension of the detected type. Anything else is never served. */
export const PHOTO_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/**
 * Size variants (decision 506): `name.webp` is the full size (at most 2400 px on its longest side),
 * `name-1200.webp` the detail size and `name-480.webp` the grid size. The API lists only `name.webp`.
 */
export const PHOTO_VARIANT_WIDTHS = [480, 1200] as const;
export const PHOTO_FULL_SIZE = 2400;
const VARIANT_FILE_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(480|1200))?\.(jpg|png|webp)$/;
export const variantName = (name: string, width: number) => name.replace(/\.(jpg|png|webp)$/, `-${width}.$1`);

/** Decoding limits: declared dimensions are checked before any pixel is decoded. */
export const PHOTO_MAX_SIDE = 8000;
export const PHOTO_MAX_PIXELS = 40_000_000;
const DECODE_OPTIONS = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const;

/** The type told by the first bytes (the name and the declared type are the client's word, not evidence). */
export function sniffImage(buf: Buffer): PhotoType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const NAME_EXTENSIONS: Record<string, PhotoType> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp' };

export interface CheckedPhoto {
  type: PhotoType;
  bytes: Buffer;
  /** Smaller re-encodings stored beside the photo as `name-{width}.{type}`. */
  variants?: Array<{ width: number; bytes: Buffer }>;
}

/**
 * Accepts a photo only when its bytes are a JPEG, PNG or WebP and its name says the same thing: a PNG
 * called .exe or an HTML page called .jpg is refused, so what users download is what they uploaded.
 */
export function checkPhoto(filename: string, bytes: Buffer): CheckedPhoto {
  if (bytes.length === 0) throw new HttpError(400, 'BAD_PHOTO', `The file "${filename}" is empty.`, [{ path: 'photos', message: 'emptyFile' }]);
  if (bytes.length > MAX_PHOTO_BYTES) throw photoTooLarge(filename);
  const type = sniffImage(bytes);
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!type || NAME_EXTENSIONS[ext] !== type) {
    throw new HttpError(415, 'BAD_PHOTO', `The file "${filename}" is not a JPEG, PNG or WebP image.`, [{ path: 'photos', message: 'notAnImage' }]);
  }
  return { type, bytes };
}

export const photoTooLarge = (filename: string) =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file "${filename}" is larger than 5 MB.`, [{ path: 'photos', message: 'fileTooLarge' }]);

/** Reads one multipart file whole, refusing it as soon as it passes the size limit. */
export async function readPhotoPart(part: MultipartFile): Promise<CheckedPhoto> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > MAX_PHOTO_BYTES) throw photoTooLarge(part.filename);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw photoTooLarge(part.filename);
  return reencodePhoto(part.filename, checkPhoto(part.filename, Buffer.concat(chunks)));
}

const undecodable = (filename: string) =>
  new HttpError(400, 'BAD_PHOTO', `The file "${filename}" is not an image that can be decoded (damaged, truncated or not an image).`, [
    { path: 'photos', message: 'undecodable' },
  ]);
const tooManyPixels = (filename: string) =>
  new HttpError(
    400,
    'PHOTO_TOO_LARGE',
    `The image "${filename}" is larger than ${PHOTO_MAX_SIDE} × ${PHOTO_MAX_SIDE} pixels or ${PHOTO_MAX_PIXELS / 1e6} megapixels.`,
    [{ path: 'photos', message: 'tooManyPixels' }],
  );

/**
 * Decodes the photo with sharp and stores only a fresh WebP encoding of its pixels: trailing bytes
 * (polyglot files), EXIF (GPS included) and any other metadata are dropped; the EXIF orientation is
 * applied first. Huge declared dimensions are refused from the header, before decoding.
 */
export async function reencodePhoto(filename: string, photo: CheckedPhoto): Promise<CheckedPhoto> {
  // Loaded at the first photo, not at start (decision 920).
  const { default: sharp } = await import('sharp');
  let meta: Sharp.Metadata;
  try {
    // Header only, no pixel is decoded: the pixel limit is off here so oversized images get their own code.
    meta = await sharp(photo.bytes, { ...DECODE_OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw undecodable(filename);
  }
  const { width, height } = meta;
  if (!width || !height) throw undecodable(filename);
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS) throw tooManyPixels(filename);
  try {
    // One decode of the whole image (so a truncated or damaged file fails here), kept as raw pixels.
    const { data, info } = await sharp(photo.bytes, DECODE_OPTIONS)
      .rotate()
      .resize({ width: PHOTO_FULL_SIZE, height: PHOTO_FULL_SIZE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = (w?: number) => {
      const img = sharp(data, raw);
      if (w) img.resize({ width: w, withoutEnlargement: true });
      return img.webp({ quality: 82 }).toBuffer();
    };
    const bytes = await encode();
    const variants = [];
    for (const w of PHOTO_VARIANT_WIDTHS) variants.push({ width: w, bytes: await encode(w) });
    return { type: 'webp', bytes, variants };
  } catch {
    throw undecodable(filename);
  }
}

/** Where a lot's photos live: DATA_DIR/product-images/{productId}/ (claims keep theirs under claim-photos/{claimId}/). */
export class PhotoStore {
  readonly root: string;
  constructor(dataDir: string, folder = 'product-images') {
    this.root = path.resolve(dataDir, folder);
  }

  dirOf(productId: number) {
    return path.join(this.root, String(productId));
  }

  /** Writes the photos under server-made names and returns the names. */
  async save(productId: number, photos: CheckedPhoto[]): Promise<string[]> {
    const dir = this.dirOf(productId);
    await mkdir(dir, { recursive: true });
    const names: string[] = [];
    for (const p of photos) {
      const name = `${randomUUID()}.${p.type}`;
      await writeFile(path.join(dir, name), p.bytes, { flag: 'wx' });
      names.push(name);
      for (const v of p.variants ?? []) await writeFile(path.join(dir, variantName(name, v.width)), v.bytes, { flag: 'wx' });
    }
    return names;
  }

  async remove(productId: number, names: string[]) {
    for (const n of names) {
      if (!PHOTO_FILE_PATTERN.test(n)) continue;
      for (const f of [n, ...PHOTO_VARIANT_WIDTHS.map((w) => variantName(n, w))]) await rm(path.join(this.dirOf(productId), f), { force: true });
    }
  }

  /** Copies every file of one lot's folder to another's (a relisted lot keeps its photos). */
  async copyAll(fromId: number, toId: number) {
    try {
      await cp(this.dirOf(fromId), this.dirOf(toId), { recursive: true, force: false, errorOnExist: false });
    } catch (err) {
      // A lot without a folder (seeded lots) has nothing to copy.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async removeAll(productId: number) {
    await rm(this.dirOf(productId), { recursive: true, force: true });
  }

  /**
   * The bytes of one photo, or null. Only server-made names in a numeric folder are looked up, and
   * the resolved path must stay inside the root, so `..`, encoded slashes or absolute paths find nothing.
   * A size variant (`name-480.webp`) that does not exist (seeded or older photos) is served as the original.
   */
  async read(productId: string, file: string): Promise<{ bytes: Buffer; type: PhotoType } | null> {
    if (!/^[1-9][0-9]{0,9}$/.test(productId)) return null;
    const m = VARIANT_FILE_PATTERN.exec(file);
    if (!m) return null;
    const type = m[3] as PhotoType;
    const candidates = m[2] ? [file, `${m[1]}.${type}`] : [file];
    for (const name of candidates) {
      const full = path.resolve(this.root, productId, name);
      if (!full.startsWith(this.root + path.sep)) return null;
      try {
        return { bytes: await readFile(full), type };
      } catch {
        // try the original
      }
    }
    return null;
  }
}
