import { AuctionLotSlotProvider } from '../components/AuctionLotSlot';
import { MyProductsPage } from '../features/marketplace/components/MyProductsPage';
import { SellerLotFigures, SellerLotsLive } from '../features/my-auctions/components/SellerLotFigures';

/** /user/products: the supplier's lots, each auction lot with its live figures (issue 14). */
export function SupplierProductsPage() {
  return (
    <SellerLotsLive>
      <AuctionLotSlotProvider render={(p) => (p.place === 'seller-card' ? <SellerLotFigures productId={p.productId} /> : null)}>
        <MyProductsPage />
      </AuctionLotSlotProvider>
    </SellerLotsLive>
  );
}
