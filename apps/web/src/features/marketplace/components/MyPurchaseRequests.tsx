import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, type MyPurchaseRequest } from '@primeur/shared';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/routes';
import { useAcceptCounter, useDeclineCounter } from '../api/answer-request';
import { useMyPurchaseRequests } from '../api/purchase-requests';
import { RequestPrice, STATUS_BG } from './PurchaseRequestsTable';

/**
 * The buyer's own purchase requests (decision 982): each at the price it kept; a seller's
 * counter-offer waits here for the buyer to accept (an order at the counter price) or decline.
 * Shown on the marketplace above the lots, only when the buyer has requests.
 */
export function MyPurchaseRequests() {
  const { t, i18n } = useTranslation('orders');
  const lng = i18n.resolvedLanguage;
  const list = useMyPurchaseRequests(true);
  const [declining, setDeclining] = useState<MyPurchaseRequest | null>(null);
  if (!list.data?.length) return null;
  const countered = list.data.filter((r) => r.status === 'COUNTERED').length;
  return (
    <section className="mb-4" id="my-requests" data-testid="my-requests">
      <h2 className="h5">{t('requests.mineTitle')}</h2>
      {countered ? (
        <Alert variant="info" className="py-2">
          {t('requests.countersWaiting', { count: countered })}
        </Alert>
      ) : null}
      <Table responsive size="sm" className="align-middle table-cards">
        <thead>
          <tr>
            <th>{t('requests.lot')}</th>
            <th>{t('requests.seller')}</th>
            <th className="text-end">{t('requests.pallets')}</th>
            <th>{t('requests.price')}</th>
            <th>{t('requests.status')}</th>
            <th>
              <span className="visually-hidden">{t('requests.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((r) => (
            <tr key={r.id} data-testid={`my-request-${r.id}`}>
              <td>
                {r.productTitle}
                <div className="small text-body-secondary">{formatDateTime(r.created, lng)}</div>
              </td>
              <td data-label={t('requests.seller')}>{r.seller.companyName}</td>
              <td data-label={t('requests.pallets')} className="text-end">
                {r.pallets}
              </td>
              <td data-label={t('requests.price')}>
                <RequestPrice request={r} />
              </td>
              <td data-label={t('requests.status')}>
                <Badge bg={STATUS_BG[r.status].bg} text={STATUS_BG[r.status].text} data-testid="my-request-status">
                  {t(`requests.states.${r.status}`)}
                </Badge>
                {r.status === 'PENDING' || r.status === 'COUNTERED' ? (
                  <div className="small text-body-secondary">{t('requests.expiresOn', { date: formatDateTime(r.expiresAt, lng) })}</div>
                ) : null}
                {r.declineReason ? <div className="small text-body-secondary text-break">{r.declineReason}</div> : null}
              </td>
              <td className="text-end">
                {r.status === 'COUNTERED' ? <CounterAnswers request={r} onDecline={() => setDeclining(r)} /> : null}
                {r.order ? (
                  <Link to={paths.order(r.order.id)} data-testid="my-request-order">
                    {t('requests.order', { number: r.order.number })}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {declining ? <DeclineCounterModal request={declining} onClose={() => setDeclining(null)} /> : null}
    </section>
  );
}

function CounterAnswers({ request, onDecline }: { request: MyPurchaseRequest; onDecline(): void }) {
  const { t } = useTranslation('orders');
  const accept = useAcceptCounter();
  const toast = useToast();
  const message = useErrorMessage();
  return (
    <div className="d-flex gap-2 justify-content-end flex-wrap">
      <Button
        size="sm"
        variant="success"
        disabled={accept.isPending}
        data-testid="counter-accept"
        onClick={() =>
          accept.mutate(request.id, {
            onSuccess: (order) => toast.show('success', { message: t('requests.accepted', { number: order.number }) }),
            onError: (err) => toast.show('dataModifiedError', { message: message(err, { own: ['orders:errors'] }) }),
          })
        }
      >
        {t('requests.acceptCounter')}
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onDecline} data-testid="counter-decline">
        {t('requests.declineCounter')}
      </Button>
    </div>
  );
}

function DeclineCounterModal({ request, onClose }: { request: MyPurchaseRequest; onClose(): void }) {
  const { t } = useTranslation('orders');
  const decline = useDeclineCounter();
  const toast = useToast();
  const message = useErrorMessage();
  const [reason, setReason] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    decline.mutate(
      { id: request.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.show('success', { message: t('requests.counterDeclined') });
          onClose();
        },
        onError: (err) => setServerError(message(err, { own: ['orders:errors'] })),
      },
    );
  };
  return (
    <Modal show onHide={onClose} centered>
      <Form noValidate onSubmit={submit} data-testid="decline-counter-form">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('requests.declineCounterTitle', { company: request.seller.companyName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
          <Form.Group controlId="decline-counter-reason">
            <Form.Label>
              {t('requests.reason')} <span className="text-body-secondary small">({t('requests.optional')})</span>
            </Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            <Form.Text>{t('requests.sellerReadsReason')}</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending} data-testid="decline-counter-submit">
            {t('requests.declineCounter')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
