import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { AUCTION_DURATION_MS, SOFT_CLOSE_WINDOW_MS, type OfferMessage } from '@primeur/shared';
import { createAuction, createOffer } from '../../db/factories/listings.js';
import * as repo from './auctions.repository.js';
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

  it('say when soft close moved the end, by how much, and the original end (to show "extended by 2 min")', async () => {
    const seller = await signedIn(ctx, { category: 'supplier' });
    const a = await signedIn(ctx, { category: 'client' });
    const b = await signedIn(ctx, { category: 'client' });
    const start = new Date(Date.now() - AUCTION_DURATION_MS + 60_000);
    const lot = await createAuction(ctx.db, {
      supplierId: seller.user.id,
      price: 1,
      auctionStartDate: start,
      endsAt: new Date(start.getTime() + AUCTION_DURATION_MS),
    });
    const message = async (offerId: number) => JSON.parse((await auctionsService.liveMessages(ctx.db, lot.id, offerId))[0]!.payload) as OfferMessage;
    const original = new Date(start.getTime() + AUCTION_DURATION_MS).toISOString();

    // A bid one minute before the end moves it to the bid + 2 min: by one minute.
    const [first] = await repo.placeBid(ctx.db, lot.id, a.user.id, '1.00', '3.00', null);
    const moved = first!.endsAt!.getTime() - Date.parse(original);
    expect(moved).toBe(first!.at!.getTime() + SOFT_CLOSE_WINDOW_MS - Date.parse(original));
    const m1 = await message(Number(first!.offerId));
    expect(m1).toMatchObject({ originalEndsAt: original, endsAt: first!.endsAt!.toISOString(), extendedByMs: moved });
    expect(m1.extendedByMs).toBeGreaterThan(55_000);

    // A bid answered by a maximum: both offers carry the extension of the bid that made them.
    const rows = await repo.placeBid(ctx.db, lot.id, b.user.id, '1.50', null, null);
    expect(rows).toHaveLength(2);
    const step = rows[0]!.endsAt!.getTime() - first!.endsAt!.getTime();
    for (const r of rows) expect((await message(Number(r.offerId))).extendedByMs).toBe(step);
    expect(step).toBe(rows[0]!.at!.getTime() - first!.at!.getTime());
  });
});
