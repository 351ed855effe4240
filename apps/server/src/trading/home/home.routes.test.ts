import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction, createOffer, createProduct } from '../../db/factories/listings.js';
import { purchaseRequests } from '../../db/schema/index.js';

let ctx: TestContext;
let supplier: Awaited<ReturnType<typeof signedIn>>;
let buyer: Awaited<ReturnType<typeof signedIn>>;
let rival: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  supplier = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Home' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Buyer Home' });
  rival = await signedIn(ctx, { category: 'client', companyName: 'Rival Home' });
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('role homes', () => {
  it('a buyer sees auctions ending soon, its bids leading or outbid, its sent requests with their state, and new lots', async () => {
    const soon = await createAuction(ctx.db, { supplierId: supplier.user.id, name: 'Ending soon lot', startedMsAgo: 3 * 86_400_000 - 3_600_000 });
    const later = await createAuction(ctx.db, { supplierId: supplier.user.id, name: 'Later lot' });
    await createOffer(ctx.db, soon.id, buyer.user.id, 2.1);
    await createOffer(ctx.db, later.id, buyer.user.id, 1.8, new Date(Date.now() - 60_000));
    await createOffer(ctx.db, later.id, rival.user.id, 1.9);
    const onSale = await createProduct(ctx.db, { supplierId: supplier.user.id, name: 'Fresh lot on sale' });
    const gone = await createProduct(ctx.db, { supplierId: supplier.user.id, name: 'Withdrawn lot', status: 'DISABLED' });
    await ctx.db.insert(purchaseRequests).values([
      { productId: onSale.id, buyerId: buyer.user.id, pallets: 2, message: 'Two please' },
      { productId: gone.id, buyerId: buyer.user.id, pallets: 1, message: '' },
    ]);

    const res = await get('/api/users/home', buyer.cookie);
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home.role).toBe('buyer');
    expect(home.endingSoon[0]).toMatchObject({ productId: soon.id, name: 'Ending soon lot', highest: 2.1, bidders: 1 });
    const bids = Object.fromEntries(home.myBids.map((b: { productId: number }) => [b.productId, b]));
    expect(bids[soon.id]).toMatchObject({ leading: true, myBest: 2.1, ended: false });
    expect(bids[later.id]).toMatchObject({ leading: false, myBest: 1.8, highest: 1.9, bidders: 2 });
    const states = Object.fromEntries(home.myRequests.map((r: { productTitle: string; state: string }) => [r.productTitle, r.state]));
    expect(states).toEqual({ 'Fresh lot on sale': 'open', 'Withdrawn lot': 'closed' });
    expect(home.myRequests[0].supplier).toBe('Huerta Home');
    expect(home.newLots.map((l: { name: string }) => l.name)).toContain('Fresh lot on sale');
    expect(home.newLots.map((l: { name: string }) => l.name)).not.toContain('Withdrawn lot');

    // The rival leads the later lot; another buyer's requests are not shown to it.
    const rivalHome = (await get('/api/users/home', rival.cookie)).json();
    expect(rivalHome.myBids.find((b: { productId: number }) => b.productId === later.id)).toMatchObject({ leading: true });
    expect(rivalHome.myRequests).toEqual([]);

    const sent = (await get('/api/users/product/purchaseRequests/sent', buyer.cookie)).json();
    expect(sent).toHaveLength(2);
    expect(sent.find((r: { pallets: number }) => r.pallets === 2)).toMatchObject({ message: 'Two please', state: 'open' });
  });

  it('on equal amounts the later offer leads (a proxy answering an equal maximum), as everywhere else', async () => {
    const other = await signedIn(ctx, { category: 'supplier' });
    const tie = await createAuction(ctx.db, { supplierId: other.user.id, name: 'Tie lot' });
    await createOffer(ctx.db, tie.id, rival.user.id, 2, new Date(Date.now() - 1000));
    await createOffer(ctx.db, tie.id, buyer.user.id, 2);
    const leading = async (who: typeof buyer) =>
      (await get('/api/users/home', who.cookie)).json().myBids.find((b: { productId: number }) => b.productId === tie.id).leading;
    expect([await leading(buyer), await leading(rival)]).toEqual([true, false]);
  });

  it('a supplier sees its lot counts, its lots, the offers and the requests it received', async () => {
    const res = await get('/api/users/home', supplier.cookie);
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home.role).toBe('supplier');
    expect(home.counts).toEqual({ onSale: 1, inAuction: 2, ended: 0 });
    expect(home.myLots.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Ending soon lot', 'Later lot', 'Fresh lot on sale']));
    expect(home.offersReceived[0]).toMatchObject({ companyName: 'Rival Home', amount: 1.9, name: 'Later lot' });
    expect(home.requestsReceived.map((r: { buyer: string }) => r.buyer)).toEqual(['Buyer Home', 'Buyer Home']);
  });

  it('a visitor is refused with 401', async () => {
    expect((await get('/api/users/home')).statusCode).toBe(401);
    expect((await get('/api/users/product/purchaseRequests/sent')).statusCode).toBe(401);
  });
});
