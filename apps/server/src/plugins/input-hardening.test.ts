import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../test/build-app.js';
import { rolesOf } from './session.js';
import { placeIn, registrationBody } from '../db/factories.js';
import { createProduct } from '../db/factories/listings.js';
import { products, users } from '../db/schema/index.js';
import { createLot, lotForm } from '../trading/marketplace/marketplace.test-support.js';

let ctx: TestContext;
let admin: { cookie: string };
let buyer: { cookie: string };
let supplier: { cookie: string; user: { id: number } };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, { category: 'admin' });
  buyer = await signedIn(ctx, { category: 'client' });
  supplier = await signedIn(ctx, { category: 'supplier' });
});
afterAll(() => ctx.close());

const NUL = '\u0000';

describe('control characters in text', () => {
  it('refuses a NUL byte in the sign-in e-mail with 400, not 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { email: `a${NUL}b@x.test`, password: 'whatever1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a NUL byte in a registration and stores no account', async () => {
    const before = (await ctx.db.select({ n: count() }).from(users))[0]!.n;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: await registrationBody(ctx.db, { email: 'nul@example.test', companyName: `Evil${NUL}Corp` }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].message).toBe('controlCharacters');
    expect((await ctx.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('refuses an escape character in the profile address', async () => {
    const { country, city } = await placeIn(ctx.db, 'FR');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/changeUserInfos',
      headers: { cookie: buyer.cookie },
      payload: { address: 'rue\u001b[31m', postalCode: '1', vatId: 'FR1', country: { id: country.id }, city: { id: city.id } },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a NUL byte in a purchase message but keeps line breaks in it', async () => {
    const lot = await createProduct(ctx.db, {});
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/product/purchaseRequest/${lot.id}`,
      headers: { cookie: buyer.cookie },
      payload: { pallets: 1, message: `hello${NUL}` },
    });
    expect(bad.statusCode).toBe(400);
    const good = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/product/purchaseRequest/${lot.id}`,
      headers: { cookie: buyer.cookie },
      payload: { pallets: 1, message: 'Hello,\r\n\tthree lines\nthanks' },
    });
    expect(good.statusCode).toBe(201);
  });

  it('refuses a NUL byte or a line break in a lot name', async () => {
    const before = (await ctx.db.select({ n: count() }).from(products))[0]!.n;
    for (const name of [`Oranges${NUL}`, 'Oranges\nApples']) {
      const res = await createLot(ctx, supplier.cookie, await lotForm(ctx, { name }));
      expect(res.statusCode).toBe(400);
    }
    expect((await ctx.db.select({ n: count() }).from(products))[0]!.n).toBe(before);
  });
});

describe('ids', () => {
  const idRoutes = () => ctx.app.declaredRoutes.filter((r) => /:[A-Za-z]*(id|Id)\b/.test(r.url) && !r.url.startsWith('/product-images'));
  const bad = ['2147483648', '99999999999', '0x10', '%201', '1e3', '0', '-1', '01', '1.0', '%EF%BC%91'];

  it('has id routes to check', () => {
    expect(idRoutes().length).toBeGreaterThan(30);
  });

  for (const value of bad) {
    it(`answers 400 to the id "${decodeURIComponent(value)}" on every route with an id parameter`, async () => {
      const wrong: string[] = [];
      for (const r of idRoutes()) {
        // Only the first id is wrong; the others are a valid number, so the refusal is about this one.
        let first = true;
        const url = r.url
          .replace(/:alpha2/g, 'ES')
          .replace(/:company/g, 'Nobody')
          .replace(/:kind/g, 'supplier')
          .replace(/:action/g, 'caliber')
          .replace(/:code/g, 'X')
          .replace(/:value/g, '1')
          .replace(/:file/g, 'x.png')
          .replace(/:[A-Za-z]+/g, () => (first ? ((first = false), value) : '1'));
        const res = await ctx.app.inject({
          method: r.method as 'GET',
          url,
          // A caller the route's declared access admits, so the answer is about the id, not the role.
          headers: { cookie: rolesOf(r.access).includes('admin') ? admin.cookie : rolesOf(r.access).includes('supplier') ? supplier.cookie : buyer.cookie },
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        // Notification ids are bigserial: 2^31 is a valid (unknown) id there.
        const bigId = r.url.includes('/notifications/') && /^[1-9][0-9]*$/.test(value);
        if (res.statusCode !== (bigId ? 404 : 400)) wrong.push(`${r.method} ${url} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers 400 to a body id of 2^31', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/intern/contact/add',
      headers: { cookie: admin.cookie },
      payload: { firstName: 'A', lastName: 'B', email: 'a@b', phone: '+33142685300', supplierId: 2 ** 31 },
    });
    expect(res.statusCode).toBe(400);
  });

  it('still reads a plain decimal id', async () => {
    const lot = await createProduct(ctx.db, {});
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/product/details/${lot.id}`, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('dates and bodies', () => {
  /** A raw body to the lot form, as the supplier. */
  const postLotForm = (contentType: string, payload: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/product/add', headers: { cookie: supplier.cookie, 'content-type': contentType }, payload });

  it('refuses an auction starting in year 10000 (and 9999) with 400', async () => {
    for (const auctionStartDate of ['+010000-01-01T00:00:00Z', '9999-12-31T23:59:59-01:00', '9999-01-01T00:00:00Z']) {
      const res = await createLot(ctx, supplier.cookie, await lotForm(ctx, { auctionStartDate }));
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses a price history ending in year 9999', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/intern/prices/history?type=market&family=fruits&name=Orange&to=9999-01-01',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 to a multipart request without a boundary', async () => {
    const res = await postLotForm('multipart/form-data', '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--x--\r\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 400 to a cut-off multipart body', async () => {
    const res = await postLotForm('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\n\r\n\x89PNG');
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 to broken JSON, 413 to a body above the limit and 415 to an unknown type', async () => {
    const broken = await ctx.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    const typed = await ctx.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(typed.statusCode).toBe(415);
    for (const r of [broken, big, typed]) expect(r.json().code).toBeTypeOf('string');
  });
});
