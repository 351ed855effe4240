import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_PHOTO_BYTES } from '@primeur/shared';
import { HttpError } from '../../lib/http-error.js';

export type PhotoType = 'jpg' | 'png' | 'webp';

export const PHOTO_CONTENT_TYPES: Record<PhotoType, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Names the server makes: a UUID and the extension of the detected type. Anything else is never served. */
export const PHOTO_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

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
    throw new HttpError(415, 'BAD_PHOTO', `The file "${filename}" is not a JPEG, PNG or WebP image.`, [
      { path: 'photos', message: 'notAnImage' },
    ]);
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
  return checkPhoto(part.filename, Buffer.concat(chunks));
}

/** Where a lot's photos live: DATA_DIR/product-images/{productId}/. */
export class PhotoStore {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'product-images');
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
    }
    return names;
  }

  async remove(productId: number, names: string[]) {
    for (const n of names) if (PHOTO_FILE_PATTERN.test(n)) await rm(path.join(this.dirOf(productId), n), { force: true });
  }

  async removeAll(productId: number) {
    await rm(this.dirOf(productId), { recursive: true, force: true });
  }

  /**
   * The bytes of one photo, or null. Only server-made names in a numeric folder are looked up, and
   * the resolved path must stay inside the root, so `..`, encoded slashes or absolute paths find nothing.
   */
  async read(productId: string, file: string): Promise<{ bytes: Buffer; type: PhotoType } | null> {
    if (!/^[1-9][0-9]{0,9}$/.test(productId)) return null;
    const m = PHOTO_FILE_PATTERN.exec(file);
    if (!m) return null;
    const full = path.resolve(this.root, productId, file);
    if (!full.startsWith(this.root + path.sep)) return null;
    try {
      return { bytes: await readFile(full), type: m[1] as PhotoType };
    } catch {
      return null;
    }
  }
}
