import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, login, type TestContext } from '../../../test/build-app.js';
import { createArticle } from '../factories/listings.js';
import { articles, packagings } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';
import { DEMO_LOTS } from './listings.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'primeur-seed-')), auctionCloseIntervalMs: 0 });
  // The catalog is reference data from another branch; make sure the names the demo uses exist.
  for (const lot of DEMO_LOTS) {
    const found = await ctx.db
      .select()
      .from(articles)
      .where(sql`lower(${articles.article}) = lower(${lot.article})`);
    if (found.length === 0) await createArticle(ctx.db, { article: lot.article });
    await ctx.db.insert(packagings).values({ name: lot.packaging }).onConflictDoNothing();
  }
  expect(await seedDemo(ctx.db, { dataDir: ctx.config.dataDir })).toBe(true);
});
afterAll(() => ctx.close());

describe('demo listings', () => {
  it('has at least 12 listings from several suppliers, 4 running auctions with offers and 1 ended with a winner, all with served photos', async () => {
    const admin = await login(ctx.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const all = (await ctx.app.inject({ url: '/api/admin/product/listProducts', headers: { cookie: admin } })).json() as Array<{
      productId: number;
      supplier: number;
      photos: string;
      status: string;
    }>;
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((p) => p.supplier)).size).toBeGreaterThanOrEqual(3);
    const buyer = await login(ctx.app, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
    const auctions = (await ctx.app.inject({ url: '/api/users/product/listActiveAuctionsWithBiggestOffer', headers: { cookie: buyer } })).json();
    expect(auctions).toHaveLength(4);
    for (const a of auctions) expect(a.amount).toBeGreaterThan(0);
    const ended = all.filter((p) => p.status === 'EXPIRED');
    expect(ended).toHaveLength(1);
    const detail = (await ctx.app.inject({ url: `/api/users/product/details/${ended[0]!.productId}`, headers: { cookie: buyer } })).json();
    // The demo buyer won it: it reads "You"; the operator reads the company (issue 19).
    expect(detail.winner).toMatchObject({ bidderLabel: 'You', mine: true, amount: 1.25 });
    expect(detail.winner).not.toHaveProperty('user');
    const asOperator = (await ctx.app.inject({ url: `/api/users/product/details/${ended[0]!.productId}`, headers: { cookie: admin } })).json();
    expect(asOperator.winner).toMatchObject({ user: { companyName: 'Frischmarkt Hamburg GmbH' }, amount: 1.25 });
    // The demo buyer won it and sees it among its won auctions.
    const won = (await ctx.app.inject({ url: '/api/users/auction/won', headers: { cookie: buyer } })).json();
    expect(won.map((w: { product: { productId: number } }) => w.product.productId)).toEqual([ended[0]!.productId]);
    for (const p of all) {
      const photos = JSON.parse(p.photos) as string[];
      expect(photos.length).toBeGreaterThan(0);
      // As the operator: the demo's disabled lot shows its photos to its seller and the operator only.
      const img = await ctx.app.inject({ url: `/product-images/${p.productId}/${photos[0]}`, headers: { cookie: admin } });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
    }
  });
});
