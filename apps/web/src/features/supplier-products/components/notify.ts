import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';

/** Spec §8 toasts for price-list edits, with the server's reason when it gave one we translate. */
export function useNotify() {
  const toast = useToast();
  const { t, i18n } = useTranslation('supplier-products');
  const reason = (err: unknown) => {
    if (!(err instanceof ApiError)) return undefined;
    const key = `reasons.${err.body?.details?.[0]?.message ?? err.code}`;
    return i18n.exists(key, { ns: 'supplier-products' }) ? t(key) : undefined;
  };
  return {
    saved: () => toast.show('dataModifiedSuccess'),
    failed: (err: unknown) => toast.show('dataModifiedError', { detail: reason(err) }),
    deleteFailed: (err: unknown) => toast.show('productDeleteError', { detail: reason(err) }),
    loadFailed: () => toast.show('cantFetchData'),
  };
}
