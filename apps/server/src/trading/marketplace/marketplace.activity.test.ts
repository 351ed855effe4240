import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@primeur/shared';
import { withAdminApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createProduct } from '../../db/factories/listings.js';
import { createLot, lotForm } from './marketplace.test-support.js';

let ctx: TestContext;
let admin: string;
withAdminApp((c, cookie) => ((ctx = c), (admin = cookie)));

const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

async function historyOf(id: number): Promise<ActivityEntry[]> {
  const res = await send('GET', `/api/admin/activity?entity=lot&id=${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe('the history of a lot', () => {
  it('lots: the supplier creates and edits, the operator disables', async () => {
    const supplier = await signedIn(ctx, { category: 'supplier' });
    const form = await lotForm(ctx);
    const lot = (await createLot(ctx, supplier.cookie, form)).json();
    await send('PUT', `/api/users/product/update/${lot.productId}`, { ...form, name: 'Renamed' }, supplier.cookie);
    await send('PUT', `/api/admin/product/statusEnabled/${lot.productId}`);
    const history = await historyOf(lot.productId);
    expect(history.map((e) => [e.action, e.user?.id])).toEqual([
      ['update', expect.any(Number)],
      ['update', supplier.user.id],
      ['create', supplier.user.id],
    ]);
    expect(history[0]!.user!.id).not.toBe(supplier.user.id);
    expect(history[0]!.changes).toEqual([{ field: 'status', from: 'ENABLED', to: 'DISABLED' }]);
    expect(history[1]!.changes).toEqual(expect.arrayContaining([{ field: 'name', from: expect.any(String), to: 'Renamed' }]));
  });

  it('records the withdrawal of a lot by its supplier, with the supplier as author', async () => {
    const supplier = await signedIn(ctx, { category: 'supplier' });
    const lot = (await createLot(ctx, supplier.cookie, await lotForm(ctx))).json();
    expect((await send('DELETE', `/api/users/product/delete/${lot.productId}`, undefined, supplier.cookie)).statusCode).toBe(204);
    const [last] = await historyOf(lot.productId);
    expect(last).toMatchObject({ action: 'delete', user: { id: supplier.user.id }, entity: 'lot', entityId: lot.productId });
  });

  it('records nothing when the operator may not toggle the lot (expired)', async () => {
    const supplier = await signedIn(ctx, { category: 'supplier' });
    const expired = await createProduct(ctx.db, { supplierId: supplier.user.id, availableUntil: '2020-01-01' });
    expect((await send('PUT', `/api/admin/product/statusEnabled/${expired.id}`)).statusCode).toBe(409);
    expect(await historyOf(expired.id)).toEqual([]);
  });
});
