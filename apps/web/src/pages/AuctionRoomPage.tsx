import { AuctionLotSlotProvider } from '../components/AuctionLotSlot';
import { AuctionDetailsPage } from '../features/auctions/components/AuctionDetailsPage';
import { WatchButton } from '../features/my-auctions/components/WatchButton';
import { useSession } from '../lib/session';

/**
 * /encheres/details/{productId}: the auction room, with the same watch button as the /encheres cards
 * for buyers and suppliers (issue 14). The room decides when it shows (a running auction of another
 * company); this page decides what fills it, so the two features stay apart.
 */
export function AuctionRoomPage() {
  const { user } = useSession();
  const canWatch = user?.category === 'client' || user?.category === 'supplier';
  return (
    <AuctionLotSlotProvider render={(p) => (canWatch && p.place === 'auction-page' ? <WatchButton productId={p.productId} lot={p.lot} /> : null)}>
      <AuctionDetailsPage />
    </AuctionLotSlotProvider>
  );
}
