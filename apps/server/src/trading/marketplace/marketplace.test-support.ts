import { dayInParis } from '@primeur/shared';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestContext } from '../../../test/build-app.js';
import { multipart, type FilePart } from '../../../test/multipart.js';
import { countryId, createArticle, createPackaging } from '../../db/factories/listings.js';
import { encodePng } from '../../lib/png.js';

export const tinyPng = () => encodePng(4, 4, () => [200, 60, 40]);
export const pngPart = (filename = 'photo.png'): FilePart => ({ field: 'photos', filename, content: tinyPng(), contentType: 'image/png' });

/** A valid lot form with fresh catalog parents. */
export async function lotForm(ctx: TestContext, extra: Record<string, unknown> = {}) {
  const article = await createArticle(ctx.db, { article: 'Orange' });
  const packaging = await createPackaging(ctx.db);
  return {
    articleId: article.id,
    name: 'Navel oranges, first category',
    description: 'Sweet and juicy.',
    caliber: '3',
    originId: await countryId(ctx.db, 'ES'),
    packagingId: packaging.id,
    price: 1.25,
    quantity: 12,
    netKgPerPallet: 800,
    boxesPerPallet: 80,
    netKgPerBox: 10,
    availableUntil: dayInParis(7),
    qualityClass: 'I',
    ...extra,
  };
}

export function createLot(ctx: TestContext, cookie: string, form: unknown, files: FilePart[] = [pngPart()]) {
  const body = multipart({ data: JSON.stringify(form) }, files);
  return ctx.app.inject({ method: 'POST', url: '/api/users/product/add', headers: { ...body.headers, cookie }, payload: body.payload });
}

/** Every file under DATA_DIR/product-images (to prove a refused upload stored nothing). */
export async function storedPhotos(ctx: TestContext): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, 'product-images');
  try {
    const out: string[] = [];
    for (const d of await readdir(root)) for (const f of await readdir(path.join(root, d))) out.push(`${d}/${f}`);
    return out;
  } catch {
    return [];
  }
}
