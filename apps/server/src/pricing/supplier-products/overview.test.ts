import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityClass } from '@primeur/shared';
import { createSupplier } from '../../db/factories/backoffice.js';
import { createVariant } from '../../db/factories/supplier-products.js';
import { articleByCode } from '../../db/factories/backoffice.js';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';

/**
 * Hand-computed example (range 2026-11-10 .. 2026-11-20, article CIT04):
 *   A (discount 10 %):   1.000 €/kg × 4 pallets → 0.900 ; 1.200 × 2 → 1.080 ; 0.500 × 100 ends 11-09 (out)
 *   B (discount 0 %):    1.100 × 3 starts on the range end → 1.100 ; 9.000 × 50 starts 11-21 (out)
 *   C (discount 25.5 %): 2.000 × 1 → 1.490 ; 5.000 × 0 (shown, weighs nothing)
 *   Σ(d × v) = 3.6 + 2.16 + 3.3 + 1.49 = 10.55 ; Σ v = 10 ; average = 1.055
 *   A = 5.76 / 6 = 0.96 ; B = 1.1 ; C = 1.49
 */
let ctx: TestContext;
let admin: string;
let articleId: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
  articleId = (await articleByCode(ctx.db, 'CIT04')).id;
  const a = await createSupplier(ctx.db, { company: 'A Citricos', discount: 10 });
  const b = await createSupplier(ctx.db, { company: 'B Agrumes', discount: 0 });
  const c = await createSupplier(ctx.db, { company: 'C Frutta', discount: 25.5 });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id });
  const v = (
    supplierId: number,
    priceKg: number,
    volume: number,
    startDate: string,
    endDate: string,
    origin: string,
    caliber: string,
    code = 'CIT04',
    qualityClass: QualityClass | null = null,
  ) => createVariant(ctx.db, { supplierId, code, priceKg, volume, startDate, endDate, origin, caliber, qualityClass });
  await v(a.id, 1, 4, '2026-11-01', '2026-11-15', 'ES', '1');
  await v(a.id, 1.2, 2, '2026-11-18', '2026-11-30', 'MA', '2');
  await v(a.id, 0.5, 100, '2026-10-01', '2026-11-09', 'ES', '1');
  await v(b.id, 1.1, 3, '2026-11-20', '2026-11-25', 'ES', '1');
  await v(b.id, 9, 50, '2026-11-21', '2026-11-30', 'ES', '1');
  await v(c.id, 2, 1, '2026-11-10', '2026-11-10', 'FR', '1', 'CIT04', 'EXTRA');
  await v(c.id, 5, 0, '2026-11-12', '2026-11-14', 'FR', '3');
  // Another article in the range, with a huge volume: must not count.
  await v(b.id, 0.1, 1000, '2026-11-10', '2026-11-20', 'ES', '1', 'CIT01');
  /*
   * CIT02, for the class filter with "not stated" (decision 960), same range and suppliers:
   *   class I:    A 1.000 × 4 → 0.900 ; B 2.000 × 1 → 2.000            Σ = 5.6 / 5 = 1.12
   *   no class:   A 1.500 × 2 → 1.350 (ES) ; B 3.000 × 2 → 3.000 (MA) ; C 4.000 × 0 (shown, weighs nothing)
   *                                                                      Σ = 8.7 / 4 = 2.175
   *   Extra:      C 2.000 × 1 → 1.490
   *   all:        (5.6 + 8.7 + 1.49) / 10 = 1.579
   */
  await v(a.id, 1, 4, '2026-11-10', '2026-11-20', 'ES', '1', 'CIT02', 'I');
  await v(b.id, 2, 1, '2026-11-10', '2026-11-20', 'ES', '1', 'CIT02', 'I');
  await v(a.id, 1.5, 2, '2026-11-10', '2026-11-20', 'ES', '1', 'CIT02', null);
  await v(b.id, 3, 2, '2026-11-10', '2026-11-20', 'MA', '1', 'CIT02', null);
  await v(c.id, 4, 0, '2026-11-10', '2026-11-20', 'FR', '1', 'CIT02', null);
  await v(c.id, 2, 1, '2026-11-10', '2026-11-20', 'FR', '1', 'CIT02', 'EXTRA');
});
afterAll(() => ctx.close());

const get = (query: string, cookie = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/intern/userProduct/supplier/productDetails${query}`, headers: { cookie } });
const range = '&startDate=2026-11-10&endDate=2026-11-20';

describe('GET /api/intern/userProduct/supplier/productDetails', () => {
  it('weights the discounted price per kg by volume over the lines valid in the range', async () => {
    const res = await get(`?productId=${articleId}${range}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.average).toBeCloseTo(1.055, 6);
    expect(body.volume).toBe(10);
    expect(body.suppliers.map((s: { supplier: { company: string } }) => s.supplier.company)).toEqual(['A Citricos', 'B Agrumes', 'C Frutta']);
    const [a, b, c] = body.suppliers;
    expect(a).toMatchObject({ discount: 10, volume: 6, average: 0.96 });
    expect(a.variants.map((v: { discountedPriceKg: number }) => v.discountedPriceKg)).toEqual([0.9, 1.08]);
    expect(b).toMatchObject({ discount: 0, volume: 3, average: 1.1 });
    expect(b.variants).toHaveLength(1);
    expect(c).toMatchObject({ discount: 25.5, volume: 1, average: 1.49 });
    expect(c.variants).toHaveLength(2);
    expect(c.variants[0]).toMatchObject({ priceKg: 2, discountedPriceKg: 1.49, origin: { alpha2: 'FR' }, startDate: '2026-11-10', qualityClass: 'EXTRA' });
    // A line whose class the supplier did not state has none (decision 915).
    expect(c.variants[1]).toMatchObject({ priceKg: 5, qualityClass: null });
  });

  it('applies the origin and caliber filters to the lines and the average', async () => {
    const es = await ctx.db.query.countries.findFirst({ where: (t, { eq }) => eq(t.alpha2, 'ES') });
    const byOrigin = (await get(`?productId=${articleId}${range}&originId=${es!.id}`)).json();
    expect(byOrigin.average).toBeCloseTo(6.9 / 7, 6);
    expect(byOrigin.volume).toBe(7);
    const byCaliber = (await get(`?productId=${articleId}${range}&caliber=2`)).json();
    expect(byCaliber).toMatchObject({ average: 1.08, volume: 2 });
    expect(byCaliber.suppliers).toHaveLength(1);
  });

  it('applies the class filter: only lines of that class, none without a stated class', async () => {
    const extra = (await get(`?productId=${articleId}${range}&qualityClass=EXTRA`)).json();
    expect(extra).toMatchObject({ average: 1.49, volume: 1 });
    expect(extra.suppliers.map((s: { supplier: { company: string } }) => s.supplier.company)).toEqual(['C Frutta']);
    expect(extra.suppliers[0].variants).toEqual([expect.objectContaining({ priceKg: 2, qualityClass: 'EXTRA' })]);
    expect((await get(`?productId=${articleId}${range}&qualityClass=II`)).json()).toEqual({ average: null, volume: 0, suppliers: [] });
    // With the other filters: all of them apply together.
    const es = await ctx.db.query.countries.findFirst({ where: (t, { eq }) => eq(t.alpha2, 'ES') });
    expect((await get(`?productId=${articleId}${range}&qualityClass=EXTRA&originId=${es!.id}`)).json().suppliers).toEqual([]);
  });

  it.each(['III', 'extra', 'Class I', ''])('refuses the class %j with 400 UNKNOWN_QUALITY_CLASS naming the parameter', async (value) => {
    const res = await get(`?productId=${articleId}${range}&qualityClass=${encodeURIComponent(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The request is not valid.',
      code: 'UNKNOWN_QUALITY_CLASS',
      details: [{ path: 'querystring.qualityClass', message: 'unknownQualityClass' }],
    });
  });

  describe('the class not stated (decision 960)', () => {
    let cit02: number;
    beforeAll(async () => {
      cit02 = (await articleByCode(ctx.db, 'CIT02')).id;
    });
    type Body = {
      average: number | null;
      volume: number;
      suppliers: Array<{ supplier: { company: string }; average: number | null; variants: Array<{ qualityClass: string | null }> }>;
    };
    const of = async (filter: string) => {
      const res = await get(`?productId=${cit02}${range}${filter}`);
      expect(res.statusCode).toBe(200);
      return res.json() as Body;
    };
    const classes = (b: Body) => b.suppliers.flatMap((s) => s.variants.map((x) => x.qualityClass));

    it('`none` averages only the lines without a stated class', async () => {
      const body = await of('&qualityClass=none');
      expect(body.average).toBeCloseTo(2.175, 6);
      expect(body.volume).toBe(4);
      expect(body.suppliers.map((s) => [s.supplier.company, s.average])).toEqual([
        ['A Citricos', 1.35],
        ['B Agrumes', 3],
        ['C Frutta', null],
      ]);
      expect(classes(body)).toEqual([null, null, null]);
    });

    it('`I` averages only the class I lines', async () => {
      const body = await of('&qualityClass=I');
      expect(body.average).toBeCloseTo(1.12, 6);
      expect(body.volume).toBe(5);
      expect(classes(body)).toEqual(['I', 'I']);
    });

    it('no class filter averages all of them, stated or not', async () => {
      const body = await of('');
      expect(body.average).toBeCloseTo(1.579, 6);
      expect(body.volume).toBe(10);
      expect(classes(body).sort()).toEqual(['EXTRA', 'I', 'I', null, null, null].sort());
    });

    it('goes with the other filters', async () => {
      const es = await ctx.db.query.countries.findFirst({ where: (t, { eq }) => eq(t.alpha2, 'ES') });
      expect(await of(`&qualityClass=none&originId=${es!.id}`)).toMatchObject({ average: 1.35, volume: 2 });
    });

    it.each(['NONE', 'None', 'null', '-', 'none,I'])('refuses %j with 400 UNKNOWN_QUALITY_CLASS', async (value) => {
      const res = await get(`?productId=${cit02}${range}&qualityClass=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'The request is not valid.',
        code: 'UNKNOWN_QUALITY_CLASS',
        details: [{ path: 'querystring.qualityClass', message: 'unknownQualityClass' }],
      });
    });
  });

  it('has no average when nothing with volume is valid in the range', async () => {
    const body = (await get(`?productId=${articleId}&startDate=2027-01-01&endDate=2027-01-31`)).json();
    expect(body).toEqual({ average: null, volume: 0, suppliers: [] });
  });

  it('refuses a reversed range, a missing article and non-admins', async () => {
    expect((await get(`?productId=${articleId}&startDate=2026-11-20&endDate=2026-11-10`)).statusCode).toBe(400);
    expect((await get(`?productId=${articleId}&startDate=2026-02-30&endDate=2026-03-10`)).statusCode).toBe(400);
    expect((await get(`?productId=999999${range}`)).statusCode).toBe(404);
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    expect((await get(`?productId=${articleId}${range}`, buyer)).statusCode).toBe(403);
  });
});

describe('GET /api/intern/userProduct/supplier/productDetails/distinct', () => {
  it('lists the origins and calibers of the lines in the range', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/intern/userProduct/supplier/productDetails/distinct?productId=${articleId}${range}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.origins.map((o: { alpha2: string }) => o.alpha2).sort()).toEqual(['ES', 'FR', 'MA']);
    expect(body.calibers).toEqual(['1', '2', '3']);
  });
});
