import { todayInParis } from '@primeur/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Supplier, SupplierVariant } from '@primeur/shared';
import { articleByCode } from '../factories/backoffice.js';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { seedBackoffice } from './backoffice.js';
import { seedSupplierProducts } from './supplier-products.js';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.transaction(async (tx) => {
    await seedBackoffice(tx);
    await seedSupplierProducts(tx);
  });
  cookie = (await signedIn(ctx, { category: 'admin' })).cookie;
});
afterAll(() => ctx.close());

const get = async <T>(url: string) => (await ctx.app.inject({ url, headers: { cookie } })).json() as T;
const today = todayInParis();

describe('demo price lists', () => {
  it('give every product of every supplier consistent variants valid around today', async () => {
    const suppliers = await get<Supplier[]>('/api/intern/supplier/getAll');
    for (const s of suppliers) {
      const variants = await get<SupplierVariant[]>(`/api/intern/userProduct/supplier/products/${s.id}`);
      expect(new Set(variants.map((v) => v.supplierProductList.id)), s.company).toEqual(new Set(s.products.map((p) => p.id)));
      expect(
        variants.some((v) => v.startDate <= today && v.endDate >= today),
        s.company,
      ).toBe(true);
      for (const v of variants) {
        expect(v.priceKg).toBeGreaterThan(0);
        expect(v.volume).toBeGreaterThan(0);
        expect(v.pricePiece).toBeCloseTo(v.priceKg * v.weightPiece!, 2);
        expect(v.origin?.alpha2).toBe(s.country?.alpha2);
        // The class has its own column: stated on every demo variant, never written as a caliber.
        expect(['EXTRA', 'I', 'II']).toContain(v.qualityClass);
        expect(v.caliber, s.company).not.toMatch(/^(extra|i{1,2})$/i);
      }
    }
  });

  it('let the overview compare several suppliers of clementines today', async () => {
    const { id } = await articleByCode(ctx.db, 'CIT04');
    const body = await get<{ average: number; suppliers: unknown[] }>(
      `/api/intern/userProduct/supplier/productDetails?productId=${id}&startDate=${today}&endDate=${today}`,
    );
    expect(body.suppliers.length).toBeGreaterThanOrEqual(2);
    expect(body.average).toBeGreaterThan(0.8);
    expect(body.average).toBeLessThan(1.5);
  });
});
