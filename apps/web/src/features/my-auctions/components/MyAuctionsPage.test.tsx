import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyAuction } from '@primeur/shared';
import { auctionLot, germanBuyer, signedIn } from '../../../test/fixtures';
import { withFakeLive } from '../../../test/fake-live';
import { renderPage } from '../../../test/render';
import { MyAuctionsPage } from './MyAuctionsPage';

withFakeLive();

const row = (productId: number, over: Partial<MyAuction> = {}): MyAuction => ({
  product: auctionLot({ productId, name: `Lot ${productId}` }),
  state: 'watching',
  watched: true,
  highest: 1.1,
  bidders: 2,
  myBid: null,
  myMax: null,
  finalAmount: null,
  ...over,
});

function renderMine(rows: MyAuction[]) {
  renderPage(<MyAuctionsPage />, {
    path: '/user/auctions',
    answers: {
      ...signedIn(germanBuyer),
      '/api/users/auction/myAuctions': rows,
      '/api/users/auction/watched': rows.filter((r) => r.watched).map((r) => ({ productId: r.product.productId, since: '', product: r.product })),
    },
  });
}

describe('My auctions', () => {
  it('counts in each tab exactly the rows it shows: watched lots I bid on are under Watching too', async () => {
    renderMine([
      row(1, { state: 'leading', myBid: 1.1 }),
      row(2, { state: 'outbid', myBid: 1.0 }),
      row(3, { state: 'outbid', myBid: 0.9 }),
      row(4, { state: 'outbid', myBid: 0.9, watched: false }),
    ]);
    expect(await screen.findByTestId('tab-count-watching')).toHaveTextContent('3');
    expect(screen.getByTestId('tab-count-bidding')).toHaveTextContent('4');
    expect(within(screen.getByTestId('my-auctions-bidding')).getAllByRole('row')).toHaveLength(1 + 4);
    await userEvent.click(screen.getByRole('tab', { name: /Watching/ }));
    const watching = await screen.findByTestId('my-auctions-watching');
    expect(within(watching).getAllByRole('row')).toHaveLength(1 + 3);
  });

  it('tells a bidder whose lot ended under the reserve "Reserve not met", not "Lost", and the outbid badge is readable (dark on amber)', async () => {
    renderMine([
      row(5, { state: 'reserve_not_met', myBid: 1.2, highest: 1.2, finalAmount: null, watched: false }),
      row(6, { state: 'outbid', myBid: 1, watched: false }),
    ]);
    const outbid = within(await screen.findByTestId('my-auction-6')).getByTestId('my-auction-state');
    expect(outbid).toHaveTextContent('Outbid');
    expect(outbid).toHaveClass('bg-warning', 'text-dark');
    await userEvent.click(screen.getByRole('tab', { name: /Lost/ }));
    expect(within(await screen.findByTestId('my-auction-5')).getByTestId('my-auction-state')).toHaveTextContent('Reserve not met');
  });
});
