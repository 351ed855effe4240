import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';

/** Spec §8 toasts for price-list edits, with the server's reason when it gave one we translate. */
export function useNotify() {
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const reason = (err: unknown) => errorMessage(err, { details: 'supplier-products:reasons' });
  return {
    saved: () => toast.show('dataModifiedSuccess'),
    failed: (err: unknown) => toast.show('dataModifiedError', { detail: reason(err) }),
    deleteFailed: (err: unknown) => toast.show('productDeleteError', { detail: reason(err) }),
    loadFailed: () => toast.show('cantFetchData'),
  };
}
