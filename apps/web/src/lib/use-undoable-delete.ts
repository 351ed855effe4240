import { useCallback, useState } from 'react';
import { useToast } from '../components/Toasts';

/**
 * A small deletion (issue 16): the row hides at once with an undo toast, and is deleted when the toast
 * closes without Undo. Undo, or a refused deletion (`onFailed`), brings the row back. Rows whose id is
 * in `hidden` are left out of the list.
 */
export function useUndoableDelete(remove: (id: number, options: { onError(err: unknown): void }) => void, onFailed: (err: unknown) => void) {
  const toast = useToast();
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
  const deleteWithUndo = (id: number, message: string) => {
    hide(id);
    toast.undoable({
      message,
      commit: () =>
        remove(id, {
          onError: (err) => {
            unhide(id);
            onFailed(err);
          },
        }),
      restore: () => unhide(id),
    });
  };
  return { hidden, deleteWithUndo };
}
