import { useCallback, useState } from 'react';

/** Rows hidden while their deletion waits for its undo toast to close (components/Toasts.tsx `undoable`). */
export function useHiddenIds() {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const hide = useCallback((id: number) => setHidden((s) => new Set(s).add(id)), []);
  const unhide = useCallback(
    (id: number) =>
      setHidden((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    [],
  );
  return { hidden, hide, unhide };
}
