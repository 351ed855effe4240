import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@primeur/shared';

const BG: Record<OrderStatus, { bg: string; text?: 'dark' }> = {
  CONFIRMED: { bg: 'primary' },
  SHIPPED: { bg: 'info', text: 'dark' },
  DELIVERED: { bg: 'success' },
  CLOSED: { bg: 'secondary' },
  CANCELLED: { bg: 'danger' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Badge bg={BG[status].bg} text={BG[status].text} data-testid="order-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
