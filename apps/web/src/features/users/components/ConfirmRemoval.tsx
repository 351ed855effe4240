import { ConfirmModal } from '../../../components/ConfirmModal';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';

interface Removal {
  mutate(id: number, handlers: { onSuccess(): void; onError(err: unknown): void }): void;
  isPending: boolean;
}

/**
 * The confirmation before removing one of the company's integrations (revoking an API token, deleting a
 * webhook endpoint): on confirm the removal runs, the dialog closes either way and the outcome is toasted.
 */
export function ConfirmRemoval<T extends { id: number }>(p: {
  item: T | null;
  title: string;
  body: string;
  confirmLabel: string;
  doneText: string;
  removal: Removal;
  onClose(): void;
}) {
  const toast = useToast();
  const message = useErrorMessage();
  return (
    <ConfirmModal
      show={p.item !== null}
      title={p.title}
      body={p.body}
      confirmLabel={p.confirmLabel}
      busy={p.removal.isPending}
      onCancel={p.onClose}
      onConfirm={() =>
        p.item &&
        p.removal.mutate(p.item.id, {
          onSuccess: () => {
            p.onClose();
            toast.show('success', { message: p.doneText });
          },
          onError: (err) => {
            p.onClose();
            toast.show('dataModifiedError', { message: message(err) });
          },
        })
      }
    />
  );
}
