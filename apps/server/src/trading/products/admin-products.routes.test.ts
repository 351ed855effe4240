import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../db/factories.js';
import { createAuction, createProduct } from '../../db/factories/listings.js';
import { folded, foldedSearch } from '../../db/fold.js';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
  const huerta = await createUser(ctx.db, { category: 'supplier', companyName: 'Huerta de Almería SL', country: 'ES' });
  const vergers = await createUser(ctx.db, { category: 'supplier', companyName: 'Les Vergers Réunis', country: 'FR' });
  ids.tomatoes = (await createProduct(ctx.db, { supplierId: huerta.id, name: 'Tomates Raf de Níjar', origin: 'ES' })).id;
  ids.peppers = (await createProduct(ctx.db, { supplierId: huerta.id, name: 'Pimientos California', origin: 'ES', status: 'DISABLED' })).id;
  ids.pears = (await createAuction(ctx.db, { supplierId: vergers.id, name: 'Poires Williams', origin: 'FR' })).id;
  ids.ended = (await createAuction(ctx.db, { supplierId: vergers.id, name: 'Pommes Gala', origin: 'FR', startedMsAgo: 4 * 86_400_000 })).id;
  ids.old = (await createProduct(ctx.db, { supplierId: vergers.id, name: 'Abricots Bergeron', origin: 'FR', availableUntil: '2020-01-01' })).id;
});
afterAll(() => ctx.close());

const search = (query: string, cookie = admin) => ctx.app.inject({ url: `/api/admin/product/search${query}`, headers: { cookie } });
const found = async (query: string) => {
  const res = await search(query);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<{ productId: number; status: string }>; page: number; size: number; total: number };
};
const idsOf = (page: { items: Array<{ productId: number }> }) => page.items.map((p) => p.productId).sort();

describe('the SQL fold (db/fold.ts)', () => {
  it('folds accents, case and ß like the web search does, on this database', async () => {
    const row = (await ctx.db.execute<{ v: string }>(sql`select ${folded(sql`${'ÁLMERÍA Çà Straße Œuvre Łódź'}::text`)} as v`)).rows[0]!;
    expect(row.v).toBe('almeria ca strasse oeuvre lodz');
  });

  it('requires every word and takes LIKE wildcards literally', async () => {
    const hit = async (q: string) =>
      (await ctx.db.execute<{ v: boolean }>(sql`select coalesce(${foldedSearch(q, [sql`${'Huerta de Almería 100%'}::text`])}, true) as v`)).rows[0]!.v;
    expect(await hit('almeria huerta')).toBe(true);
    expect(await hit('almeria murcia')).toBe(false);
    expect(await hit('100%')).toBe(true);
    expect(await hit('_')).toBe(false);
    expect(foldedSearch('   ', [sql`'x'`])).toBeUndefined();
  });
});

describe('GET /api/admin/product/search (decision 641)', () => {
  it('finds lots by seller, name or article, ignoring accents and case', async () => {
    expect(idsOf(await found('?q=almeria'))).toEqual([ids.tomatoes, ids.peppers].sort());
    expect(idsOf(await found('?q=NIJAR'))).toEqual([ids.tomatoes]);
    expect(idsOf(await found('?q=vergers%20reunis%20williams'))).toEqual([ids.pears]);
  });

  it('filters on the status the list shows, an auction past its end and a lot past its day being EXPIRED', async () => {
    const statusOf = async (status: string) => idsOf(await found(`?status=${status}&size=100`)).filter((id) => Object.values(ids).includes(id));
    expect(await statusOf('DISABLED')).toEqual([ids.peppers]);
    expect(await statusOf('IN_AUCTION')).toEqual([ids.pears]);
    expect(await statusOf('EXPIRED')).toEqual([ids.ended, ids.old].sort());
    expect(await statusOf('ENABLED')).toEqual([ids.tomatoes]);
    const ended = (await found('?q=gala')).items[0]!;
    expect(ended.status).toBe('EXPIRED');
  });

  it('pages newest first with the total of all matches', async () => {
    const first = await found('?q=vergers&size=2&page=1');
    const second = await found('?q=vergers&size=2&page=2');
    expect(first).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...idsOf(first), ...idsOf(second)])).toEqual(new Set([ids.pears, ids.ended, ids.old]));
  });

  it('refuses a bad query with 400 and a non-admin with 403', async () => {
    for (const q of ['?page=0', '?size=101', '?status=SOLD', '?family=nuts']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await search('', (await signedIn(ctx, { category: 'supplier' })).cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/getAllBP with search (decision 641)', () => {
  const users = (query: string) => ctx.app.inject({ url: `/api/admin/getAllBP${query}`, headers: { cookie: admin } });

  it('keeps the spec array without paging, filtered by words, category and status', async () => {
    await createUser(ctx.db, { category: 'client', companyName: 'Frischmarkt Köln', country: 'DE', active: false });
    const res = await users('?q=koln');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ companyName: string }>).map((u) => u.companyName)).toEqual(['Frischmarkt Köln']);
    const sellers = (await users('?category=supplier&q=ALMERIA')).json() as Array<{ companyName: string; category: string }>;
    expect(sellers.map((u) => u.companyName)).toEqual(['Huerta de Almería SL']);
    expect(((await users('?status=inactive&q=frischmarkt')).json() as unknown[]).length).toBe(1);
    expect(((await users('?status=active&q=frischmarkt')).json() as unknown[]).length).toBe(0);
  });

  it('answers a page with its total when asked for one', async () => {
    const all = (await users('')).json() as unknown[];
    const page = (await users('?page=1&size=2')).json() as { items: unknown[]; total: number; page: number; size: number };
    expect(page).toMatchObject({ page: 1, size: 2, total: all.length });
    expect(page.items).toHaveLength(2);
    expect((await users('?category=client2')).statusCode).toBe(400);
  });
});
