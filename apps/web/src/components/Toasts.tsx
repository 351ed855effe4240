import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TOAST_DELAY_MS } from '@primeur/shared';

/** Toast kinds of spec §8; each has a translated default text in common:toasts. */
export type ToastKind =
  | 'default'
  | 'cantFetchData'
  | 'dataModifiedError'
  | 'dataModifiedSuccess'
  | 'productDeleteError'
  | 'noGivenSupplier'
  | 'productAddError'
  | 'auctionBidError'
  | 'success';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message?: string;
  detail?: string;
}

interface ToastApi {
  show(kind: ToastKind, options?: { message?: string; detail?: string }): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToast outside ToastProvider');
  return t;
}

const SUCCESS_KINDS = new Set<ToastKind>(['dataModifiedSuccess', 'success']);
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [items, setItems] = useState<ToastItem[]>([]);
  const remove = useCallback((id: number) => setItems((list) => list.filter((i) => i.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(kind, options) {
        setItems((list) => [...list.slice(-4), { id: nextId++, kind, ...options }]);
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 1080 }}>
        {items.map((item) => {
          const success = SUCCESS_KINDS.has(item.kind);
          return (
            <Toast
              key={item.id}
              bg={success ? 'success' : 'danger'}
              autohide
              delay={TOAST_DELAY_MS}
              onClose={() => remove(item.id)}
              role={success ? 'status' : 'alert'}
              data-testid={`toast-${item.kind}`}
            >
              <Toast.Header closeLabel={t('actions.close')}>
                <strong className="me-auto">{success ? t('toasts.successTitle') : t('toasts.errorTitle')}</strong>
              </Toast.Header>
              <Toast.Body className="text-white">
                {item.message ?? t(`toasts.${item.kind}`)}
                {item.detail ? <div className="small mt-1 opacity-75">{item.detail}</div> : null}
              </Toast.Body>
            </Toast>
          );
        })}
      </ToastContainer>
    </ToastContext.Provider>
  );
}
