import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { counterOfferInput, declinePurchaseRequestInput, formatDateTime, type PurchaseRequest, type PurchaseRequestStatus } from '@primeur/shared';
import { DecimalField } from '../../../components/DecimalField';
import { useEuro } from '../../../lib/format';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { useAcceptRequest, useCounterRequest, useDeclineRequest } from '../api/answer-request';
import { paths } from '../../../lib/routes';

export const STATUS_BG: Record<PurchaseRequestStatus, { bg: string; text?: 'dark' }> = {
  PENDING: { bg: 'warning', text: 'dark' },
  COUNTERED: { bg: 'info', text: 'dark' },
  ACCEPTED: { bg: 'success' },
  DECLINED: { bg: 'secondary' },
  COUNTER_DECLINED: { bg: 'secondary' },
  EXPIRED: { bg: 'light', text: 'dark' },
};

/** The request's price, and the counter-offer beside it when there is one (decision 982). */
export function RequestPrice({ request: r }: { request: Pick<PurchaseRequest, 'pricePerKg' | 'counter'> }) {
  const { t } = useTranslation('orders');
  const euro = useEuro();
  return (
    <div>
      <span data-testid="request-price">{r.pricePerKg === null ? '–' : euro(r.pricePerKg, { perKg: true })}</span>
      {r.counter ? (
        <div className="small" data-testid="request-counter">
          {t('requests.counterPrice', { price: euro(r.counter.pricePerKg, { perKg: true }) })}
          {r.counter.note ? <div className="text-body-secondary text-break">{r.counter.note}</div> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The purchase requests a supplier received (issue 21): a waiting one is accepted (it becomes an order
 * and its pallets leave the lot) or declined with a reason the buyer reads; an answered one links to
 * its order. A table on a desk, one card per request on a phone.
 */
export function PurchaseRequestsTable({ requests }: { requests: PurchaseRequest[] }) {
  const { t, i18n } = useTranslation('marketplace');
  const lng = i18n.resolvedLanguage;
  const [declining, setDeclining] = useState<PurchaseRequest | null>(null);
  const [countering, setCountering] = useState<PurchaseRequest | null>(null);
  return (
    <>
      <Table responsive size="sm" className="align-middle table-cards" data-testid="requests-table">
        <thead>
          <tr>
            <th>{t('mine.requestCols.product')}</th>
            <th>{t('mine.requestCols.date')}</th>
            <th>{t('mine.requestCols.buyer')}</th>
            <th className="text-end">{t('mine.requestCols.pallets')}</th>
            <th>{t('orders:requests.price')}</th>
            <th>{t('mine.requestCols.message')}</th>
            <th>{t('orders:requests.status')}</th>
            <th>
              <span className="visually-hidden">{t('orders:requests.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <tr key={r.id} data-testid={`request-${r.id}`}>
              <td>{r.productTitle}</td>
              <td data-label={t('mine.requestCols.date')}>{formatDateTime(r.created, lng)}</td>
              <td data-label={t('mine.requestCols.buyer')}>
                <div>
                  {r.buyer.companyName}
                  <div className="small">
                    <a href={`mailto:${r.buyer.email}`}>{r.buyer.email}</a>
                  </div>
                </div>
              </td>
              <td data-label={t('mine.requestCols.pallets')} className="text-end">
                <div>
                  {r.pallets}
                  {r.status === 'PENDING' ? (
                    <div className={`small ${r.available < r.pallets ? 'text-danger' : 'text-body-secondary'}`}>
                      {t('orders:requests.available', { count: r.available })}
                    </div>
                  ) : null}
                </div>
              </td>
              <td data-label={t('orders:requests.price')}>
                <RequestPrice request={r} />
              </td>
              <td data-label={t('mine.requestCols.message')} className="text-break">
                {r.message}
              </td>
              <td data-label={t('orders:requests.status')}>
                <div>
                  <Badge bg={STATUS_BG[r.status].bg} text={STATUS_BG[r.status].text} data-testid="request-status">
                    {t(`orders:requests.states.${r.status}`)}
                  </Badge>
                  {r.status === 'PENDING' ? (
                    <div className="small text-body-secondary">{t('orders:requests.expires', { date: formatDateTime(r.expiresAt, lng) })}</div>
                  ) : null}
                  {r.status === 'COUNTERED' ? (
                    <div className="small text-body-secondary">{t('orders:requests.buyerAnswers', { date: formatDateTime(r.expiresAt, lng) })}</div>
                  ) : null}
                  {r.declineReason ? <div className="small text-body-secondary text-break">{r.declineReason}</div> : null}
                </div>
              </td>
              <td className="text-end">
                {r.status === 'PENDING' ? <RequestAnswers request={r} onDecline={() => setDeclining(r)} onCounter={() => setCountering(r)} /> : null}
                {r.order ? (
                  <Link to={paths.order(r.order.id)} data-testid="request-order">
                    {t('orders:requests.order', { number: r.order.number })}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {declining ? <DeclineModal request={declining} onClose={() => setDeclining(null)} /> : null}
      {countering ? <CounterModal request={countering} onClose={() => setCountering(null)} /> : null}
    </>
  );
}

function RequestAnswers({ request, onDecline, onCounter }: { request: PurchaseRequest; onDecline(): void; onCounter(): void }) {
  const { t } = useTranslation('orders');
  const accept = useAcceptRequest();
  const toast = useToast();
  const message = useErrorMessage();
  return (
    <div className="d-flex gap-2 justify-content-end flex-wrap">
      <Button
        size="sm"
        variant="success"
        disabled={accept.isPending}
        data-testid="request-accept"
        onClick={() =>
          accept.mutate(request.id, {
            onSuccess: (order) => toast.show('success', { message: t('requests.accepted', { number: order.number }) }),
            onError: (err) => toast.show('dataModifiedError', { message: message(err, { own: ['orders:errors'] }) }),
          })
        }
      >
        {t('requests.accept')}
      </Button>
      <Button size="sm" variant="outline-primary" onClick={onCounter} data-testid="request-counter-open">
        {t('requests.counter')}
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onDecline} data-testid="request-decline">
        {t('requests.decline')}
      </Button>
    </div>
  );
}

function DeclineModal({ request, onClose }: { request: PurchaseRequest; onClose(): void }) {
  const { t } = useTranslation('orders');
  const decline = useDeclineRequest();
  const toast = useToast();
  const message = useErrorMessage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = declinePurchaseRequestInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'invalid');
    setError(null);
    decline.mutate(
      { id: request.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.show('success', { message: t('requests.declined') });
          onClose();
        },
        onError: (err) => setServerError(message(err, { own: ['orders:errors'] })),
      },
    );
  };
  return (
    <Modal show onHide={onClose} centered>
      <Form noValidate onSubmit={submit} data-testid="decline-form">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('requests.declineTitle', { company: request.buyer.companyName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
          <Form.Group controlId="decline-reason">
            <Form.Label>{t('requests.reason')}</Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={500} value={reason} isInvalid={!!error} onChange={(e) => setReason(e.target.value)} />
            <Form.Text>{t('requests.reasonHint')}</Form.Text>
            <Form.Control.Feedback type="invalid">{error ? t(`form.${error}`, { defaultValue: t('form.invalid') }) : null}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending} data-testid="decline-submit">
            {t('requests.decline')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The seller names another €/kg (and may say why); the buyer accepts or declines it (decision 982). */
function CounterModal({ request, onClose }: { request: PurchaseRequest; onClose(): void }) {
  const { t } = useTranslation('orders');
  const euro = useEuro();
  const counter = useCounterRequest();
  const toast = useToast();
  const message = useErrorMessage();
  const [price, setPrice] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = counterOfferInput.safeParse({ pricePerKg: price ?? Number.NaN, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'invalid');
    // The same price as requested is an acceptance, not a counter-offer (the server refuses it too).
    if (request.pricePerKg !== null && Math.round(parsed.data.pricePerKg * 100) === Math.round(request.pricePerKg * 100)) return setError('sameAsRequested');
    setError(null);
    counter.mutate(
      { id: request.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.show('success', { message: t('requests.countered') });
          onClose();
        },
        onError: (err) => setServerError(message(err, { own: ['orders:errors'] })),
      },
    );
  };
  return (
    <Modal show onHide={onClose} centered>
      <Form noValidate onSubmit={submit} data-testid="counter-form">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('requests.counterTitle', { company: request.buyer.companyName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
          {request.pricePerKg !== null ? <p className="mb-3">{t('requests.requestedAt', { price: euro(request.pricePerKg, { perKg: true }) })}</p> : null}
          <Form.Group className="mb-3" controlId="counter-price">
            <Form.Label>{t('requests.counterPriceLabel')}</Form.Label>
            <DecimalField id="counter-price" maxDecimals={2} feedback={false} value={price} isInvalid={!!error} onChange={(v) => setPrice(v)} />
            <Form.Control.Feedback type="invalid" className={error ? 'd-block' : undefined}>
              {error ? t(`form.${error}`, { defaultValue: t('form.invalid') }) : null}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="counter-note">
            <Form.Label>
              {t('requests.counterNote')} <span className="text-body-secondary small">({t('requests.optional')})</span>
            </Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            <Form.Text>{t('requests.counterHint')}</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button type="submit" disabled={counter.isPending} data-testid="counter-submit">
            {t('requests.counterSend')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
