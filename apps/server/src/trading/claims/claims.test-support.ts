import type { TestContext } from '../../../test/build-app.js';
import { signedIn } from '../../../test/build-app.js';
import { dayInParis } from '@primeur/shared';
import { multipart, type FilePart } from '../../../test/multipart.js';
import { countryId, createArticle, createPackaging } from '../../db/factories/listings.js';
import { encodePng } from '../../lib/png.js';
import * as orders from '../orders/orders.service.js';

export const tinyPng = () => encodePng(4, 4, () => [200, 60, 40]);
export const pngPart = (filename = 'photo.png'): FilePart => ({ field: 'photos', filename, content: tinyPng(), contentType: 'image/png' });

/** A lot put on sale through the API, as a supplier does. */
async function createLot(ctx: TestContext, cookie: string) {
  const article = await createArticle(ctx.db, { article: 'Clémentine' });
  const packaging = await createPackaging(ctx.db);
  const form = {
    articleId: article.id,
    name: 'Clémentines Nules, récolte du matin',
    description: 'Sucrées, feuilles fraîches.',
    caliber: '1X',
    originId: await countryId(ctx.db, 'ES'),
    packagingId: packaging.id,
    price: 1.25,
    quantity: 8,
    availableUntil: dayInParis(7),
    qualityClass: 'I',
    netKgPerPallet: 800,
    boxesPerPallet: 80,
    netKgPerBox: 10,
  };
  const body = multipart({ data: JSON.stringify(form) }, [pngPart()]);
  return ctx.app.inject({ method: 'POST', url: '/api/users/product/add', headers: { ...body.headers, cookie }, payload: body.payload });
}

/** Companies with accented names in three countries, as the documents must print them. */
export async function parties(ctx: TestContext) {
  const seller = await signedIn(ctx, { category: 'supplier', country: 'ES', companyName: 'Huertas Peñíscola S.L.', address: 'Camí de l’Ermita 12' });
  const buyer = await signedIn(ctx, { category: 'client', country: 'DE', companyName: 'Großmarkt Müller & Söhne', address: 'Straße des Großmarkts 7' });
  const stranger = await signedIn(ctx, { category: 'client', country: 'FR', companyName: 'Élise Primeurs' });
  const admin = await signedIn(ctx, { category: 'admin' });
  return { seller, buyer, stranger, admin };
}
export type Parties = Awaited<ReturnType<typeof parties>>;

/** A CONFIRMED order of 8 pallets × 800 kg at 1.25 €/kg from the seller's fresh lot. */
export async function confirmedOrder(ctx: TestContext, p: Parties) {
  const res = await createLot(ctx, p.seller.cookie);
  if (res.statusCode !== 201) throw new Error(`lot: ${res.statusCode} ${res.body}`);
  const productId = res.json().productId as number;
  const row = await ctx.db.transaction((tx) =>
    orders.createOrder(tx, { source: 'AUCTION', productId, buyerId: p.buyer.user.id, pallets: 8, pricePerKg: 1.25, actor: 'SYSTEM' }),
  );
  return row.id;
}

export const api = (ctx: TestContext, cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

export async function shipped(ctx: TestContext, p: Parties) {
  const id = await confirmedOrder(ctx, p);
  const res = await api(ctx, p.seller.cookie, 'POST', `/api/users/orders/${id}/ship`, {
    pallets: 8,
    netKg: 6385.5,
    departureDate: new Date().toISOString().slice(0, 10),
    vehiclePlate: '1234-ÑBC',
  });
  if (res.statusCode !== 200) throw new Error(`ship: ${res.statusCode} ${res.body}`);
  return id;
}

/** An order shipped and received (7 of 8 pallets, 5 580 kg: amount 6 975 €) with a difference noted. */
export async function delivered(ctx: TestContext, p: Parties) {
  const id = await shipped(ctx, p);
  const res = await api(ctx, p.buyer.cookie, 'POST', `/api/users/orders/${id}/receive`, {
    pallets: 7,
    netKg: 5580,
    differences: 'Une palette écrasée, refusée à quai',
  });
  if (res.statusCode !== 200) throw new Error(`receive: ${res.statusCode} ${res.body}`);
  return id;
}

export const claimData = (over: Record<string, unknown> = {}) => ({
  reasons: ['DECAY', 'BRUISING'],
  pallets: 2,
  description: 'Deux palettes avec pourriture sur 30 % des fruits, meurtrissures.',
  creditAsked: 400,
  ...over,
});

export function fileClaim(
  ctx: TestContext,
  cookie: string,
  orderId: number,
  data: unknown = claimData(),
  files: FilePart[] = [pngPart('a.png'), pngPart('b.png')],
) {
  const body = multipart({ data: JSON.stringify(data) }, files);
  return ctx.app.inject({ method: 'POST', url: `/api/users/orders/${orderId}/claims`, headers: { ...body.headers, cookie }, payload: body.payload });
}
