import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay, isIsoDay, type Order, type OrderHistoryEntry } from '@primeur/shared';
import { useEuro, useKg } from '../../../lib/format';
import { SectionCard } from '../../../components/SectionCard';

/** Every change of the order, oldest first: when, who, from → to, and the note (a reason, an automatic receipt). */
export function OrderHistory({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.resolvedLanguage;
  const euro = useEuro();
  const kg = useKg();
  /** The coded note in the reader's language (decision 852); older entries have only their English text. */
  const coded = (h: OrderHistoryEntry) => {
    if (!h.noteCode) return null;
    const p = h.noteParams;
    switch (h.noteCode) {
      case 'DELIVERY_CHANGED':
        return [
          typeof p.address === 'string' ? t('history.address', { address: p.address }) : '',
          'requestedDeliveryDate' in p
            ? t('history.requestedDate', {
                date: typeof p.requestedDeliveryDate === 'string' && isIsoDay(p.requestedDeliveryDate) ? formatDay(p.requestedDeliveryDate, lng) : '—',
              })
            : '',
        ]
          .filter(Boolean)
          .join(' · ');
      case 'CLAIM_STEP':
        return t('history.CLAIM_STEP', {
          claim: p.claim,
          step: t(`history.claimStep.${String(p.step)}`),
          credit: typeof p.credit === 'number' ? ` (${euro(p.credit)})` : '',
        });
      case 'WEIGHT_DISPUTED':
        return t('history.WEIGHT_DISPUTED', { received: kg(Number(p.receivedNetKg)), shipped: kg(Number(p.shippedNetKg)), tolerance: p.tolerancePercent });
      case 'COUNTER_OFFER_ACCEPTED':
        return t('history.COUNTER_OFFER_ACCEPTED', { price: typeof p.pricePerKg === 'number' ? euro(p.pricePerKg, { perKg: true }) : '' });
      default:
        return t(`history.${h.noteCode}`, { claim: p.claim });
    }
  };
  return (
    <SectionCard title={t('detail.history')} testId="order-history">
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
            {h.noteCode ? <div className="small">{coded(h)}</div> : null}
            {h.note ? <div className="small text-break fst-italic">{h.note}</div> : null}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
