import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UncheckedPage } from '@primeur/shared';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { seedBackoffice } from './backoffice.js';
import { seedUncheckedProducts } from './unchecked-products.js';

let ctx: TestContext;
let page: UncheckedPage;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.transaction(async (tx) => {
    await seedBackoffice(tx);
    await seedUncheckedProducts(tx);
  });
  const { cookie } = await signedIn(ctx, { category: 'admin' });
  page = (await ctx.app.inject({ url: '/api/intern/userProduct/supplier/unchecked?page=0&size=50', headers: { cookie } })).json();
});
afterAll(() => ctx.close());

describe('demo WhatsApp offers awaiting review', () => {
  it('holds a handful of rows from three messages, each matched to a catalog product', () => {
    expect(page.totalElements).toBe(9);
    expect(new Set(page.content.map((r) => r.message.id)).size).toBe(3);
    for (const r of page.content) expect(r.lookalike.productName, r.line).not.toBeNull();
  });

  it('attributes messages from supplier contacts to their supplier and leaves the unknown number without one', () => {
    const companies = new Set(page.content.map((r) => r.supplier?.company ?? null));
    expect(companies).toEqual(new Set(['Huerta de Almería S.L.', 'Agrumes du Souss SARL', null]));
  });

  it('applies the message header origin to the lines below it', () => {
    const moroccan = page.content.filter((r) => r.supplier?.company === 'Agrumes du Souss SARL');
    expect(moroccan.every((r) => r.lookalike.origin?.alpha2 === 'MA')).toBe(true);
  });
});
