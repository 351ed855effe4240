import { useState } from 'react';
import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Order } from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { cmrUrl, deliveryNoteUrl, useClaims } from '../api/claims';
import { ClaimForm } from './ClaimForm';
import { ClaimThread } from './ClaimThread';
import { SectionCard } from '../../../components/SectionCard';

/**
 * The order page's after-sale part (issue 22), mounted under the next step: the transport documents,
 * the differences noted at receipt, the claims with their photos and steps, and the buyer's claim form.
 * Live with the order page: claim queries sit under the orders' query root.
 */
export function OrderClaims({ order }: { order: Order }) {
  return (
    <>
      <ShippingDocuments order={order} />
      {order.receipt?.differences ? <ReceiptDifferences text={order.receipt.differences} /> : null}
      {order.status === 'DELIVERED' || order.status === 'CLOSED' || (order.status === 'CANCELLED' && order.receipt) ? <Claims order={order} /> : null}
    </>
  );
}

function ShippingDocuments({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation('claims');
  const lng = i18n.resolvedLanguage ?? 'en';
  if (o.status === 'CANCELLED' && !o.shipment) return null;
  const draft = o.status === 'CONFIRMED';
  return (
    <Card className="shadow-sm mb-4" data-testid="shipping-documents">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-2">
          {t('documents.title')}{' '}
          {draft ? (
            <Badge bg="light" text="dark" className="border">
              {t('documents.draft')}
            </Badge>
          ) : null}
        </Card.Title>
        {draft ? <p className="small text-body-secondary mb-2">{t('documents.draftHint')}</p> : null}
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-outline-secondary btn-sm" href={cmrUrl(o.id, lng)} target="_blank" rel="noreferrer" data-testid="cmr-link">
            {t('documents.cmr')}
          </a>
          <a className="btn btn-outline-secondary btn-sm" href={deliveryNoteUrl(o.id, lng)} target="_blank" rel="noreferrer" data-testid="delivery-note-link">
            {t('documents.deliveryNote')}
          </a>
        </div>
      </Card.Body>
    </Card>
  );
}

function ReceiptDifferences({ text }: { text: string }) {
  const { t } = useTranslation('claims');
  return (
    <Alert variant="warning" data-testid="receipt-differences">
      <strong>{t('receipt.differences')}</strong> <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
    </Alert>
  );
}

function Claims({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('claims');
  const claims = useClaims(order.id);
  const [filing, setFiling] = useState(false);
  const data = claims.data;
  return (
    <SectionCard title={t('title')} testId="order-claims">
      {!data ? (
        claims.isError ? (
          <LoadFailed message={t('loadError')} onRetry={() => void claims.refetch()} busy={claims.isFetching} />
        ) : (
          <Spinner size="sm" role="status" aria-label={t('loading')} />
        )
      ) : (
        <>
          {data.items.map((c) => (
            <ClaimThread key={c.id} claim={c} />
          ))}
          {data.canFile && !filing ? (
            <div data-testid="claim-open">
              {data.windowEndsAt ? <p className="small mb-2">{t('windowUntil', { date: formatDateTime(data.windowEndsAt, i18n.resolvedLanguage) })}</p> : null}
              <Button variant="warning" onClick={() => setFiling(true)} data-testid="claim-start">
                {t('start')}
              </Button>
            </div>
          ) : null}
          {data.canFile && filing ? <ClaimForm order={order} onDone={() => setFiling(false)} /> : null}
          {data.items.length === 0 && !data.canFile ? (
            <p className="small text-body-secondary mb-0" data-testid="claims-none">
              {order.viewerSide === 'buyer' && order.status === 'DELIVERED' ? t('windowClosed') : t('none')}
            </p>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
