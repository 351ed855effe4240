import { createContext, useContext, type ReactNode } from 'react';
import type { ProductLink } from '@primeur/shared';

/**
 * A slot under each row of a company's product table. The companies feature renders the slot; the
 * router decides what fills it (client variants on /intern/clients), so no feature imports another.
 */
export interface ProductRowSlotProps {
  kind: 'supplier' | 'client';
  ownerId: number;
  link: ProductLink;
  colSpan: number;
}

const SlotContext = createContext<((props: ProductRowSlotProps) => ReactNode) | null>(null);

export function ProductRowSlotProvider({ render, children }: { render: (props: ProductRowSlotProps) => ReactNode; children: ReactNode }) {
  return <SlotContext.Provider value={render}>{children}</SlotContext.Provider>;
}

export function ProductRowSlot(props: ProductRowSlotProps) {
  const render = useContext(SlotContext);
  return render ? <>{render(props)}</> : null;
}
