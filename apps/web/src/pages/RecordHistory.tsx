import type { ReactNode } from 'react';
import { RecordHistorySlotProvider } from '../components/RecordHistorySlot';
import { ActivityTimeline } from '../features/activity/components/ActivityTimeline';

/** Fills the record pages' history slot with the activity feature's timeline (operator pages only). */
export function WithRecordHistory({ children }: { children: ReactNode }) {
  return (
    <RecordHistorySlotProvider render={(p) => <ActivityTimeline entity={p.entity} id={p.id} revision={p.revision} />}>{children}</RecordHistorySlotProvider>
  );
}
