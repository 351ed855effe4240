import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityEntity, ActivityEntry } from '@primeur/shared';
import { createUser, placeIn } from '../../db/factories.js';
import { articleByCode, createSupplier, createClient, carrierByName } from '../../db/factories/backoffice.js';
import { events } from '../../db/schema/index.js';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as changes from '../../events/changes.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { closeAuctions } from '../../trading/auctions/auctions.service.js';
import { dayInParis } from '@primeur/shared';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

/** The history of one record, newest first, as the activity endpoint answers it. */
async function historyOf(entity: ActivityEntity, id: number): Promise<ActivityEntry[]> {
  const res = await send('GET', `/api/admin/activity?entity=${entity}&id=${id}&size=100`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

/** The change events written for one record (events/changes.ts). */
const rowsOf = (entity: ActivityEntity, id: number) =>
  ctx.db
    .select()
    .from(events)
    .where(and(inArray(events.name, changes.CHANGE_NAMES), eq(events.subject, changes.subjectOf(entity)), eq(events.subjectId, id)));

describe('every write path records who changed what', () => {
  it('suppliers: create, discount, address and delete, each with the admin and the fields', async () => {
    const created = (await send('POST', '/api/intern/supplier/add', { company: 'Huerta del Sol', ict: 'FOB' })).json();
    await send('POST', `/api/intern/supplier/discount/${created.id}`, { value: 4.5 });
    await send('POST', `/api/intern/supplier/address/${created.id}/set`, { value: 'Camino 4' });
    const history = await historyOf('supplier', created.id);
    expect(history.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(history[0]!.changes).toEqual([{ field: 'address', from: '', to: 'Camino 4' }]);
    expect(history[1]!.changes).toEqual([{ field: 'discount', from: '0.00', to: '4.50' }]);
    expect(history[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'company', from: null, to: 'Huerta del Sol' },
        { field: 'ict', from: null, to: 'FOB' },
      ]),
    );
    expect(history[0]!.user).toMatchObject({ id: expect.any(Number), email: expect.stringContaining('@') });
    expect(new Date(history[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await send('DELETE', `/api/intern/supplier/delete/${created.id}`)).statusCode).toBe(200);
    const deleted = (await historyOf('supplier', created.id))[0]!;
    expect(deleted.action).toBe('delete');
    expect(deleted.changes).toEqual(expect.arrayContaining([{ field: 'discount', from: '4.50', to: null }]));
  });

  it('clients: a new incoterm drops the carrier, and both fields are in one entry', async () => {
    const client = await createClient(ctx.db, { company: 'Frescos Norte' });
    const dhl = await carrierByName(ctx.db, (await send('POST', '/api/intern/transport/add', { carrier: 'Trans Ebro', price: 120 })).json().carrier);
    await send('POST', `/api/intern/client/transport/${dhl.id}/set/${client.id}`);
    await send('POST', `/api/intern/client/ict/${client.id}`, { value: 'FOB' });
    const [last] = await historyOf('client', client.id);
    expect(last!.changes).toEqual([
      { field: 'ict', from: 'CIF', to: 'FOB' },
      { field: 'transportId', from: dhl.id, to: null },
    ]);
    const carrier = await historyOf('carrier', dhl.id);
    expect(carrier).toMatchObject([{ action: 'create', changes: expect.arrayContaining([{ field: 'price', from: null, to: '120.00' }]) }]);
  });

  it('contacts: add, modify and delete', async () => {
    const supplier = await createSupplier(ctx.db, { company: 'Contacto S.A.' });
    const added = (
      await send('POST', '/api/intern/contact/add', {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana@example.com',
        phone: '+34 600 000 000',
        supplierId: supplier.id,
      })
    ).json();
    await send('PUT', '/api/intern/contact/modify', {
      id: added.id,
      firstName: 'Ana',
      lastName: 'Ruiz Gil',
      email: 'ana@example.com',
      phone: '+34 600 000 000',
    });
    await send('DELETE', `/api/intern/contact/delete/${added.id}`);
    const history = await historyOf('contact', added.id);
    expect(history.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1]!.changes).toEqual([{ field: 'lastName', from: 'Ruiz', to: 'Ruiz Gil' }]);
  });

  it('product links and variants: add, edit a price, delete', async () => {
    const supplier = await createSupplier(ctx.db, { company: 'Variantes S.L.' });
    const link = (await send('POST', `/api/intern/userProduct/user/add/supplier/TOM01/${supplier.id}`)).json();
    expect(await historyOf('productLink', link.id)).toMatchObject([
      { action: 'create', changes: expect.arrayContaining([{ field: 'companyId', from: null, to: supplier.id }]) },
    ]);

    const variant = (await send('POST', '/api/intern/userProduct/supplier/variant/add', { productLinkId: link.id })).json();
    expect((await send('PUT', `/api/intern/userProduct/supplier/caliber/${variant.id}/57-67`)).statusCode).toBe(200);
    await send('DELETE', `/api/intern/userProduct/supplier/delete/${variant.id}`);
    const history = await historyOf('variant', variant.id);
    expect(history.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1]!.changes).toEqual([{ field: 'caliber', from: '', to: '57-67' }]);

    expect((await send('DELETE', `/api/intern/productList/supplier/delete/${link.id}`)).statusCode).toBe(200);
    expect((await historyOf('productLink', link.id)).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it("client variants: added to a client's product, then deleted", async () => {
    const client = await createClient(ctx.db, { company: 'Precios Cliente', products: ['CIT01'] });
    const { id: productId } = await articleByCode(ctx.db, 'CIT01');
    const added = await send('POST', `/api/intern/userProduct/user/client/product/add/${client.id}`, { productId, caliber: '3' });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    expect((await send('DELETE', `/api/intern/userProduct/client/delete/${id}`)).statusCode).toBe(200);
    const history = await historyOf('clientVariant', id);
    expect(history.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(history[1]!.changes).toEqual(expect.arrayContaining([{ field: 'caliber', from: null, to: '3' }]));
    expect(history[0]!.changes).toEqual(expect.arrayContaining([{ field: 'caliber', from: '3', to: null }]));
  });

  it("users: the account's status and the company's own settings, never the password hash", async () => {
    const buyer = await signedIn(ctx, { category: 'client', country: 'FR', city: 'Lyon' });
    const place = await placeIn(ctx.db, 'FR', 'Lyon');
    const infos = {
      address: '9 rue Neuve',
      postalCode: '69001',
      vatId: 'FR12345678901',
      globalGapNumber: null,
      country: { id: place.country.id },
      city: { id: place.city.id },
    };
    expect((await send('POST', '/api/users/changeUserInfos', infos, buyer.cookie)).statusCode).toBe(200);
    expect(
      (await send('POST', '/api/users/changePassword', { oldPassword: buyer.user.password, newPassword: 'An0ther-long-passphrase!' }, buyer.cookie)).statusCode,
    ).toBe(200);
    // Last, since disabling the account ends its sessions.
    await send('PUT', `/api/admin/user/status/${buyer.user.id}`);
    const history = await historyOf('user', buyer.user.id);
    expect(history).toHaveLength(2);
    expect(history[1]!.user!.id).toBe(buyer.user.id);
    expect(history[1]!.changes).toEqual(expect.arrayContaining([{ field: 'address', from: expect.any(String), to: '9 rue Neuve' }]));
    expect(history[0]!.changes).toEqual([{ field: 'active', from: true, to: false }]);
    expect(history[0]!.user!.id).not.toBe(buyer.user.id);
    expect(history.flatMap((e) => e.changes.map((c) => c.field))).not.toContain('passwordHash');
  });
});

describe('the entry is written in the transaction of the change', () => {
  it('a refused change records nothing', async () => {
    const supplier = await createSupplier(ctx.db, { company: 'Refus S.L.', ict: 'CIF' });
    const carrier = (await send('POST', '/api/intern/transport/add', { carrier: 'Refus Trans', price: 50 })).json();
    const refused = await send('POST', `/api/intern/supplier/transport/${carrier.id}/set/${supplier.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf('supplier', supplier.id)).toEqual([]);
  });

  it('a failure after the entry was written rolls the entry back with the change', async () => {
    const actor = await createUser(ctx.db, { category: 'admin' });
    const failingView = async () => {
      throw new Error('the answer could not be read');
    };
    await expect(companiesService.create(ctx.db, actor, 'supplier', { company: 'Fantasma S.L.' }, failingView)).rejects.toThrow('could not be read');
    const supplier = await createSupplier(ctx.db, { company: 'Descuento S.L.' });
    await expect(companiesService.setDiscount(ctx.db, actor, 'supplier', supplier.id, 9, failingView)).rejects.toThrow();
    expect(await rowsOf('supplier', supplier.id)).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(events)
        .where(sql`${events.actor}->>'userId' = ${String(actor.id)}`),
    ).toEqual([]);
  });

  it('an update that changes no recorded field writes no entry', async () => {
    const supplier = await createSupplier(ctx.db, { company: 'Igual S.L.' });
    await send('POST', `/api/intern/supplier/discount/${supplier.id}`, { value: 0 });
    expect(await rowsOf('supplier', supplier.id)).toEqual([]);
  });
});

describe("the system's changes", () => {
  it('the closer and the expiry of past lots write the lots’ history as the system, for their supplier to see', async () => {
    const seller = await createUser(ctx.db, { category: 'supplier' });
    const buyer = await createUser(ctx.db, { category: 'client' });
    const auction = await createAuction(ctx.db, { supplierId: seller.id, startedMsAgo: 259_200_000 + 1000 });
    const top = await createOffer(ctx.db, auction.id, buyer.id, 2.2);
    const past = await createProduct(ctx.db, { supplierId: seller.id, availableUntil: dayInParis(-1) });
    await closeAuctions(ctx.db);

    const [closed] = await historyOf('lot', auction.id);
    expect(closed).toMatchObject({ action: 'update', user: null });
    expect(closed!.changes).toEqual([
      { field: 'status', from: 'IN_AUCTION', to: 'EXPIRED' },
      { field: 'winningOfferId', from: null, to: top.id },
    ]);
    const [expired] = await historyOf('lot', past.id);
    expect(expired).toMatchObject({ action: 'update', user: null, changes: [{ field: 'status', from: 'ENABLED', to: 'EXPIRED' }] });
    // Each event is the lot's supplier's to see (company_ids), nobody else's; the actor is the system.
    for (const row of [...(await rowsOf('lot', auction.id)), ...(await rowsOf('lot', past.id))]) {
      expect(row.companyIds).toEqual([seller.id]);
      expect(row.actor).toEqual({ kind: 'system' });
    }
  });
});

describe('GET /api/admin/activity', () => {
  it('answers newest first, in pages, filtered by entity and id', async () => {
    const supplier = await createSupplier(ctx.db, { company: 'Paginas S.L.' });
    for (const value of [1, 2, 3]) await send('POST', `/api/intern/supplier/discount/${supplier.id}`, { value });
    const first = (await send('GET', `/api/admin/activity?entity=supplier&id=${supplier.id}&page=1&size=2`)).json();
    expect(first).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(first.items.map((e: ActivityEntry) => e.changes[0]!.to)).toEqual(['3.00', '2.00']);
    const second = (await send('GET', `/api/admin/activity?entity=supplier&id=${supplier.id}&page=2&size=2`)).json();
    expect(second.items.map((e: ActivityEntry) => e.changes[0]!.to)).toEqual(['1.00']);

    const all = (await send('GET', '/api/admin/activity?entity=supplier&size=100')).json();
    expect(all.items.every((e: ActivityEntry) => e.entity === 'supplier')).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const ids = all.items.map((e: ActivityEntry) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses bad filters with 400', async () => {
    for (const q of ['entity=order', 'id=3', 'entity=supplier&id=0', 'entity=supplier&id=99999999999', 'size=1000', 'page=0', 'entity=supplier&id=1%00']) {
      const res = await send('GET', `/api/admin/activity?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is the operator’s only: 401 signed out, 403 for buyers and suppliers', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/activity' })).statusCode).toBe(401);
    for (const category of ['client', 'supplier'] as const) {
      const { cookie } = await signedIn(ctx, { category });
      expect((await send('GET', '/api/admin/activity', undefined, cookie)).statusCode).toBe(403);
    }
  });
});

describe('diff', () => {
  it('keeps the changed fields only, leaves secrets and bookkeeping out and writes dates as ISO text', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    expect(
      changes.diff(
        { id: 1, discount: '1.00', passwordHash: 'a', apiToken: 'x', updatedAt: at, packagings: ['A'], startDate: at },
        { id: 1, discount: '2.00', passwordHash: 'b', apiToken: 'y', updatedAt: new Date(), packagings: ['A'], startDate: null },
      ),
    ).toEqual([
      { field: 'discount', from: '1.00', to: '2.00' },
      { field: 'startDate', from: '2026-11-26T10:00:00.000Z', to: null },
    ]);
  });
});
