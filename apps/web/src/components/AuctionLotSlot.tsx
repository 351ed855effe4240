import { createContext, useContext, type ReactNode } from 'react';

/**
 * A slot on an auction lot's card or page. The feature that draws the card renders the slot; the
 * router decides what fills it (e.g. the supplier's live figures on /user/products, a watch button
 * on /encheres), so no feature imports another.
 */
export interface AuctionLotSlotProps {
  place: 'seller-card' | 'auction-card' | 'auction-page';
  productId: number;
  /** The lot's name (for accessible labels). */
  lot: string;
}

const SlotContext = createContext<((props: AuctionLotSlotProps) => ReactNode) | null>(null);

export function AuctionLotSlotProvider({ render, children }: { render: (props: AuctionLotSlotProps) => ReactNode; children: ReactNode }) {
  return <SlotContext.Provider value={render}>{children}</SlotContext.Provider>;
}

export function AuctionLotSlot(props: AuctionLotSlotProps) {
  const render = useContext(SlotContext);
  return render ? <>{render(props)}</> : null;
}
