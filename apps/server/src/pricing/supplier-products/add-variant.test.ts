import { todayInParis } from '@primeur/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, createSupplier } from '../../db/factories/backoffice.js';
import { supplierLink } from '../../db/factories/supplier-products.js';
import { newVariantRow } from '../../db/supplier-variant-row.js';
import { createTestApp, type TestContext } from '../../../test/build-app.js';
import * as supplierProductsService from './supplier-products.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('supplierProductsService.addVariant', () => {
  it("dates a new variant today on the market's clock, also in the hour when Paris is a day ahead of UTC", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 UTC on 25 November is 00:30 on 26 November in Paris (the database's current_date would say the 25th).
      vi.setSystemTime(new Date('2026-11-25T23:30:00Z'));
      expect(newVariantRow({ productLinkId: 1 })).toMatchObject({ startDate: '2026-11-26', endDate: '2026-11-26' });
      // Summer time: 22:30 UTC on 1 July is 00:30 on 2 July in Paris.
      vi.setSystemTime(new Date('2026-07-01T22:30:00Z'));
      expect(newVariantRow({ productLinkId: 1 })).toMatchObject({ startDate: '2026-07-02', endDate: '2026-07-02' });
      expect(newVariantRow({ productLinkId: 1, startDate: '2026-08-01', endDate: '2026-08-31' })).toMatchObject({
        startDate: '2026-08-01',
        endDate: '2026-08-31',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('creates a blank variant with the spec defaults', async () => {
    const s = await createSupplier(ctx.db, { company: 'Huerta Defaults' });
    const link = await supplierLink(ctx.db, s.id, 'CIT04');
    const v = await supplierProductsService.addVariant(ctx.db, null, { productLinkId: link.id });
    expect(v).toMatchObject({
      supplier: { id: s.id, company: 'Huerta Defaults' },
      supplierProductList: { id: link.id, product: { code: 'CIT04' } },
      origin: null,
      packaging: null,
      box: null,
      caliber: '',
      weightPiece: null,
      nbPiece: 1,
      priceKg: 0,
      priceColis: 0,
      pricePiece: 0,
      volume: 0,
      startDate: todayInParis(),
      endDate: todayInParis(),
    });
  });

  it('takes given fields and refuses bad ones without writing', async () => {
    const s = await createSupplier(ctx.db);
    const link = await supplierLink(ctx.db, s.id, 'TOM01');
    const v = await supplierProductsService.addVariant(ctx.db, null, {
      productLinkId: link.id,
      caliber: ' 57-67 ',
      priceKg: 1.25,
      volume: 3,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(v).toMatchObject({ caliber: '57-67', priceKg: 1.25, volume: 3, startDate: '2026-11-01', endDate: '2026-11-30' });
    await expect(supplierProductsService.addVariant(ctx.db, null, { productLinkId: link.id, priceKg: -1 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      supplierProductsService.addVariant(ctx.db, null, { productLinkId: link.id, startDate: '2026-12-02', endDate: '2026-12-01' }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(supplierProductsService.addVariant(ctx.db, null, { productLinkId: link.id, originId: 999999 })).rejects.toMatchObject({ statusCode: 400 });
    const c = await createClient(ctx.db);
    const clientLink = await supplierLink(ctx.db, c.id, 'TOM01');
    await expect(supplierProductsService.addVariant(ctx.db, null, { productLinkId: clientLink.id })).rejects.toMatchObject({ statusCode: 404 });
    expect(await supplierProductsService.listForSupplier(ctx.db, s.id)).toHaveLength(1);
  });
});
