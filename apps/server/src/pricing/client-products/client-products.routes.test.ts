import { todayInParis, dayInParis } from '@primeur/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { articleByCode, createClient, createSupplier } from '../../db/factories/backoffice.js';
import { createVariant } from '../../db/factories/supplier-products.js';

let ctx: TestContext;
let cookie: string;
let clientId: number;
let supplierId: number;
let navel: number;
let lemon: number;
let supplierNavelVariant: number;
let supplierTomatoVariant: number;

const today = todayInParis();
const nextWeek = dayInParis(7);

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signedIn(ctx, { category: 'admin' })).cookie;
  supplierId = (await createSupplier(ctx.db, { company: 'Cítricos Variants S.L.' })).id;
  supplierNavelVariant = (
    await createVariant(ctx.db, {
      supplierId,
      code: 'CIT01',
      origin: 'ES',
      box: 'Cardboard box 40×60',
      packaging: 'bulk',
      caliber: '3',
      weightPiece: 15,
      priceKg: 0.8,
      startDate: today,
      endDate: nextWeek,
    })
  ).variant.id;
  supplierTomatoVariant = (await createVariant(ctx.db, { supplierId, code: 'TOM02', priceKg: 1.2 })).variant.id;
  clientId = (await createClient(ctx.db, { company: 'Variant Client GmbH', products: ['CIT01', 'TOM02'] })).id;
  navel = (await articleByCode(ctx.db, 'CIT01')).id;
  lemon = (await articleByCode(ctx.db, 'CIT08')).id;
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('client product variants', () => {
  it('lists the supplier variants of a product to copy', async () => {
    const res = await inject('GET', `/api/intern/userProduct/client/variantSources/${navel}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: { id: number }) => v.id)).toEqual([supplierNavelVariant]);
  });

  it('copies a supplier variant into a client variant and lists it', async () => {
    const res = await inject('POST', `/api/intern/userProduct/user/client/product/add/${clientId}`, {
      productId: navel,
      supplierVariantId: supplierNavelVariant,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientProductList: { product: { code: 'CIT01' } },
      origin: { alpha2: 'ES' },
      box: { name: 'Cardboard box 40×60' },
      packaging: { name: 'bulk' },
      caliber: '3',
      weightPiece: 15,
      nbPiece: 1,
    });
    const list = (await inject('GET', `/api/intern/userProduct/client/variants/${clientId}`)).json();
    expect(list).toHaveLength(1);
  });

  it('adds a variant from fields, and deletes it', async () => {
    const res = await inject('POST', `/api/intern/userProduct/user/client/product/add/${clientId}`, {
      productId: navel,
      caliber: '1-2',
      weightPiece: 0.25,
      nbPiece: 40,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect((await inject('DELETE', `/api/intern/userProduct/client/delete/${id}`)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/intern/userProduct/client/delete/${id}`)).statusCode).toBe(404);
  });

  it('refuses a product the client does not buy, a variant of another product, an unknown client and bad numbers', async () => {
    const base = `/api/intern/userProduct/user/client/product/add/${clientId}`;
    expect((await inject('POST', base, { productId: lemon })).json().code).toBe('PRODUCT_NOT_IN_CLIENT_LIST');
    expect((await inject('POST', base, { productId: navel, supplierVariantId: supplierTomatoVariant })).json().code).toBe('VARIANT_NOT_SAME_PRODUCT');
    expect((await inject('POST', `/api/intern/userProduct/user/client/product/add/${supplierId}`, { productId: navel })).statusCode).toBe(404);
    expect((await inject('POST', base, { productId: navel, nbPiece: 0 })).statusCode).toBe(400);
    expect((await inject('POST', base, { productId: navel, weightPiece: -1 })).statusCode).toBe(400);
    expect((await inject('POST', base, { productId: navel, originId: 999_999 })).statusCode).toBe(400);
  });
});
