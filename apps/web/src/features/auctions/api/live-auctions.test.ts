import { describe, expect, it } from 'vitest';
import type { AuctionItem } from '@primeur/shared';
import { auctionLot } from '../../../test/fixtures';
import { applySummary } from './live-auctions';

const HOUR = 3_600_000;
const item = (productId: number, amount: number | null, endsInMs: number): AuctionItem => ({
  amount,
  product: auctionLot({ productId, name: `Lot ${productId}`, created: new Date().toISOString(), endsAt: new Date(Date.now() + endsInMs).toISOString() }),
});

describe('applySummary', () => {
  it('raises the card of the lot, pushes its end later, and never lowers it', () => {
    const list = [item(1, 1, HOUR), item(2, null, HOUR)];
    const later = new Date(Date.now() + 2 * HOUR).toISOString();
    const next = applySummary(list, { productId: 2, offerId: 5, highest: 1.2, endsAt: later })!;
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ amount: 1.2, product: { endsAt: later } });
    expect(applySummary(next, { productId: 2, offerId: 4, highest: 1.1 })).toBe(next);
  });

  it('leaves the list as is for a lot it does not show', () => {
    const list = [item(1, 1, HOUR)];
    expect(applySummary(list, { productId: 9, offerId: 1, date: '', highest: 3 })).toBe(list);
  });
});
