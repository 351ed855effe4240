import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Order } from '@primeur/shared';

/** Every change of the order, oldest first: when, who, from → to, and the note (a reason, an automatic receipt). */
export function OrderHistory({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.resolvedLanguage;
  return (
    <Card className="shadow-sm mb-4" data-testid="order-history">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          {t('detail.history')}
        </Card.Title>
        <ol className="timeline list-unstyled mb-0">
          {order.history.map((h, i) => (
            <li key={`${h.at}-${i}`} className="timeline-item pb-3" data-testid="history-entry" data-to={h.to}>
              <div className="small text-body-secondary">{formatDateTime(h.at, lng)}</div>
              <div className="fw-semibold">
                {h.from ? t('detail.historyEntry', { from: t(`status.${h.from}`), to: t(`status.${h.to}`) }) : t('detail.created', { to: t(`status.${h.to}`) })}
              </div>
              <div className="small">
                {t(`detail.by.${h.actor}`)}
                {h.companyName ? ` · ${h.companyName}` : ''}
              </div>
              {h.note ? <div className="small text-break fst-italic">{h.note}</div> : null}
            </li>
          ))}
        </ol>
      </Card.Body>
    </Card>
  );
}
