import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { carrierByName, certificateByName, createClient, createSupplier } from '../../db/factories/backoffice.js';
import { companies, contacts, productLinks } from '../../db/schema/index.js';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url: `/api/intern/client${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const rowOf = async (id: number) => (await ctx.db.select().from(companies).where(eq(companies.id, id)))[0];

describe('POST /api/intern/client/add', () => {
  it('creates a client with no certificates, CIF and no carrier, without supplier fields', async () => {
    const res = await call('POST', '/add', { company: 'Frischdienst Berlin GmbH', certificates: [], ict: 'CIF' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      company: 'Frischdienst Berlin GmbH',
      certificates: [],
      ict: 'CIF',
      carrier: null,
      discount: 0,
      contacts: [],
      products: [],
      paymentTermDays: 30,
    });
  });

  it('refuses a blank name (400) and a name taken by another client (409)', async () => {
    expect((await call('POST', '/add', { company: '' })).statusCode).toBe(400);
    await call('POST', '/add', { company: 'Sveriges Frukt AB' });
    const dup = await call('POST', '/add', { company: 'sveriges frukt ab' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'COMPANY_EXISTS' });
  });
});

describe('listing clients', () => {
  it('lists full clients, picker options and one client, never suppliers', async () => {
    const c = await createClient(ctx.db, { company: 'Listed Client', certificates: ['QS'], products: ['POM01'], contacts: [{ lastName: 'Kowalski' }] });
    await createSupplier(ctx.db, { company: 'A Supplier Only' });
    const all = (await call('GET', '/getAll')).json() as Array<{ id: number; company: string }>;
    expect(all.find((x) => x.id === c.id)).toMatchObject({
      certificates: [{ name: 'QS' }],
      products: [{ product: { code: 'POM01' } }],
      contacts: [{ lastName: 'Kowalski', clientId: c.id, supplierId: null }],
    });
    expect(all.some((x) => x.company === 'A Supplier Only')).toBe(false);
    expect((await call('GET', '/getClients')).json()).toContainEqual({ id: c.id, company: 'Listed Client' });
    expect((await call('GET', `/get/${c.id}`)).json()).not.toHaveProperty('packagings');
  });
});

describe('incoterm and carrier', () => {
  it('takes a carrier under CIF; switching to FOB deletes it', async () => {
    const c = await createClient(ctx.db);
    const carrier = await carrierByName(ctx.db, 'DHL Freight');
    const set = await call('POST', `/transport/${carrier.id}/set/${c.id}`);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ ict: 'CIF', carrier: { carrier: 'DHL Freight' } });
    expect((await call('POST', `/ict/${c.id}`, { value: 'FOB' })).json()).toMatchObject({ ict: 'FOB', carrier: null });
    expect((await rowOf(c.id))!.transportId).toBeNull();
  });

  it('refuses a carrier for a FOB client with 409', async () => {
    const c = await createClient(ctx.db, { ict: 'FOB' });
    const carrier = await carrierByName(ctx.db, 'DHL Freight');
    const res = await call('POST', `/transport/${carrier.id}/set/${c.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CARRIER_NOT_FOR_INCOTERM' });
  });

  it('removes the carrier, and answers 404 for a supplier id', async () => {
    const c = await createClient(ctx.db, { carrier: 'Nagel-Group' });
    expect((await call('DELETE', `/transport/delete/${c.id}`)).json()).toMatchObject({ carrier: null });
    const s = await createSupplier(ctx.db);
    expect((await call('DELETE', `/transport/delete/${s.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/ict/${s.id}`, { value: 'FOB' })).statusCode).toBe(404);
  });
});

describe('discount and certificates', () => {
  it('sets a decimal discount and refuses one above 100', async () => {
    const c = await createClient(ctx.db);
    expect((await call('POST', `/discount/${c.id}`, { value: 2.75 })).json()).toMatchObject({ discount: 2.75 });
    expect((await call('POST', `/discount/${c.id}`, { value: 150 })).statusCode).toBe(400);
    expect((await rowOf(c.id))!.discount).toBe('2.75');
  });

  it('replaces the certificates and refuses unknown ones', async () => {
    const c = await createClient(ctx.db);
    const ifs = await certificateByName(ctx.db, 'IFS Food');
    expect((await call('POST', `/certs/${c.id}/set`, [ifs.id])).json()).toMatchObject({ certificates: [{ id: ifs.id, name: 'IFS Food' }] });
    expect((await call('POST', `/certs/${c.id}/set`, [ifs.id, 999999])).statusCode).toBe(400);
    expect((await call('GET', `/get/${c.id}`)).json()).toMatchObject({ certificates: [{ id: ifs.id }] });
  });
});

describe('POST /api/intern/client/paymentTerms/{id} (decision 956)', () => {
  const refusal = (message: string) => ({
    error: 'The request is not valid.',
    code: 'VALIDATION_FAILED',
    details: [{ path: 'body.value', message }],
  });

  it('accepts whole days at and inside the limits, 0 and 30, and keeps them', async () => {
    const c = await createClient(ctx.db);
    for (const days of [0, 1, 29, 30]) {
      const res = await call('POST', `/paymentTerms/${c.id}`, { value: days });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, paymentTermDays: days });
      expect((await rowOf(c.id))!.paymentTermDays).toBe(days);
    }
    expect((await call('GET', `/get/${c.id}`)).json()).toMatchObject({ paymentTermDays: 30 });
  });

  it.each([
    [-1, 'paymentTermsRange'],
    [31, 'paymentTermsRange'],
    [365, 'paymentTermsRange'],
    [30.5, 'wholeDays'],
    [0.5, 'wholeDays'],
  ])('refuses %s days with 400 %s and keeps the terms', async (value, message) => {
    const c = await createClient(ctx.db, { paymentTermDays: 14 });
    const res = await call('POST', `/paymentTerms/${c.id}`, { value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(message));
    expect((await rowOf(c.id))!.paymentTermDays).toBe(14);
  });

  it('refuses text, a comma decimal and a missing value with 400, never a 500', async () => {
    const c = await createClient(ctx.db);
    for (const payload of [{ value: '30' }, { value: '30,5' }, { value: null }, {}]) {
      const res = await call('POST', `/paymentTerms/${c.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.value' }] });
    }
    expect((await rowOf(c.id))!.paymentTermDays).toBe(30);
  });

  it('answers 404 for a supplier or unknown id and 403 to a non-admin', async () => {
    const s = await createSupplier(ctx.db);
    expect((await call('POST', `/paymentTerms/${s.id}`, { value: 10 })).statusCode).toBe(404);
    expect((await call('POST', '/paymentTerms/999999', { value: 10 })).statusCode).toBe(404);
    const c = await createClient(ctx.db);
    const { cookie } = await signedIn(ctx, { category: 'client' });
    expect((await call('POST', `/paymentTerms/${c.id}`, { value: 10 }, cookie)).statusCode).toBe(403);
    expect((await rowOf(c.id))!.paymentTermDays).toBe(30);
  });

  it('is a client setting only: a supplier does not show it', async () => {
    const s = await createSupplier(ctx.db);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/intern/supplier/get/${s.id}`, headers: { cookie: admin } })).json()).not.toHaveProperty(
      'paymentTermDays',
    );
  });
});

describe('DELETE /api/intern/client/delete/{id}', () => {
  it('deletes the client with its contacts and product links', async () => {
    const c = await createClient(ctx.db, { products: ['STO01'], contacts: [{}] });
    expect((await call('DELETE', `/delete/${c.id}`)).statusCode).toBe(200);
    expect(await rowOf(c.id)).toBeUndefined();
    expect(await ctx.db.select().from(contacts).where(eq(contacts.companyId, c.id))).toEqual([]);
    expect(await ctx.db.select().from(productLinks).where(eq(productLinks.companyId, c.id))).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('DELETE', '/delete/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/delete/abc')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('refuses client calls to non-admins', async () => {
    const c = await createClient(ctx.db);
    const { cookie } = await signedIn(ctx, { category: 'client' });
    expect((await call('GET', '/getAll', undefined, cookie)).statusCode).toBe(403);
    expect((await call('POST', `/ict/${c.id}`, { value: 'FOB' }, cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/delete/${c.id}`, undefined, cookie)).statusCode).toBe(403);
    expect(await rowOf(c.id)).toMatchObject({ ict: 'CIF' });
  });
});
