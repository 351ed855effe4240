import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { placeIn } from '../../db/factories.js';
import { articleByCode, carrierByName, certificateByName, createSupplier } from '../../db/factories/backoffice.js';
import { companies, companyCertificates, contacts, productLinks } from '../../db/schema/index.js';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url: `/api/intern/supplier${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const rowOf = async (id: number) => (await ctx.db.select().from(companies).where(eq(companies.id, id)))[0];

describe('POST /api/intern/supplier/add', () => {
  it('creates a supplier with no certificates, CIF, no carrier and no discount', async () => {
    const res = await call('POST', '/add', { company: '  Frutas Levante S.L. ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      company: 'Frutas Levante S.L.',
      certificates: [],
      ict: 'CIF',
      carrier: null,
      discount: 0,
      packagings: [],
      country: null,
      city: null,
      address: '',
      contacts: [],
      products: [],
    });
  });

  it('takes the certificates and incoterm the page sends', async () => {
    const gap = await certificateByName(ctx.db, 'GLOBALG.A.P.');
    const res = await call('POST', '/add', { company: 'Agrícola Sur', certificates: [gap.id], ict: 'FOB' });
    expect(res.json()).toMatchObject({ ict: 'FOB', certificates: [{ id: gap.id, name: 'GLOBALG.A.P.' }] });
  });

  it.each([
    ['no company', {}],
    ['a blank company', { company: '   ' }],
    ['an unknown incoterm', { company: 'X1', ict: 'EXW' }],
    ['an unknown certificate', { company: 'X2', certificates: [999999] }],
  ])('refuses %s with 400 and creates nothing', async (_label, payload) => {
    const before = (await ctx.db.select().from(companies)).length;
    const res = await call('POST', '/add', payload);
    expect(res.statusCode).toBe(400);
    expect((await ctx.db.select().from(companies)).length).toBe(before);
  });

  it('refuses a company name already used by a supplier, whatever its case, with 409', async () => {
    await call('POST', '/add', { company: 'Primores del Ebro' });
    const res = await call('POST', '/add', { company: 'PRIMORES DEL EBRO' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'COMPANY_EXISTS' });
  });

  it('lets a client and a supplier share a name', async () => {
    await call('POST', '/add', { company: 'Both Ways B.V.' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/intern/client/add', headers: { cookie: admin }, payload: { company: 'Both Ways B.V.' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('listing suppliers', () => {
  it('lists full suppliers, pickers and one supplier; clients are not among them', async () => {
    const s = await createSupplier(ctx.db, {
      company: 'Listed Supplier',
      country: 'ES',
      city: 'Almería',
      certificates: ['GRASP'],
      products: ['TOM01'],
      contacts: [{ firstName: 'Ana' }],
    });
    await ctx.app.inject({ method: 'POST', url: '/api/intern/client/add', headers: { cookie: admin }, payload: { company: 'Only A Client' } });
    const all = (await call('GET', '/getAll')).json() as Array<{ id: number; company: string }>;
    const mine = all.find((x) => x.id === s.id);
    expect(mine).toMatchObject({
      company: 'Listed Supplier',
      country: { alpha2: 'ES' },
      city: { name: 'Almería' },
      certificates: [{ name: 'GRASP' }],
      products: [{ product: { code: 'TOM01', article: 'Round tomato', family: 'legumes', subfamily: 'tomatoes' } }],
      contacts: [{ firstName: 'Ana', supplierId: s.id, clientId: null }],
    });
    expect(all.some((x) => x.company === 'Only A Client')).toBe(false);
    const options = (await call('GET', '/getSuppliers')).json();
    expect(options).toContainEqual({ id: s.id, company: 'Listed Supplier' });
    expect((await call('GET', `/get/${s.id}`)).json()).toEqual(mine);
    expect((await call('GET', '/get/999999')).statusCode).toBe(404);
  });
});

describe('incoterm and carrier', () => {
  it('sets a carrier under FOB, and switching to CIF deletes it', async () => {
    const s = await createSupplier(ctx.db);
    const carrier = await carrierByName(ctx.db, 'Primafrio');
    expect((await call('POST', `/ict/${s.id}`, { value: 'FOB' })).json()).toMatchObject({ ict: 'FOB', carrier: null });
    const set = await call('POST', `/transport/${carrier.id}/set/${s.id}`);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ carrier: { id: carrier.id, carrier: 'Primafrio', price: Number(carrier.price) } });
    const cif = await call('POST', `/ict/${s.id}`, { value: 'CIF' });
    expect(cif.json()).toMatchObject({ ict: 'CIF', carrier: null });
    expect((await rowOf(s.id))!.transportId).toBeNull();
  });

  it('deletes the carrier even when the same incoterm is set again', async () => {
    const s = await createSupplier(ctx.db, { ict: 'FOB', carrier: 'STEF' });
    expect((await call('POST', `/ict/${s.id}`, { value: 'FOB' })).json()).toMatchObject({ ict: 'FOB', carrier: null });
  });

  it('refuses a carrier for a CIF supplier with 409 and keeps it carrier-less', async () => {
    const s = await createSupplier(ctx.db, { ict: 'CIF' });
    const carrier = await carrierByName(ctx.db, 'STEF');
    const res = await call('POST', `/transport/${carrier.id}/set/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CARRIER_NOT_FOR_INCOTERM' });
    expect((await rowOf(s.id))!.transportId).toBeNull();
  });

  it('answers 404 for an unknown carrier or supplier, 400 for a bad incoterm', async () => {
    const s = await createSupplier(ctx.db, { ict: 'FOB' });
    const carrier = await carrierByName(ctx.db, 'STEF');
    expect((await call('POST', `/transport/999999/set/${s.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/transport/${carrier.id}/set/999999`)).statusCode).toBe(404);
    expect((await call('POST', '/ict/999999', { value: 'FOB' })).statusCode).toBe(404);
    expect((await call('POST', `/ict/${s.id}`, { value: 'DAP' })).statusCode).toBe(400);
    expect((await call('POST', `/ict/${s.id}`, {})).statusCode).toBe(400);
    expect((await rowOf(s.id))!.ict).toBe('FOB');
  });

  it('removes the carrier on its own', async () => {
    const s = await createSupplier(ctx.db, { ict: 'FOB', carrier: 'Girteka' });
    const res = await call('DELETE', `/transport/delete/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ict: 'FOB', carrier: null });
    expect((await call('DELETE', '/transport/delete/999999')).statusCode).toBe(404);
  });
});

describe('discount', () => {
  it('accepts 0 to 100 with decimals', async () => {
    const s = await createSupplier(ctx.db);
    expect((await call('POST', `/discount/${s.id}`, { value: 12.5 })).json()).toMatchObject({ discount: 12.5 });
    expect((await call('POST', `/discount/${s.id}`, { value: 100 })).json()).toMatchObject({ discount: 100 });
    expect((await call('POST', `/discount/${s.id}`, { value: 0 })).json()).toMatchObject({ discount: 0 });
  });

  it.each([[-0.5], [100.01], [3.333], ['10'], [null]])('refuses %j with 400 and keeps the discount', async (value) => {
    const s = await createSupplier(ctx.db, { discount: 7.25 });
    expect((await call('POST', `/discount/${s.id}`, { value })).statusCode).toBe(400);
    expect((await rowOf(s.id))!.discount).toBe('7.25');
  });
});

describe('certificates and packagings', () => {
  it('replaces the certificates with the given list, and empties it', async () => {
    const s = await createSupplier(ctx.db, { certificates: ['GRASP'] });
    const [a, b] = [await certificateByName(ctx.db, 'IFS Food'), await certificateByName(ctx.db, 'SMETA')];
    const res = await call('POST', `/certs/${s.id}/set`, [a.id, b.id]);
    expect(
      res
        .json()
        .certificates.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(['IFS Food', 'SMETA']);
    expect((await call('POST', `/certs/${s.id}/set`, [])).json()).toMatchObject({ certificates: [] });
  });

  it.each([
    ['an unknown id', [999999]],
    ['a repeated id', 'dup'],
    ['something else than a list', { ids: [1] }],
  ])('refuses %s with 400 and keeps the certificates', async (_label, payload) => {
    const s = await createSupplier(ctx.db, { certificates: ['GRASP'] });
    const grasp = await certificateByName(ctx.db, 'GRASP');
    const res = await call('POST', `/certs/${s.id}/set`, payload === 'dup' ? [grasp.id, grasp.id] : payload);
    expect(res.statusCode).toBe(400);
    const kept = await ctx.db.select().from(companyCertificates).where(eq(companyCertificates.companyId, s.id));
    expect(kept.map((k) => k.certificateId)).toEqual([grasp.id]);
  });

  it('sets packagings among ifco and europool only', async () => {
    const s = await createSupplier(ctx.db);
    expect((await call('POST', `/packagings/${s.id}/set`, ['ifco', 'europool'])).json()).toMatchObject({ packagings: ['ifco', 'europool'] });
    expect((await call('POST', `/packagings/${s.id}/set`, ['cardboard'])).statusCode).toBe(400);
    expect((await call('POST', `/packagings/${s.id}/set`, ['ifco', 'ifco'])).statusCode).toBe(400);
    expect((await rowOf(s.id))!.packagings).toEqual(['ifco', 'europool']);
    expect((await call('POST', `/packagings/${s.id}/set`, [])).json()).toMatchObject({ packagings: [] });
  });
});

describe('country, city and address', () => {
  it('clears the city when the country changes, and lists the cities of the new country', async () => {
    const s = await createSupplier(ctx.db, { country: 'ES', city: 'Almería' });
    const it = await placeIn(ctx.db, 'IT');
    const res = await call('POST', `/country/${s.id}/set`, { value: it.country.id });
    expect(res.json()).toMatchObject({ country: { alpha2: 'IT' }, city: null });
    const cities = (await call('GET', `/cities/${s.id}`)).json() as Array<{ id: number; name: string }>;
    expect(cities.some((c) => c.id === it.city.id)).toBe(true);
    const city = await call('POST', `/city/${s.id}/set`, { value: it.city.id });
    expect(city.json()).toMatchObject({ country: { alpha2: 'IT' }, city: { id: it.city.id } });
  });

  it('takes the country as the bare id too, as spec §7 words the call ("country id")', async () => {
    const s = await createSupplier(ctx.db, { country: 'ES', city: 'Almería' });
    const pt = await placeIn(ctx.db, 'PT');
    const raw = (body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/intern/supplier/country/${s.id}/set`,
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: body,
      });
    const res = await raw(String(pt.country.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: { alpha2: 'PT' }, city: null });
    expect((await raw('-3')).statusCode).toBe(400);
    expect((await raw('"PT"')).statusCode).toBe(400);
  });

  it('refuses a city outside the country (400), a city before any country (409) and an unknown country (400)', async () => {
    const s = await createSupplier(ctx.db, { country: 'FR', city: 'Rungis' });
    const es = await placeIn(ctx.db, 'ES');
    expect((await call('POST', `/city/${s.id}/set`, { value: es.city.id })).statusCode).toBe(400);
    expect((await rowOf(s.id))!.cityId).not.toBe(es.city.id);
    const bare = await createSupplier(ctx.db);
    const noCountry = await call('POST', `/city/${bare.id}/set`, { value: es.city.id });
    expect(noCountry.statusCode).toBe(409);
    expect(noCountry.json()).toMatchObject({ code: 'NO_COUNTRY' });
    expect((await call('GET', `/cities/${bare.id}`)).json()).toEqual([]);
    expect((await call('POST', `/country/${s.id}/set`, { value: 999999 })).statusCode).toBe(400);
    expect((await rowOf(s.id))!.cityId).not.toBeNull();
  });

  it('sets a trimmed address and refuses an over-long one', async () => {
    const s = await createSupplier(ctx.db);
    expect((await call('POST', `/address/${s.id}/set`, { value: ' Carretera de Níjar km 12 ' })).json()).toMatchObject({ address: 'Carretera de Níjar km 12' });
    expect((await call('POST', `/address/${s.id}/set`, { value: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await call('POST', `/address/${s.id}/set`, { value: 12 })).statusCode).toBe(400);
  });

  it('does not let the supplier-only calls touch a client', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/client/add',
      headers: { cookie: admin },
      payload: { company: 'Client Not Supplier' },
    });
    const id = res.json().id as number;
    expect((await call('POST', `/packagings/${id}/set`, ['ifco'])).statusCode).toBe(404);
    expect((await call('POST', `/address/${id}/set`, { value: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/delete/${id}`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/intern/supplier/delete/{id}', () => {
  it('deletes the supplier with its certificates, contacts and product links, not the catalog', async () => {
    const s = await createSupplier(ctx.db, { certificates: ['GRASP'], products: ['CIT01', 'CIT02'], contacts: [{}, {}] });
    const res = await call('DELETE', `/delete/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(s.id)).toBeUndefined();
    expect(await ctx.db.select().from(contacts).where(eq(contacts.companyId, s.id))).toEqual([]);
    expect(await ctx.db.select().from(productLinks).where(eq(productLinks.companyId, s.id))).toEqual([]);
    expect(await ctx.db.select().from(companyCertificates).where(eq(companyCertificates.companyId, s.id))).toEqual([]);
    expect(await articleByCode(ctx.db, 'CIT01')).toBeDefined();
    expect((await call('DELETE', `/delete/${s.id}`)).statusCode).toBe(404);
  });

  it('answers 409 and deletes nothing while a record that must survive refers to it', async () => {
    // Stands for a later table that keeps history (e.g. sent requests) and refers to companies without cascading.
    await ctx.db.execute(
      sql`create table if not exists kept_history (id serial primary key, company_id integer not null references companies(id) on delete restrict)`,
    );
    const s = await createSupplier(ctx.db, { products: ['BER01'], contacts: [{}] });
    await ctx.db.execute(sql`insert into kept_history (company_id) values (${s.id})`);
    const res = await call('DELETE', `/delete/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'COMPANY_IN_USE' });
    expect(await rowOf(s.id)).toBeDefined();
    expect(await ctx.db.select().from(contacts).where(eq(contacts.companyId, s.id))).toHaveLength(1);
    expect(await ctx.db.select().from(productLinks).where(eq(productLinks.companyId, s.id))).toHaveLength(1);
  });
});

describe('access', () => {
  it('refuses every supplier call to non-admins', async () => {
    const s = await createSupplier(ctx.db);
    for (const category of ['client', 'supplier'] as const) {
      const { cookie } = await signedIn(ctx, { category });
      expect((await call('GET', '/getAll', undefined, cookie)).statusCode).toBe(403);
      expect((await call('POST', '/add', { company: 'Intruder' }, cookie)).statusCode).toBe(403);
      expect((await call('POST', `/discount/${s.id}`, { value: 50 }, cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/delete/${s.id}`, undefined, cookie)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/intern/supplier/getAll' })).statusCode).toBe(401);
    expect(await rowOf(s.id)).toMatchObject({ discount: '0.00' });
  });
});
