import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';

/** Toasts of spec §8 for the configuration pages, with the server's refusal explained when known. */
export function useNotify() {
  const toast = useToast();
  const errorMessage = useErrorMessage();
  return {
    saved: () => toast.show('dataModifiedSuccess'),
    failed: (err: unknown, kind: 'dataModifiedError' | 'productDeleteError' | 'productAddError' | 'default' = 'dataModifiedError') => {
      toast.show(kind, { detail: errorMessage(err) });
    },
  };
}
