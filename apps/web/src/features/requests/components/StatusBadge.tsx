import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { EmailStatus } from '@primeur/shared';

const COLOURS: Record<EmailStatus, string> = { sent: 'success', outbox: 'info', pending: 'secondary', failed: 'danger' };

export function StatusBadge({ status }: { status: EmailStatus }) {
  const { t } = useTranslation('requests');
  return (
    <Badge bg={COLOURS[status]} text={COLOURS[status] === 'info' ? 'dark' : undefined} data-testid="email-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
