import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '@primeur/shared';

const BG: Record<InvoiceStatus, { bg: string; text?: 'dark' }> = {
  NEEDS_DATA: { bg: 'warning', text: 'dark' },
  NEEDS_ATTENTION: { bg: 'danger' },
  UNPAID: { bg: 'primary' },
  PARTLY_PAID: { bg: 'info', text: 'dark' },
  OVERDUE: { bg: 'danger' },
  PAID: { bg: 'success' },
  APPLIED: { bg: 'secondary' },
  REFUND_DUE: { bg: 'warning', text: 'dark' },
  REFUNDED: { bg: 'success' },
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge bg={BG[status].bg} text={BG[status].text} data-testid="invoice-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * Why an invoice waits, in words: each known reason translated, an unknown one shown by its code. A
 * row that needs attention (decision 971) holds its reason code in `needs` too.
 */
export function useNeedsText() {
  const { t, i18n } = useTranslation('invoices');
  return (needs: string[], status: 'NEEDS_DATA' | 'NEEDS_ATTENTION' = 'NEEDS_DATA') => {
    const group = status === 'NEEDS_ATTENTION' ? 'attention' : 'need';
    return needs.map((code) => (i18n.exists(`invoices:${group}.${code}`) ? t(`${group}.${code}`) : t('need.other', { code }))).join(', ');
  };
}
