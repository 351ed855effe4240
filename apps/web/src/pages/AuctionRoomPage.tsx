import type { ReactNode } from 'react';
import { AuctionLotSlotProvider } from '../components/AuctionLotSlot';
import { AuctionDetailsPage } from '../features/auctions/components/AuctionDetailsPage';
import { AuctionListPage } from '../features/auctions/components/AuctionListPage';
import { WatchButton } from '../features/my-auctions/components/WatchButton';
import { useSession } from '../lib/session';

/**
 * The auctions pages with the watch button of my-auctions (issue 14): the auctions feature draws the
 * slot on its cards and in its room and decides when it shows (a running auction of another
 * company); this page decides what fills it, so the two features stay apart.
 */
function WithWatchButton({ place, children }: { place: 'auction-card' | 'auction-page'; children: ReactNode }) {
  const { user } = useSession();
  const canWatch = user?.category === 'client' || user?.category === 'supplier';
  return (
    <AuctionLotSlotProvider render={(p) => (canWatch && p.place === place ? <WatchButton productId={p.productId} lot={p.lot} /> : null)}>
      {children}
    </AuctionLotSlotProvider>
  );
}

/** /encheres/details/{productId}: the auction room. */
export function AuctionRoomPage() {
  return (
    <WithWatchButton place="auction-page">
      <AuctionDetailsPage />
    </WithWatchButton>
  );
}

/** /encheres: the list of auctions, a watch button on each card. */
export function AuctionsPage() {
  return (
    <WithWatchButton place="auction-card">
      <AuctionListPage />
    </WithWatchButton>
  );
}
