import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { syncCatalog } from '../../db/reference/catalog.js';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const get = (url: string, cookie = admin) => ctx.app.inject({ url, headers: { cookie } });
const addCarrier = (payload: unknown, cookie = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/intern/transport/add', headers: { cookie }, payload: payload as object });

describe('catalog reference data', () => {
  it('holds at least 120 articles in real subfamilies of both families, each named in en, fr, de and es', async () => {
    const res = await get('/api/intern/productList/getAll');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; code: string; family: string; subfamily: string; article: string; names: Record<string, string> }>;
    expect(list.length).toBeGreaterThanOrEqual(120);
    const subfamilies = new Set(list.map((a) => a.subfamily));
    for (const s of ['citrus', 'stone-fruit', 'berries', 'tomatoes', 'leafy-vegetables']) expect(subfamilies).toContain(s);
    expect(new Set(list.map((a) => a.family))).toEqual(new Set(['fruits', 'legumes']));
    for (const a of list) {
      expect(a.article).toBe(a.names.en);
      for (const lng of ['en', 'fr', 'de', 'es']) expect(a.names[lng]?.trim()).toBeTruthy();
    }
    expect(list.find((a) => a.names.en === 'Strawberry')).toMatchObject({
      family: 'fruits',
      subfamily: 'berries',
      names: { fr: 'Fraise', de: 'Erdbeere', es: 'Fresa' },
    });
  });

  it('lists boxes, packagings with ifco and europool, certificates and carriers', async () => {
    const boxes = (await get('/api/intern/productList/box/getAll')).json() as Array<{ name: string }>;
    expect(boxes.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Cardboard box 30×40', 'Wooden crate 40×60', 'ifco 6410 (60×40×10)', 'europool 6418 (60×40×18)']),
    );
    const packagings = (await get('/api/intern/productList/packaging/getAll')).json() as Array<{ name: string }>;
    expect(packagings.map((p) => p.name)).toEqual(expect.arrayContaining(['ifco', 'europool', 'flow-pack', 'bulk']));
    const certs = (await get('/api/intern/certificate/getAll')).json() as Array<{ name: string }>;
    expect(certs.map((c) => c.name)).toEqual(
      expect.arrayContaining(['GLOBALG.A.P.', 'GRASP', 'IFS Food', 'BRCGS Food Safety', 'SMETA', 'EU organic', 'Fairtrade', 'QS']),
    );
    const carriers = (await get('/api/intern/transport/getAll')).json() as Array<{ id: number; carrier: string; price: number }>;
    expect(carriers.length).toBeGreaterThanOrEqual(5);
    expect(carriers[0]).toEqual({ id: expect.any(Number), carrier: expect.any(String), price: expect.any(Number) });
  });

  it('names boxes, packagings and certificates in en, fr, de and es, with the spec spelling of ifco and europool (decision 640)', async () => {
    type Item = { id: number; name: string; names: Record<'en' | 'fr' | 'de' | 'es', string> };
    const boxes = (await get('/api/catalog/boxes', (await signedIn(ctx, { category: 'client' })).cookie)).json() as Item[];
    const packagings = (await get('/api/intern/productList/packaging/getAll')).json() as Item[];
    const certs = (await get('/api/intern/certificate/getAll')).json() as Item[];
    for (const item of [...boxes, ...packagings, ...certs]) {
      for (const lng of ['en', 'fr', 'de', 'es'] as const) expect(item.names[lng]?.trim()).toBeTruthy();
    }
    expect(boxes.filter((b) => /ifco|euro ?pool/i.test(b.name)).every((b) => /^(ifco|europool) \d{4} /.test(b.name))).toBe(true);
    expect(boxes.find((b) => b.name === 'Wooden crate 40×60')?.names).toEqual({
      en: 'Wooden crate 40×60',
      fr: 'Cagette bois 40×60',
      de: 'Holzsteige 40×60',
      es: 'Caja de madera 40×60',
    });
    expect(packagings.find((p) => p.name === 'bulk')?.names).toEqual({ en: 'bulk', fr: 'vrac', de: 'lose', es: 'granel' });
    expect(packagings.find((p) => p.name === 'ifco')?.names).toEqual({ en: 'ifco', fr: 'ifco', de: 'ifco', es: 'ifco' });
    expect(certs.find((c) => c.name === 'EU organic')?.names.fr).toBe('Bio UE');
  });

  it('gives a name without translations its own name in every language', async () => {
    await ctx.db.execute(sql`insert into boxes (name) values ('Hand-made crate')`);
    const boxes = (await get('/api/intern/productList/box/getAll')).json() as Array<{ name: string; names: Record<string, string> }>;
    expect(boxes.find((b) => b.name === 'Hand-made crate')?.names).toEqual({
      en: 'Hand-made crate',
      fr: 'Hand-made crate',
      de: 'Hand-made crate',
      es: 'Hand-made crate',
    });
    // The sync brings translations back when a row lost them.
    await ctx.db.execute(sql`update packagings set names = null where name = 'bulk'`);
    await syncCatalog(ctx.db);
    const again = (await get('/api/intern/productList/packaging/getAll')).json() as Array<{ name: string; names: Record<string, string> }>;
    expect(again.find((p) => p.name === 'bulk')?.names.de).toBe('lose');
  });

  it('syncs again without duplicating anything', async () => {
    const count = async () =>
      (await ctx.db.execute<{ n: number }>(sql`select (select count(*) from articles) + (select count(*) from boxes) + (select count(*) from transports) as n`))
        .rows[0]!.n;
    const before = Number(await count());
    await syncCatalog(ctx.db);
    expect(Number(await count())).toBe(before);
  });
});

describe('catalog sync on an existing database', () => {
  it('adds back an article missing from the table but leaves the carriers the operator changed', async () => {
    await ctx.db.execute(sql`delete from articles where code = 'HER08'`);
    await ctx.db.execute(sql`update transports set price = 999 where carrier = 'STEF'`);
    await ctx.db.execute(sql`delete from transports where carrier = 'Girteka'`);
    await syncCatalog(ctx.db);
    const list = (await get('/api/intern/productList/getAll')).json() as Array<{ code: string; names: { en: string } }>;
    expect(list.find((a) => a.code === 'HER08')?.names.en).toBe('Rosemary');
    const carriers = (await get('/api/intern/transport/getAll')).json() as Array<{ carrier: string; price: number }>;
    expect(carriers.find((c) => c.carrier === 'STEF')?.price).toBe(999);
    expect(carriers.some((c) => c.carrier === 'Girteka')).toBe(false);
  });
});

describe('POST /api/intern/transport/add', () => {
  it('adds a carrier with price 0 when no price is given', async () => {
    const res = await addCarrier({ carrier: 'Transportes Frías' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), carrier: 'Transportes Frías', price: 0 });
    const list = (await get('/api/intern/transport/getAll')).json() as Array<{ carrier: string }>;
    expect(list.map((c) => c.carrier)).toContain('Transportes Frías');
  });

  it('keeps a given price with cents', async () => {
    const res = await addCarrier({ carrier: 'Frigo Lyon', price: 149.5 });
    expect(res.json()).toMatchObject({ price: 149.5 });
  });

  it.each([
    ['an empty name', { carrier: '  ' }],
    ['no name', { price: 10 }],
    ['a negative price', { carrier: 'Neg', price: -1 }],
    ['a price with three decimals', { carrier: 'Dec', price: 1.005 }],
    ['a price given as text', { carrier: 'Txt', price: '12' }],
  ])('refuses %s with 400', async (_label, payload) => {
    const res = await addCarrier(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a carrier name that exists with 409 CARRIER_EXISTS', async () => {
    await addCarrier({ carrier: 'Twice Logistics' });
    const res = await addCarrier({ carrier: 'Twice Logistics', price: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CARRIER_EXISTS' });
  });
});

describe('access', () => {
  it('keeps the intern lookups and carrier creation for admins', async () => {
    const { cookie } = await signedIn(ctx, { category: 'supplier' });
    for (const url of ['/api/intern/productList/getAll', '/api/intern/certificate/getAll', '/api/intern/transport/getAll']) {
      expect((await get(url, cookie)).statusCode).toBe(403);
    }
    expect((await addCarrier({ carrier: 'Sneaky' }, cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/intern/productList/getAll' })).statusCode).toBe(401);
  });

  it('opens the read-only catalog to any signed-in user, not to visitors', async () => {
    const { cookie } = await signedIn(ctx, { category: 'client' });
    const articles = await get('/api/catalog/articles', cookie);
    expect(articles.statusCode).toBe(200);
    expect((articles.json() as unknown[]).length).toBeGreaterThanOrEqual(120);
    for (const url of ['/api/catalog/boxes', '/api/catalog/packagings', '/api/catalog/certificates']) {
      expect((await get(url, cookie)).statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ url: '/api/catalog/articles' })).statusCode).toBe(401);
  });
});
