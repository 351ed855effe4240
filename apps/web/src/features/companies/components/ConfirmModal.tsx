import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface Props {
  show: boolean;
  title: string;
  body: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before something is deleted for good. */
export function ConfirmModal({ show, title, body, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal show={show} onHide={onCancel} centered data-testid="confirm-modal">
      <Modal.Header closeButton closeLabel={t('actions.close')}>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {t('actions.delete')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
