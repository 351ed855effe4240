import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articleByCode, createClient, createSupplier } from '../../db/factories/backoffice.js';
import { productLinks } from '../../db/schema/index.js';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url: `/api/intern${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const linksOf = (companyId: number) => ctx.db.select().from(productLinks).where(eq(productLinks.companyId, companyId));

describe('POST /api/intern/userProduct/user/add/{kind}/{code}/{companyId}', () => {
  it('links one article by its code to a supplier or a client', async () => {
    const s = await createSupplier(ctx.db);
    const res = await call('POST', `/userProduct/user/add/supplier/CIT04/${s.id}`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      supplierId: s.id,
      clientId: null,
      product: { code: 'CIT04', article: 'Clementine', names: { fr: 'Clémentine' } },
    });
    const c = await createClient(ctx.db);
    expect((await call('POST', `/userProduct/user/add/client/CIT04/${c.id}`)).json()).toMatchObject({ clientId: c.id, supplierId: null });
  });

  it('refuses a duplicate (409), an unknown code or owner (404) and an unknown kind (400)', async () => {
    const s = await createSupplier(ctx.db, { products: ['TOM03'] });
    const dup = await call('POST', `/userProduct/user/add/supplier/TOM03/${s.id}`);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'PRODUCT_ALREADY_LINKED' });
    expect((await call('POST', `/userProduct/user/add/supplier/NOPE99/${s.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/userProduct/user/add/supplier/TOM01/999999')).statusCode).toBe(404);
    expect((await call('POST', `/userProduct/user/add/client/TOM01/${s.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/userProduct/user/add/grower/TOM01/${s.id}`)).statusCode).toBe(400);
    expect(await linksOf(s.id)).toHaveLength(1);
  });
});

describe('POST /api/intern/userProduct/user/products/add', () => {
  it('links several articles at once and answers the whole list', async () => {
    const s = await createSupplier(ctx.db, { products: ['BER01'] });
    const [a, b] = [await articleByCode(ctx.db, 'BER02'), await articleByCode(ctx.db, 'BER03')];
    const res = await call('POST', '/userProduct/user/products/add', { supplierId: s.id, productIds: [a.id, b.id] });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Array<{ product: { code: string } }>).map((l) => l.product.code).sort()).toEqual(['BER01', 'BER02', 'BER03']);
  });

  it('adds nothing when one of the articles is already linked (409) or unknown (400)', async () => {
    const c = await createClient(ctx.db, { products: ['MEL01'] });
    const [m1, m2] = [await articleByCode(ctx.db, 'MEL01'), await articleByCode(ctx.db, 'MEL02')];
    const dup = await call('POST', '/userProduct/user/products/add', { clientId: c.id, productIds: [m2.id, m1.id] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toContain('MEL01');
    expect((await call('POST', '/userProduct/user/products/add', { clientId: c.id, productIds: [m2.id, 999999] })).statusCode).toBe(400);
    expect(await linksOf(c.id)).toHaveLength(1);
  });

  it.each([
    ['an empty selection', (id: number) => ({ supplierId: id, productIds: [] }), 'selectProduct'],
    ['a repeated article', (id: number) => ({ supplierId: id, productIds: [1, 1] }), 'duplicate'],
    ['no owner', () => ({ productIds: [1] }), 'exactlyOneOwner'],
    ['two owners', (id: number) => ({ supplierId: id, clientId: id, productIds: [1] }), 'exactlyOneOwner'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const s = await createSupplier(ctx.db);
    const res = await call('POST', '/userProduct/user/products/add', body(s.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(expect.objectContaining({ message: expect.stringContaining(message) }));
  });

  it('answers 404 for an unknown owner', async () => {
    const a = await articleByCode(ctx.db, 'GRA01');
    expect((await call('POST', '/userProduct/user/products/add', { supplierId: 999999, productIds: [a.id] })).statusCode).toBe(404);
  });
});

describe('listing, reading and deleting links', () => {
  it('lists the links per owner and reads one link', async () => {
    const s = await createSupplier(ctx.db, { products: ['POT01', 'ALL06'] });
    const c = await createClient(ctx.db, { products: ['POT01'] });
    const list = (await call('GET', `/userProduct/supplier/products/product/${s.id}`)).json() as Array<{ id: number; product: { article: string } }>;
    expect(list.map((l) => l.product.article)).toEqual(['Garlic', 'Ware potato']);
    expect((await call('GET', `/userProduct/client/products/product/${c.id}`)).json()).toHaveLength(1);
    expect((await call('GET', `/userProduct/client/products/product/${s.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/userProduct/get/${list[0]!.id}`)).json()).toMatchObject({ id: list[0]!.id, supplierId: s.id, product: { code: 'ALL06' } });
    expect((await call('GET', '/userProduct/get/999999')).statusCode).toBe(404);
  });

  it('deletes a supplier link, and a client link only through the client path', async () => {
    const s = await createSupplier(ctx.db, { products: ['HER01'] });
    const c = await createClient(ctx.db, { products: ['HER02'] });
    const [sl] = await linksOf(s.id);
    const [cl] = await linksOf(c.id);
    expect((await call('DELETE', `/productList/supplier/delete/${cl!.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/productList/supplier/delete/${sl!.id}`)).statusCode).toBe(200);
    expect(await linksOf(s.id)).toEqual([]);
    expect((await call('DELETE', `/productList/client/delete/${cl!.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/productList/client/delete/${cl!.id}`)).statusCode).toBe(404);
  });

  it('refuses non-admins', async () => {
    const s = await createSupplier(ctx.db, { products: ['SAL01'] });
    const [l] = await linksOf(s.id);
    const { cookie } = await signedIn(ctx, { category: 'client' });
    expect((await call('POST', `/userProduct/user/add/supplier/SAL02/${s.id}`, undefined, cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/productList/supplier/delete/${l!.id}`, undefined, cookie)).statusCode).toBe(403);
    expect((await call('GET', `/userProduct/get/${l!.id}`, undefined, cookie)).statusCode).toBe(403);
    expect(await linksOf(s.id)).toHaveLength(1);
  });
});
