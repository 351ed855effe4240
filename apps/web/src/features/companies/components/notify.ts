import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';

/** Toasts of spec §8 for the configuration pages, with the server's refusal explained when known. */
export function useNotify() {
  const toast = useToast();
  const { t, i18n } = useTranslation('companies');
  return {
    saved: () => toast.show('dataModifiedSuccess'),
    failed: (err: unknown, kind: 'dataModifiedError' | 'productDeleteError' | 'productAddError' | 'default' = 'dataModifiedError') => {
      const code = err instanceof ApiError ? err.code : undefined;
      const key = `serverErrors.${code}`;
      toast.show(kind, { detail: code && i18n.exists(key, { ns: 'companies' }) ? t(key) : undefined });
    },
  };
}
