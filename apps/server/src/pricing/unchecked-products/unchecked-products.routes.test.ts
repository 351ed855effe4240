import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UNCHECKED_PAGE_SIZE } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createSupplier } from '../../db/factories/backoffice.js';
import { createUncheckedProduct, importOffers } from '../../db/factories/unchecked-products.js';
import { articles, countries, productLinks, supplierVariants, uncheckedProducts } from '../../db/schema/index.js';

let ctx: TestContext;
let cookie: string;
let adminId: number;
let supplierId: number;
let navelId: number;
let lemonId: number;
let spainId: number;

const BASE = '/api/intern/userProduct/supplier/unchecked';

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await signedIn(ctx, { category: 'admin' });
  cookie = admin.cookie;
  adminId = admin.user.id;
  supplierId = (await createSupplier(ctx.db, { company: 'Cítricos Test', products: ['CIT01'] })).id;
  const arts = await ctx.db.select().from(articles);
  navelId = arts.find((a) => a.code === 'CIT01')!.id;
  lemonId = arts.find((a) => a.code === 'CIT08')!.id;
  spainId = (await ctx.db.select().from(countries).where(eq(countries.alpha2, 'ES')))[0]!.id;
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const variantsOf = async (linkSupplier: number) =>
  ctx.db
    .select({ v: supplierVariants })
    .from(supplierVariants)
    .innerJoin(productLinks, eq(productLinks.id, supplierVariants.productLinkId))
    .where(eq(productLinks.companyId, linkSupplier));

describe('unchecked list paging', () => {
  it('pages by 10 from page 0, oldest first, with paging data', async () => {
    await ctx.db.delete(uncheckedProducts);
    const t0 = Date.parse('2026-11-01T08:00:00Z');
    for (let i = 0; i < 23; i++) await createUncheckedProduct(ctx.db, { productName: `Row ${i}`, createdAt: new Date(t0 + i * 60_000) });
    const p0 = (await inject('GET', `${BASE}?page=0&size=${UNCHECKED_PAGE_SIZE}`)).json();
    expect(p0.content).toHaveLength(10);
    expect(p0.content[0].productName).toBe('Row 0');
    expect(p0).toMatchObject({ page: 0, size: 10, totalElements: 23, totalPages: 3, first: true, last: false });
    const p2 = (await inject('GET', `${BASE}?page=2&size=10`)).json();
    expect(p2.content.map((r: { productName: string }) => r.productName)).toEqual(['Row 20', 'Row 21', 'Row 22']);
    expect(p2.last).toBe(true);
    expect((await inject('GET', `${BASE}?page=3&size=10`)).json().content).toEqual([]);
  });

  it('uses page 0 and size 10 when the query leaves them out, and refuses nonsense', async () => {
    const res = (await inject('GET', BASE)).json();
    expect(res).toMatchObject({ page: 0, size: 10 });
    expect((await inject('GET', `${BASE}?page=-1`)).statusCode).toBe(400);
    expect((await inject('GET', `${BASE}?size=0`)).statusCode).toBe(400);
    expect((await inject('GET', `${BASE}?page=abc`)).statusCode).toBe(400);
  });
});

describe('paste to import', () => {
  it('imports the offer lines of a pasted message for the chosen supplier', async () => {
    const res = await inject('POST', `${BASE}/import`, { text: 'Hola!\nNaranja navel cal 3 0,65€/kg 4 pal\nLimón cal 4 0,80€/kg', supplierId });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.imported).toBe(2);
    expect(body.rows[0]).toMatchObject({ supplier: { id: supplierId }, priceKg: 0.65, volume: 4, message: { source: 'paste' } });
    expect(body.rows[0].lookalike.productName.code).toBe('CIT01');
    // In the change history as the staff member's creations, with the offer's fields.
    for (const row of body.rows as Array<{ id: number }>) {
      const history = (await inject('GET', `/api/admin/activity?entity=uncheckedProduct&id=${row.id}`)).json();
      expect(history.items).toEqual([
        expect.objectContaining({ entity: 'uncheckedProduct', entityId: row.id, action: 'create', user: expect.objectContaining({ id: adminId }) }),
      ]);
      expect(history.items[0].changes).toContainEqual(expect.objectContaining({ field: 'supplierId', from: null, to: supplierId }));
    }
  });

  it('refuses an empty text and an unknown supplier', async () => {
    expect((await inject('POST', `${BASE}/import`, { text: '  ' })).statusCode).toBe(400);
    expect((await inject('POST', `${BASE}/import`, { text: 'Limón 0,80€/kg', supplierId: 999_999 })).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('deletes a row and answers 404 the second time', async () => {
    const row = await createUncheckedProduct(ctx.db);
    expect((await inject('DELETE', `${BASE}/${row.id}`)).statusCode).toBe(200);
    expect((await inject('DELETE', `${BASE}/${row.id}`)).statusCode).toBe(404);
    // The deletion is in the change history, by the staff member, with what the row held.
    const history = (await inject('GET', `/api/admin/activity?entity=uncheckedProduct&id=${row.id}`)).json();
    expect(history.items).toEqual([expect.objectContaining({ action: 'delete', user: expect.objectContaining({ id: adminId }) })]);
    expect(history.items[0].changes).toContainEqual(expect.objectContaining({ field: 'messageId', from: row.messageId, to: null }));
  });
});

describe('move to the supplier products', () => {
  it('creates exactly one variant from the corrected row and deletes the row', async () => {
    const { rows } = await importOffers(ctx.db, { body: 'Naranja navel cal 3 España 0,65€/kg 4 pal desde 25/11', today: new Date('2026-11-21T00:00:00Z') });
    const row = rows[0]!;
    const before = (await variantsOf(supplierId)).length;
    const res = await inject('POST', `${BASE}/${row.id}/move`, {
      supplierId,
      productId: navelId,
      originId: spainId,
      caliber: '4',
      priceKg: 0.7,
      volume: 4,
      startDate: '2026-11-25',
    });
    expect(res.statusCode).toBe(201);
    const { variant } = res.json();
    expect(variant).toMatchObject({ caliber: '4', priceKg: 0.7, volume: 4, startDate: '2026-11-25', endDate: '2026-12-01', origin: { alpha2: 'ES' } });
    expect(variant.supplierProductList.product.code).toBe('CIT01');
    expect((await variantsOf(supplierId)).length).toBe(before + 1);
    expect(await ctx.db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, row.id))).toEqual([]);
    const moved = (await inject('GET', `/api/admin/activity?entity=uncheckedProduct&id=${row.id}`)).json();
    expect(moved.items.map((i: { action: string }) => i.action)).toEqual(['delete']);
    // Moving it again finds nothing: no second variant.
    expect((await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId })).statusCode).toBe(404);
    expect((await variantsOf(supplierId)).length).toBe(before + 1);
  });

  it("refuses without a supplier: 'Missing supplier.', nothing changes", async () => {
    const row = await createUncheckedProduct(ctx.db);
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId: null, productId: navelId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Missing supplier.', code: 'MISSING_SUPPLIER' });
    expect(await ctx.db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, row.id))).toHaveLength(1);
  });

  it('refuses a product the supplier does not deal in, with the §8 text, nothing changes', async () => {
    const row = await createUncheckedProduct(ctx.db);
    const before = (await variantsOf(supplierId)).length;
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: lemonId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'This supplier does not have this product in their list.', code: 'PRODUCT_NOT_IN_SUPPLIER_LIST' });
    expect(await ctx.db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, row.id))).toHaveLength(1);
    expect((await variantsOf(supplierId)).length).toBe(before);
  });

  it('keeps the row when the variant is refused (one transaction)', async () => {
    const row = await createUncheckedProduct(ctx.db);
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId, startDate: '2026-12-10', endDate: '2026-12-01' });
    expect(res.statusCode).toBe(400);
    expect(await ctx.db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, row.id))).toHaveLength(1);
  });

  it('refuses a client as supplier and bad numbers', async () => {
    const row = await createUncheckedProduct(ctx.db);
    expect((await inject('POST', `${BASE}/${row.id}/move`, { supplierId: 999_999, productId: navelId })).statusCode).toBe(404);
    expect((await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId, priceKg: -1 })).statusCode).toBe(400);
    expect((await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId, priceKg: 1.2345 })).statusCode).toBe(400);
  });
});

describe('the quality class of an offer (issue 25, decision 915)', () => {
  const offer = async (line: string) => (await importOffers(ctx.db, { body: line, supplierId, today: new Date('2026-11-21T00:00:00Z') })).rows[0]!;
  const rowOf = async (id: number) => (await ctx.db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, id)))[0];

  it('lists the class the offer states as qualityClass, null when it states none', async () => {
    await ctx.db.delete(uncheckedProducts);
    const stated = await offer('Naranja navel Cat. I cal 3 0,65€/kg 4 pal');
    const none = await offer('Naranja navel cal 3 0,60€/kg 2 pal');
    const { content } = (await inject('GET', BASE)).json();
    expect(content.map((r: { id: number; qualityClass: unknown }) => [r.id, r.qualityClass])).toEqual([
      [stated.id, 'I'],
      [none.id, null],
    ]);
  });

  it('answers the class of pasted offers at once', async () => {
    const res = await inject('POST', `${BASE}/import`, { text: 'Naranja navel Klasse II 0,55€/kg\nNaranja navel extra 0,95€/kg', supplierId });
    expect(res.json().rows.map((r: { qualityClass: unknown }) => r.qualityClass)).toEqual(['II', 'EXTRA']);
  });

  it('carries the class the operator chose to the variant', async () => {
    const row = await offer('Naranja navel cal 3 0,60€/kg 2 pal');
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId, qualityClass: 'II' });
    expect(res.statusCode).toBe(201);
    expect(res.json().variant).toMatchObject({ qualityClass: 'II', caliber: '3' });
    const [stored] = await ctx.db.select().from(supplierVariants).where(eq(supplierVariants.id, res.json().variant.id));
    expect(stored!.qualityClass).toBe('II');
  });

  it("carries the offer's own class when the body leaves it out", async () => {
    const row = await offer('Naranja navel Catégorie I cal 3 0,65€/kg');
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId });
    expect(res.statusCode).toBe(201);
    expect(res.json().variant.qualityClass).toBe('I');
  });

  it('moves without a class when null is sent, or when neither the offer nor the operator states one', async () => {
    const statedRow = await offer('Naranja navel cat II cal 3 0,55€/kg');
    const cleared = await inject('POST', `${BASE}/${statedRow.id}/move`, { supplierId, productId: navelId, qualityClass: null });
    expect(cleared.statusCode).toBe(201);
    expect(cleared.json().variant.qualityClass).toBeNull();
    const noneRow = await offer('Naranja navel cal 3 0,60€/kg');
    const none = await inject('POST', `${BASE}/${noneRow.id}/move`, { supplierId, productId: navelId });
    expect(none.statusCode).toBe(201);
    expect(none.json().variant.qualityClass).toBeNull();
  });

  it.each(['III', 'extra', 'A', 1])('refuses the class %j with 400 UNKNOWN_QUALITY_CLASS, nothing changes', async (value) => {
    const row = await offer('Naranja navel cat I cal 3 0,65€/kg');
    const before = (await variantsOf(supplierId)).length;
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId, qualityClass: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_QUALITY_CLASS' });
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.qualityClass', message: 'unknownQualityClass' })]));
    expect(await rowOf(row.id)).toMatchObject({ qualityClass: 'I' });
    expect((await variantsOf(supplierId)).length).toBe(before);
  });

  it('refuses an empty class as the lot form does (400 VALIDATION_FAILED, "required"): no class is null', async () => {
    const row = await offer('Naranja navel cat I cal 3 0,65€/kg');
    const res = await inject('POST', `${BASE}/${row.id}/move`, { supplierId, productId: navelId, qualityClass: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.qualityClass', message: 'required' }] });
  });
});
