import { todayInParis } from '@primeur/shared';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articleByCode, createSupplier, createClient } from '../../db/factories/backoffice.js';
import { createVariant, supplierLink } from '../../db/factories/supplier-products.js';
import { boxes, countries, packagings, supplierVariants } from '../../db/schema/index.js';
import { withAdminApp, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const base = '/api/intern/userProduct/supplier';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url: `${base}${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const put = (action: string, id: number, value: string) => call('PUT', `/${action}/${id}/${encodeURIComponent(value)}`);
const rowOf = async (id: number) => (await ctx.db.select().from(supplierVariants).where(eq(supplierVariants.id, id)))[0]!;

async function fresh(input: Partial<Parameters<typeof createVariant>[1]> = {}) {
  const s = await createSupplier(ctx.db);
  return (await createVariant(ctx.db, { supplierId: s.id, code: 'TOM01', startDate: '2026-11-10', endDate: '2026-11-20', ...input })).variant;
}

describe('PUT /api/intern/userProduct/supplier/{action}/{id}/{value}: valid values', () => {
  it('sets origin, packaging and box to existing ids', async () => {
    const v = await fresh();
    const [es] = await ctx.db.select().from(countries).where(eq(countries.alpha2, 'ES'));
    const [pk] = await ctx.db.select().from(packagings).limit(1);
    const [bx] = await ctx.db.select().from(boxes).limit(1);
    expect((await put('origin', v.id, String(es!.id))).json()).toMatchObject({ origin: { alpha2: 'ES' } });
    expect((await put('packaging', v.id, String(pk!.id))).json()).toMatchObject({ packaging: { id: pk!.id, name: pk!.name } });
    const res = await put('box', v.id, String(bx!.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ box: { id: bx!.id }, supplierProductList: { product: { code: 'TOM01' } } });
  });

  it('sets the caliber (trimmed), the volume and each date', async () => {
    const v = await fresh();
    expect((await put('caliber', v.id, ' 57-67 ')).json()).toMatchObject({ caliber: '57-67' });
    // Calibers such as 10/12 travel URL-encoded in the path.
    expect((await put('caliber', v.id, '10/12 ½')).json()).toMatchObject({ caliber: '10/12 ½' });
    expect((await put('volume', v.id, '12.5')).json()).toMatchObject({ volume: 12.5 });
    expect((await put('volume', v.id, '0')).json()).toMatchObject({ volume: 0 });
    expect((await put('startDate', v.id, '2026-11-12')).json()).toMatchObject({ startDate: '2026-11-12', endDate: '2026-11-20' });
    expect((await put('endDate', v.id, '2026-11-12')).json()).toMatchObject({ startDate: '2026-11-12', endDate: '2026-11-12' });
    expect((await put('dates', v.id, '2026-12-01_2026-12-31')).json()).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('sets weight, piece count and prices, keeping the three prices consistent once the weight is known', async () => {
    const v = await fresh();
    expect((await put('priceKg', v.id, '2')).json()).toMatchObject({ priceKg: 2, priceColis: 0, pricePiece: 0, weightPiece: null });
    expect((await put('nbPiece', v.id, '10')).json()).toMatchObject({ nbPiece: 10 });
    expect((await put('weightPiece', v.id, '0.25')).json()).toMatchObject({ weightPiece: 0.25, priceKg: 2, pricePiece: 0.5, priceColis: 5 });
    expect((await put('priceColis', v.id, '7.5')).json()).toMatchObject({ priceColis: 7.5, priceKg: 3, pricePiece: 0.75 });
    expect((await put('pricePiece', v.id, '0.123')).json()).toMatchObject({ pricePiece: 0.123, priceKg: 0.492, priceColis: 1.23 });
    const row = await rowOf(v.id);
    expect([row.priceKg, row.priceColis, row.pricePiece]).toEqual(['0.492', '1.230', '0.123']);
  });
});

describe('the quality class of a variant (decision 915)', () => {
  it('is null until set, then EXTRA, I or II', async () => {
    const v = await fresh();
    expect((await rowOf(v.id)).qualityClass).toBeNull();
    expect((await put('qualityClass', v.id, 'II')).json()).toMatchObject({ qualityClass: 'II' });
    expect((await put('qualityClass', v.id, 'EXTRA')).json()).toMatchObject({ qualityClass: 'EXTRA' });
    expect((await rowOf(v.id)).qualityClass).toBe('EXTRA');
  });

  it('refuses another value with 400 UNKNOWN_QUALITY_CLASS, as for lots, and changes nothing', async () => {
    const v = await fresh({ qualityClass: 'I' });
    for (const value of ['III', 'i', 'extra', 'none', '1']) {
      const res = await put('qualityClass', v.id, value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UNKNOWN_QUALITY_CLASS', details: [{ path: 'qualityClass', message: 'unknownQualityClass' }] });
    }
    expect((await rowOf(v.id)).qualityClass).toBe('I');
  });

  it('goes with a copy of the variant', async () => {
    const v = await fresh({ qualityClass: 'II' });
    const copy = await call('POST', '/variant/add', { productLinkId: v.productLinkId, copyOf: v.id });
    expect(copy.json()).toMatchObject({ qualityClass: 'II' });
  });
});

describe('PUT …/{action}/{id}/{value}: every invalid value is a 400 and changes nothing', () => {
  const cases: Array<[string, string[]]> = [
    ['priceKg', ['-1', '1.2345', 'abc', '1,5', '1e3', '1000000000']],
    ['priceColis', ['-0.001', '0.0001', 'NaN']],
    ['pricePiece', ['-2', '2.0001', ' ']],
    ['weightPiece', ['-0.5', '0.1234', 'x']],
    ['nbPiece', ['0', '-1', '1.5', 'two']],
    ['volume', ['-1', '1.2345', 'lots']],
    ['startDate', ['2026-11-21', '2026-02-30', '21/11/2026']],
    ['endDate', ['2026-11-09', '2026-13-01', 'tomorrow']],
    ['dates', ['2026-12-31_2026-12-01', '2026-12-01', '2026-12-01_2026-12-02_2026-12-03']],
    ['origin', ['999999', '0', 'ES']],
    ['packaging', ['999999', '-1']],
    ['box', ['999999', 'big']],
    ['caliber', ['x'.repeat(51)]],
    ['colour', ['red']],
  ];
  for (const [action, values] of cases) {
    it(`refuses bad ${action} values`, async () => {
      const v = await fresh({ priceKg: 1, volume: 2, weightPiece: 0.2, nbPiece: 5, caliber: 'A' });
      const before = await rowOf(v.id);
      for (const value of values) {
        const res = await put(action, v.id, value);
        expect(res.statusCode, `${action}=${value}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect(await rowOf(v.id)).toEqual(before);
    });
  }

  it('answers 404 for an unknown variant', async () => {
    expect((await put('priceKg', 999999, '1')).statusCode).toBe(404);
  });
});

describe('adding variants', () => {
  it('adds a blank variant with the spec defaults', async () => {
    const s = await createSupplier(ctx.db);
    const link = await supplierLink(ctx.db, s.id, 'CIT04');
    const res = await call('POST', '/variant/add', { productLinkId: link.id });
    expect(res.statusCode).toBe(201);
    const today = todayInParis();
    expect(res.json()).toMatchObject({
      nbPiece: 1,
      priceKg: 0,
      priceColis: 0,
      pricePiece: 0,
      volume: 0,
      caliber: '',
      qualityClass: null,
      startDate: today,
      endDate: today,
    });
  });

  it('duplicates a variant of the same product, and only of the same product', async () => {
    const v = await fresh({ origin: 'MA', caliber: '3', priceKg: 1.4, volume: 6, weightPiece: 0.1, nbPiece: 30 });
    const res = await call('POST', '/variant/add', { productLinkId: v.productLinkId, copyOf: v.id });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(v.id);
    expect(copy).toMatchObject({
      origin: { alpha2: 'MA' },
      caliber: '3',
      priceKg: 1.4,
      priceColis: 4.2,
      volume: 6,
      startDate: '2026-11-10',
      endDate: '2026-11-20',
    });
    const other = await fresh();
    const refused = await call('POST', '/variant/add', { productLinkId: other.productLinkId, copyOf: v.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('VARIANT_NOT_SAME_PRODUCT');
    expect((await call('POST', '/variant/add', { productLinkId: v.productLinkId, copyOf: 999999 })).statusCode).toBe(404);
    expect((await call('POST', '/variant/add', { productLinkId: 999999 })).statusCode).toBe(404);
    const c = await createClient(ctx.db);
    expect((await call('POST', '/variant/add', { productLinkId: (await supplierLink(ctx.db, c.id, 'TOM01')).id })).statusCode).toBe(404);
  });
});

describe('listing and deleting', () => {
  it('lists a supplier variants in the spec shape and deletes one', async () => {
    const s = await createSupplier(ctx.db, { company: 'Listed Supplier' });
    const a = await createVariant(ctx.db, { supplierId: s.id, code: 'TOM01', priceKg: 1 });
    await createVariant(ctx.db, { supplierId: s.id, code: 'CIT04', priceKg: 2 });
    const list = await call('GET', `/products/${s.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toMatchObject({ supplier: { id: s.id, company: 'Listed Supplier' }, supplierProductList: { product: { code: 'CIT04' } } });
    expect((await call('DELETE', `/delete/${a.variant.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/delete/${a.variant.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/products/${s.id}`)).json()).toHaveLength(1);
    expect((await call('GET', '/products/999999')).statusCode).toBe(404);
  });

  it('lists the suppliers allowed for a product with their contacts', async () => {
    const s = await createSupplier(ctx.db, { company: 'Allowed One', products: ['BER01'], contacts: [{ email: 'ana@allowed.test' }] });
    await createSupplier(ctx.db, { company: 'Not Allowed', products: ['BER02'] });
    const { id: articleId } = await articleByCode(ctx.db, 'BER01');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/intern/userProduct/user/products/getUserAllowedProducts/${articleId}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: s.id, company: 'Allowed One', contacts: [expect.objectContaining({ email: 'ana@allowed.test' })] }),
    ]);
  });
});
