import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button, Toast, ToastContainer } from 'react-bootstrap';
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
  | 'success'
  | 'deleted';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message?: string;
  detail?: string;
  /** Shown again with the same text: the timer restarts instead of a second toast stacking up. */
  stamp: number;
  undo?: () => void;
  /** A change already made that Undo reverses (bulk actions): the toast still closes by itself. */
  revert?: () => void;
}

interface ToastApi {
  show(kind: ToastKind, options?: { message?: string; detail?: string }): void;
  /**
   * A small deletion that is only carried out when its toast closes without Undo (issue 16): `commit`
   * runs after the toast's delay, `restore` when the user clicks Undo.
   */
  undoable(options: { message: string; commit: () => void; restore?: () => void }): void;
  /**
   * A change that is already made and can be reversed (decision 880): the toast offers Undo for the
   * undo delay, `revert` runs when the user clicks it.
   */
  reversible(kind: ToastKind, options: { message: string; detail?: string; revert: () => void }): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const t = useContext(ToastContext);
  if (!t) throw new Error('useToast outside ToastProvider');
  return t;
}

const SUCCESS_KINDS = new Set<ToastKind>(['dataModifiedSuccess', 'success', 'deleted']);
/** An undo toast stays a little longer than the spec's 3 s so the button can be reached. */
const UNDO_DELAY_MS = TOAST_DELAY_MS * 2;
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [items, setItems] = useState<ToastItem[]>([]);
  const remove = useCallback((id: number) => setItems((list) => list.filter((i) => i.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(kind, options) {
        setItems((list) => {
          const same = list.find((i) => !i.undo && i.kind === kind && i.message === options?.message && i.detail === options?.detail);
          if (same) return list.map((i) => (i === same ? { ...i, stamp: Date.now() } : i));
          return [...list.slice(-2), { id: nextId++, kind, stamp: Date.now(), ...options }];
        });
      },
      undoable({ message, commit, restore }) {
        const id = nextId++;
        let settled = false;
        const timer = window.setTimeout(() => {
          if (settled) return;
          settled = true;
          commit();
          remove(id);
        }, UNDO_DELAY_MS);
        const undo = () => {
          if (settled) return;
          settled = true;
          window.clearTimeout(timer);
          restore?.();
          remove(id);
        };
        setItems((list) => [...list.slice(-2), { id, kind: 'deleted', message, stamp: Date.now(), undo }]);
      },
      reversible(kind, { message, detail, revert }) {
        setItems((list) => [...list.slice(-2), { id: nextId++, kind, message, detail, stamp: Date.now(), revert }]);
      },
    }),
    [remove],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed toast-stack" style={{ zIndex: 1080 }}>
        {items.map((item) => {
          const success = SUCCESS_KINDS.has(item.kind);
          return (
            <Toast
              key={`${item.id}-${item.stamp}`}
              bg={success ? 'success' : 'danger'}
              // An undo toast closes through its own timer, which is what commits the deletion.
              autohide={!item.undo}
              delay={item.revert ? UNDO_DELAY_MS : TOAST_DELAY_MS}
              onClose={() => remove(item.id)}
              role={success ? 'status' : 'alert'}
              data-testid={`toast-${item.kind}`}
            >
              <Toast.Header closeButton={!item.undo} closeLabel={t('actions.close')}>
                <strong className="me-auto">{item.undo ? t('toasts.undoneTitle') : success ? t('toasts.successTitle') : t('toasts.errorTitle')}</strong>
              </Toast.Header>
              <Toast.Body className="text-white d-flex align-items-center gap-2 flex-wrap">
                <span className="flex-grow-1">
                  {item.message ?? t(`toasts.${item.kind}`)}
                  {item.detail ? <span className="d-block small mt-1 opacity-75">{item.detail}</span> : null}
                </span>
                {item.undo || item.revert ? (
                  <Button
                    size="sm"
                    variant="light"
                    onClick={
                      item.undo ??
                      (() => {
                        remove(item.id);
                        item.revert?.();
                      })
                    }
                    data-testid="toast-undo"
                  >
                    {t('actions.undo')}
                  </Button>
                ) : null}
              </Toast.Body>
            </Toast>
          );
        })}
      </ToastContainer>
    </ToastContext.Provider>
  );
}
