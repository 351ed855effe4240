import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import * as auctionsService from './auctions.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const state = async (productId: number, offerId: number) => {
  const [offer] = await auctionsService.liveMessages(ctx.db, productId, offerId);
  const m = JSON.parse(offer!.payload) as { id: number; amount: number; highest: number; bidders: number };
  return { amount: m.amount, highest: m.highest, bidders: m.bidders };
};

describe('live messages of a committed offer', () => {
  it('carry the lot state just after the offer: from the lot row for the latest offer, counted for an older one', async () => {
    const seller = await signedIn(ctx, { category: 'supplier' });
    const a = await signedIn(ctx, { category: 'client' });
    const b = await signedIn(ctx, { category: 'client' });
    const lot = await createAuction(ctx.db, { supplierId: seller.user.id, price: 1 });
    const first = await createOffer(ctx.db, lot.id, a.user.id, 1);
    expect(await state(lot.id, first.id)).toEqual({ amount: 1, highest: 1, bidders: 1 });
    const second = await createOffer(ctx.db, lot.id, b.user.id, 1.2);
    const third = await createOffer(ctx.db, lot.id, a.user.id, 1.5);
    expect(await state(lot.id, third.id)).toEqual({ amount: 1.5, highest: 1.5, bidders: 2 });
    // Relayed late, after later offers: still the state just after it, not the lot's current one.
    expect(await state(lot.id, first.id)).toEqual({ amount: 1, highest: 1, bidders: 1 });
    expect(await state(lot.id, second.id)).toEqual({ amount: 1.2, highest: 1.2, bidders: 2 });
    // An offer of another lot yields nothing.
    expect(await auctionsService.liveMessages(ctx.db, lot.id + 1, third.id)).toEqual([]);
  });
});
