import { createContext, useContext, type ReactNode } from 'react';
import type { ActivityEntity } from '@primeur/shared';

/**
 * A place on a record's page for its history of changes. The page's feature renders the slot; the
 * router decides what fills it (the activity feature's timeline), so no feature imports another.
 */
export interface RecordHistorySlotProps {
  entity: ActivityEntity;
  id: number;
  /** Changes whenever the record does, so the history is read again. */
  revision?: unknown;
}

const SlotContext = createContext<((props: RecordHistorySlotProps) => ReactNode) | null>(null);

export function RecordHistorySlotProvider({ render, children }: { render: (props: RecordHistorySlotProps) => ReactNode; children: ReactNode }) {
  return <SlotContext.Provider value={render}>{children}</SlotContext.Provider>;
}

export function RecordHistorySlot(props: RecordHistorySlotProps) {
  const render = useContext(SlotContext);
  return render ? <>{render(props)}</> : null;
}
