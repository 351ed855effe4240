import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeRecall, useMyRecalls } from '../api/recalls';

/**
 * A buyer's recalls still to acknowledge (issue 37 §5), above its orders: the lot, why, its pallets,
 * and one button. A drill says it is one, so nobody throws goods away for an exercise.
 */
export function RecallBanner({ orderId }: { orderId?: number }) {
  const { t } = useTranslation('trace');
  const recalls = useMyRecalls(true);
  const ack = useAcknowledgeRecall();
  const open = (Array.isArray(recalls.data) ? recalls.data : []).filter(
    (r) => r.acknowledgedAt === null && (orderId === undefined || r.orders.some((o) => o.orderId === orderId)),
  );
  if (open.length === 0) return null;
  return (
    <>
      {open.map((r) => (
        <Alert key={r.id} variant={r.exercise ? 'info' : 'danger'} data-testid="recall-banner" role="alert">
          <Alert.Heading as="h2" className="h6">
            {r.exercise ? t('recall.bannerExercise', { lot: r.lotNumber, title: r.lotTitle }) : t('recall.banner', { lot: r.lotNumber, title: r.lotTitle })}
          </Alert.Heading>
          <p className="mb-1">{r.reason}</p>
          <ul className="small mb-2">
            {r.orders.map((o) => (
              <li key={o.orderId}>
                {o.number}: <span className="font-monospace text-break">{o.codes.join(', ') || '—'}</span>
              </li>
            ))}
          </ul>
          <p className="small mb-2">{r.exercise ? t('recall.bannerExerciseAction') : t('recall.bannerAction')}</p>
          <Button variant={r.exercise ? 'info' : 'danger'} size="sm" disabled={ack.isPending} onClick={() => ack.mutate(r.id)}>
            {t('recall.acknowledge')}
          </Button>
        </Alert>
      ))}
    </>
  );
}
