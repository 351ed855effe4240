import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createClient, createContact, createSupplier } from '../../db/factories/backoffice.js';
import { contacts } from '../../db/schema/index.js';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url: `/api/intern/contact${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const valid = { firstName: 'Lucía', lastName: 'Martínez', email: 'lucia@huerta.es', phone: '+34 950 12 34 56', note: 'Sales, mornings' };

describe('POST /api/intern/contact/add', () => {
  it('adds a supplier contact and stores the phone in E.164', async () => {
    const s = await createSupplier(ctx.db, { country: 'ES' });
    const res = await call('POST', '/add', { ...valid, supplierId: s.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), ...valid, phone: '+34950123456', supplierId: s.id, clientId: null });
  });

  it("reads a number typed without prefix in the supplier's country", async () => {
    const s = await createSupplier(ctx.db, { country: 'FR' });
    const res = await call('POST', '/add', { ...valid, phone: '01 42 68 53 00', supplierId: s.id });
    expect(res.json()).toMatchObject({ phone: '+33142685300' });
  });

  it('adds a client contact without a note', async () => {
    const c = await createClient(ctx.db);
    const res = await call('POST', '/add', { firstName: 'Jonas', lastName: 'Berg', email: 'j@b', phone: '+46 8 123 456 78', clientId: c.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: '+46812345678', note: null, clientId: c.id, supplierId: null });
  });

  it.each([
    ['no first name', { firstName: ' ' }, 'firstNameInvalid'],
    ['no last name', { lastName: '' }, 'lastNameInvalid'],
    ['no email', { email: '' }, 'emailRequired'],
    ['an email without @', { email: 'lucia.huerta.es' }, 'emailInvalid'],
    ['no phone', { phone: '' }, 'phoneInvalid'],
    ['a phone that is no number', { phone: '+34 12' }, 'phoneInvalid'],
    ['a national phone for an owner with no country', { phone: '950123456' }, 'phoneInvalid'],
  ])('refuses %s with 400 and adds nothing', async (_label, change, message) => {
    const s = await createSupplier(ctx.db);
    const res = await call('POST', '/add', { ...valid, ...change, supplierId: s.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(expect.objectContaining({ message: expect.stringContaining(message) }));
    expect(await ctx.db.select().from(contacts).where(eq(contacts.companyId, s.id))).toEqual([]);
  });

  it('needs exactly one owner that exists', async () => {
    const s = await createSupplier(ctx.db);
    const c = await createClient(ctx.db);
    expect((await call('POST', '/add', valid)).statusCode).toBe(400);
    expect((await call('POST', '/add', { ...valid, supplierId: s.id, clientId: c.id })).statusCode).toBe(400);
    expect((await call('POST', '/add', { ...valid, supplierId: 999999 })).statusCode).toBe(404);
    // A client's id is not a supplier's.
    expect((await call('POST', '/add', { ...valid, supplierId: c.id })).statusCode).toBe(404);
  });
});

describe('PUT /api/intern/contact/modify', () => {
  it('edits the fields and keeps the owner', async () => {
    const s = await createSupplier(ctx.db, { country: 'IT' });
    const other = await createSupplier(ctx.db);
    const k = await createContact(ctx.db, s.id);
    const res = await call('PUT', '/modify', {
      id: k.id,
      firstName: 'Marco',
      lastName: 'Rossi',
      email: 'm@rossi.it',
      phone: '06 6982 1234',
      note: '',
      supplierId: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: k.id,
      firstName: 'Marco',
      lastName: 'Rossi',
      email: 'm@rossi.it',
      phone: '+390669821234',
      note: null,
      supplierId: s.id,
      clientId: null,
    });
  });

  it('refuses an invalid edit with 400 and leaves the contact as it was', async () => {
    const s = await createSupplier(ctx.db);
    const k = await createContact(ctx.db, s.id, { firstName: 'Kept' });
    for (const change of [{ firstName: '' }, { lastName: '' }, { email: 'nope' }, { phone: 'abc' }]) {
      const res = await call('PUT', '/modify', { id: k.id, firstName: 'New', lastName: 'Name', email: 'a@b', phone: '+33142685300', ...change });
      expect(res.statusCode).toBe(400);
    }
    expect((await ctx.db.select().from(contacts).where(eq(contacts.id, k.id)))[0]).toMatchObject({ firstName: 'Kept' });
  });

  it('answers 404 for an unknown contact', async () => {
    expect((await call('PUT', '/modify', { id: 999999, ...valid })).statusCode).toBe(404);
  });
});

describe('DELETE and listing per owner', () => {
  it('lists the contacts of a supplier and of a client, and deletes one', async () => {
    const s = await createSupplier(ctx.db, { contacts: [{ lastName: 'Alpha' }, { lastName: 'Beta' }] });
    const c = await createClient(ctx.db, { contacts: [{ lastName: 'Gamma' }] });
    const list = (await call('GET', `/supplier/${s.id}`)).json() as Array<{ id: number; lastName: string }>;
    expect(list.map((x) => x.lastName)).toEqual(['Alpha', 'Beta']);
    expect(((await call('GET', `/client/${c.id}`)).json() as Array<{ lastName: string }>).map((x) => x.lastName)).toEqual(['Gamma']);
    expect((await call('GET', `/client/${s.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/delete/${list[0]!.id}`)).statusCode).toBe(200);
    expect(((await call('GET', `/supplier/${s.id}`)).json() as unknown[]).length).toBe(1);
    expect((await call('DELETE', `/delete/${list[0]!.id}`)).statusCode).toBe(404);
  });

  it('refuses non-admins', async () => {
    const s = await createSupplier(ctx.db);
    const k = await createContact(ctx.db, s.id);
    const { cookie } = await signedIn(ctx, { category: 'supplier' });
    expect((await call('POST', '/add', { ...valid, supplierId: s.id }, cookie)).statusCode).toBe(403);
    expect((await call('PUT', '/modify', { id: k.id, ...valid }, cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/delete/${k.id}`, undefined, cookie)).statusCode).toBe(403);
    expect((await call('GET', `/supplier/${s.id}`, undefined, cookie)).statusCode).toBe(403);
  });
});
