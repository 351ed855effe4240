import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { BULK_MAX_IDS, MAX_DB_ID, type BulkResult } from '@primeur/shared';
import { createUser } from '../../db/factories.js';
import { createAuction, createProduct } from '../../db/factories/listings.js';
import { createSupplier } from '../../db/factories/backoffice.js';
import { createVariant } from '../../db/factories/supplier-products.js';
import { outbox, products, supplierVariants, users } from '../../db/schema/index.js';
import { createTestApp, jobsDrivenByTest, login, settle, signedIn, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
let admin: string;
let adminId: number;
beforeAll(async () => {
  // The closer would expire the past-dated lot of the lots test while it runs: the jobs run once, at start.
  ctx = await createTestApp(jobsDrivenByTest());
  const a = await signedIn(ctx, { category: 'admin' });
  admin = a.cookie;
  adminId = a.user.id;
});
afterAll(() => ctx.close());

const bulk = (list: string, payload: unknown, cookie: string | null = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/bulk/${list}`, headers: cookie ? { cookie } : {}, payload: payload as object });
const results = async (list: string, payload: unknown) => {
  const res = await bulk(list, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: BulkResult[] }).results;
};
const activeOf = async (ids: number[]) =>
  Object.fromEntries((await ctx.db.select({ id: users.id, active: users.active }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.active]));
const statusOf = async (ids: number[]) =>
  Object.fromEntries(
    (await ctx.db.select({ id: products.id, status: products.status }).from(products).where(inArray(products.id, ids))).map((r) => [r.id, r.status]),
  );

describe('POST /api/admin/bulk/users', () => {
  it('activates pending accounts, each emailed once, and reports an unknown id with the single action’s code', async () => {
    const a = await createUser(ctx.db, { active: false, email: 'bulk-a@example.test' });
    const b = await createUser(ctx.db, { active: false, email: 'bulk-b@example.test' });
    const c = await createUser(ctx.db, { active: true, email: 'bulk-c@example.test' });
    const res = await results('users', { action: 'activate', ids: [a.id, b.id, c.id, 999_999] });
    expect(res).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: c.id, ok: true },
      { id: 999_999, ok: false, code: 'NOT_FOUND' },
    ]);
    expect(await activeOf([a.id, b.id, c.id])).toEqual({ [a.id]: true, [b.id]: true, [c.id]: true });
    // Each message is queued with its mail.queued event; the mail-delivery processor sends it (here: keeps it in the outbox).
    const mailed = async () => {
      await settle(ctx);
      return (
        await ctx.db
          .select({ to: outbox.toAddress, status: outbox.status })
          .from(outbox)
          .where(inArray(outbox.toAddress, [a.email, b.email, c.email]))
      )
        .map((m) => `${m.to} ${m.status}`)
        .sort();
    };
    // The already active account is not told again.
    expect(await mailed()).toEqual([`${a.email} outbox`, `${b.email} outbox`]);

    // A retry of the same request changes nothing and reports the same outcomes: no second email.
    expect(await results('users', { action: 'activate', ids: [a.id, b.id, c.id, 999_999] })).toEqual(res);
    expect(await mailed()).toEqual([`${a.email} outbox`, `${b.email} outbox`]);
  });

  it('deactivates accounts and ends their sessions, but never the admin’s own', async () => {
    const target = await createUser(ctx.db, { password: 'Target-pass-1' });
    const other = await createUser(ctx.db);
    const targetCookie = await login(ctx.app, target.email, 'Target-pass-1');
    const res = await results('users', { action: 'deactivate', ids: [target.id, adminId, other.id] });
    expect(res).toEqual([
      { id: target.id, ok: true },
      { id: adminId, ok: false, code: 'CANNOT_DISABLE_SELF' },
      { id: other.id, ok: true },
    ]);
    expect(await activeOf([target.id, adminId, other.id])).toEqual({ [target.id]: false, [adminId]: true, [other.id]: false });
    expect((await ctx.app.inject({ url: '/api/users/isLoggedIn', headers: { cookie: targetCookie } })).statusCode).toBe(401);
    // The undo: the same rows back to active; the admin's own "activate" is ok (it already is).
    expect(await results('users', { action: 'activate', ids: [target.id, adminId, other.id] })).toEqual([
      { id: target.id, ok: true },
      { id: adminId, ok: true },
      { id: other.id, ok: true },
    ]);
    expect(await activeOf([target.id, other.id])).toEqual({ [target.id]: true, [other.id]: true });
  });

  it('takes repeated ids once, in the order first given', async () => {
    const a = await createUser(ctx.db, { active: false });
    const b = await createUser(ctx.db, { active: false });
    const res = await results('users', { action: 'activate', ids: [b.id, a.id, b.id, b.id] });
    expect(res.map((r) => r.id)).toEqual([b.id, a.id]);
  });
});

describe('POST /api/admin/bulk/lots', () => {
  it('enables and disables lots; an auction or an expired lot is refused as its toggle refuses it', async () => {
    const seller = await createUser(ctx.db, { category: 'supplier' });
    const on = (await createProduct(ctx.db, { supplierId: seller.id })).id;
    const off = (await createProduct(ctx.db, { supplierId: seller.id, status: 'DISABLED' })).id;
    const auction = (await createAuction(ctx.db, { supplierId: seller.id })).id;
    const old = (await createProduct(ctx.db, { supplierId: seller.id, availableUntil: '2020-01-01' })).id;

    expect(await results('lots', { action: 'disable', ids: [on, off, auction, old, 999_998] })).toEqual([
      { id: on, ok: true },
      { id: off, ok: true },
      { id: auction, ok: false, code: 'STATUS_NOT_TOGGLEABLE' },
      { id: old, ok: false, code: 'STATUS_NOT_TOGGLEABLE' },
      { id: 999_998, ok: false, code: 'NOT_FOUND' },
    ]);
    expect(await statusOf([on, off, auction, old])).toEqual({ [on]: 'DISABLED', [off]: 'DISABLED', [auction]: 'IN_AUCTION', [old]: 'ENABLED' });

    // The single toggle gives the same code for the auction.
    const single = await ctx.app.inject({ method: 'PUT', url: `/api/admin/product/statusEnabled/${auction}`, headers: { cookie: admin } });
    expect(single.json()).toMatchObject({ code: 'STATUS_NOT_TOGGLEABLE' });

    expect(await results('lots', { action: 'enable', ids: [on, off] })).toEqual([
      { id: on, ok: true },
      { id: off, ok: true },
    ]);
    expect(await statusOf([on, off])).toEqual({ [on]: 'ENABLED', [off]: 'ENABLED' });
  });
});

describe('POST /api/admin/bulk/variants', () => {
  it('deletes variants; one already gone is ok, so a retried request reports what it did', async () => {
    const supplier = await createSupplier(ctx.db);
    const v1 = (await createVariant(ctx.db, { supplierId: supplier.id, code: 'CIT04' })).variant.id;
    const v2 = (await createVariant(ctx.db, { supplierId: supplier.id, code: 'CIT04' })).variant.id;
    const keep = (await createVariant(ctx.db, { supplierId: supplier.id, code: 'CIT04' })).variant.id;
    const res = await results('variants', { action: 'delete', ids: [v1, v2] });
    expect(res).toEqual([
      { id: v1, ok: true },
      { id: v2, ok: true },
    ]);
    const left = await ctx.db
      .select({ id: supplierVariants.id })
      .from(supplierVariants)
      .where(inArray(supplierVariants.id, [v1, v2, keep]));
    expect(left).toEqual([{ id: keep }]);
    expect(await results('variants', { action: 'delete', ids: [v1, v2] })).toEqual(res);
  });
});

describe('GET /api/admin/bulk/{list}/ids', () => {
  it('turns the user list’s filters into ids, in the list’s order, with the count', async () => {
    const x = await createUser(ctx.db, { companyName: 'Zeta Bulkmatch Frutas', active: false });
    const y = await createUser(ctx.db, { companyName: 'Alpha Bulkmatch Frutas', active: false });
    await createUser(ctx.db, { companyName: 'Beta Bulkmatch Frutas', active: true });
    const res = await ctx.app.inject({ url: '/api/admin/bulk/users/ids?q=bulkmatch&status=inactive', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ids: [y.id, x.id], total: 2, limit: BULK_MAX_IDS });
  });

  it('turns the lot list’s filters into ids', async () => {
    const seller = await createUser(ctx.db, { category: 'supplier', companyName: 'Huerta Bulkids' });
    const a = (await createProduct(ctx.db, { supplierId: seller.id, status: 'DISABLED' })).id;
    await createProduct(ctx.db, { supplierId: seller.id });
    const res = await ctx.app.inject({ url: '/api/admin/bulk/lots/ids?q=bulkids&status=DISABLED', headers: { cookie: admin } });
    expect(res.json()).toEqual({ ids: [a], total: 1, limit: BULK_MAX_IDS });
  });
});

describe('who may call, and bad input', () => {
  it('answers 401 to a visitor and 403 to a buyer or a supplier, changing nothing', async () => {
    const pending = await createUser(ctx.db, { active: false });
    const body = { action: 'activate', ids: [pending.id] };
    expect((await bulk('users', body, null)).statusCode).toBe(401);
    for (const category of ['client', 'supplier'] as const) {
      const { cookie } = await signedIn(ctx, { category });
      const res = await bulk('users', body, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await ctx.app.inject({ url: '/api/admin/bulk/users/ids', headers: { cookie } })).statusCode).toBe(403);
    }
    expect(await activeOf([pending.id])).toEqual({ [pending.id]: false });
  });

  it.each([
    ['an action the list does not take', 'users', { action: 'delete', ids: [1] }],
    ['an action of another list', 'lots', { action: 'activate', ids: [1] }],
    ['no ids', 'users', { action: 'activate', ids: [] }],
    ['ids missing', 'variants', { action: 'delete' }],
    ['an id past 2^31−1', 'users', { action: 'activate', ids: [MAX_DB_ID + 1] }],
    ['an id of 0', 'lots', { action: 'enable', ids: [0] }],
    ['a fractional id', 'lots', { action: 'enable', ids: [1.5] }],
    ['an id as text', 'variants', { action: 'delete', ids: ['1'] }],
    ['more ids than the limit', 'variants', { action: 'delete', ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1) }],
    ['a NUL byte in the action', 'users', { action: 'activate\u0000', ids: [1] }],
    ['a body that is not an object', 'users', [1, 2]],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_what, list, payload) => {
    const res = await bulk(list, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('accepts exactly the limit of ids', async () => {
    const ids = Array.from({ length: BULK_MAX_IDS }, (_, i) => MAX_DB_ID - i);
    const res = await results('variants', { action: 'delete', ids });
    expect(res).toHaveLength(BULK_MAX_IDS);
    expect(res.every((r) => r.ok)).toBe(true);
  });

  it('answers 404 for a list that does not exist and 400 for a bad filter', async () => {
    expect((await bulk('suppliers', { action: 'delete', ids: [1] })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/admin/bulk/lots/ids?status=SOLD', headers: { cookie: admin } })).statusCode).toBe(400);
  });

  it('keeps a user unchanged when its row is refused', async () => {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    expect(row!.active).toBe(true);
  });
});
