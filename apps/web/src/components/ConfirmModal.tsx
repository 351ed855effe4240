import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface Props {
  show: boolean;
  title: string;
  /** What will be lost, in plain words. */
  body: string;
  busy?: boolean;
  /** The button's verb (Delete, Withdraw, Deactivate…); Delete when not given. */
  confirmLabel?: string;
  /** The confirm button's colour: red for what is lost (the default), another for a change that is not a loss. */
  confirmVariant?: 'danger' | 'primary' | 'warning';
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The one confirmation for destructive actions (issue 16): a title, what will be lost, Cancel first and
 * focused, the red verb second. Small deletions use the undo toast instead (components/Toasts.tsx).
 */
export function ConfirmModal({ show, title, body, busy, confirmLabel, confirmVariant = 'danger', onConfirm, onCancel }: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal show={show} onHide={onCancel} centered data-testid="confirm-modal">
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer className="flex-wrap">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {confirmLabel ?? t('actions.delete')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
