import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { RetryIcon } from './icons';

/** "Could not be loaded" with a Retry button (issue 16): the one way every list says it failed. */
export function LoadFailed({ onRetry, message, busy }: { onRetry(): void; message?: string; busy?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2" data-testid="load-failed">
      <span className="flex-grow-1">{message ?? t('loadFailed')}</span>
      <Button size="sm" variant="outline-danger" onClick={onRetry} disabled={busy}>
        <RetryIcon aria-hidden="true" className="me-1" />
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
