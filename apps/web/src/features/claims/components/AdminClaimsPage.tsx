import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLAIM_REASONS, CLAIM_STATUSES, type AdminClaimItem } from '@primeur/shared';
import { DecimalField } from '../../../components/DecimalField';
import { ListFilters, optionsOf } from '../../../components/ListControls';
import { PagedList, pagedTexts } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { useEuro } from '../../../lib/format';
import { oneOf, useListPage } from '../../../lib/list-params';
import { useAdminClaims, useClaimStep } from '../api/claims';
import { ClaimStatusBadge } from './ClaimThread';
import { paths } from '../../../lib/routes';

const FILTERS = ['status', 'reason', 'q'] as const;

/** How long a claim has waited, in hours then days: the queue's urgency at a glance. */
function useAge() {
  const { t } = useTranslation('claims');
  return (iso: string) => {
    const hours = Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000));
    return hours < 48 ? t('admin.ageHours', { count: hours }) : t('admin.ageDays', { count: Math.floor(hours / 24) });
  };
}

/**
 * /admin/claims: the operator's queue. Without a status filter it shows the claims still open,
 * escalated ones first then the oldest; each open claim can be decided here (credit, 0 allowed, and a
 * note), or opened on its order with the photos and the whole thread.
 */
export function AdminClaimsPage() {
  const { t } = useTranslation('claims');
  const params = useListPage(FILTERS);
  const { filters } = params;
  const status = filters.status === 'any' ? '' : (oneOf(CLAIM_STATUSES, filters.status) ?? 'open');
  const reason = oneOf(CLAIM_REASONS, filters.reason) ?? '';
  const list = useAdminClaims({ status, reason, q: filters.q, page: params.page });
  const statuses = [...optionsOf(CLAIM_STATUSES, t, 'status'), ['any', t('admin.anyStatus')] as const];
  return (
    <section>
      <PageTitle>{t('admin.title')}</PageTitle>
      <ListFilters
        idPrefix="admin-claims"
        params={params}
        search={[t('admin.search'), t('admin.searchPlaceholder')]}
        selects={[
          {
            name: 'status',
            label: t('admin.status'),
            all: t('admin.openOnes'),
            options: statuses,
            value: status === 'open' ? '' : filters.status,
            cols: '12 6 3 3',
          },
          {
            name: 'reason',
            label: t('admin.reason'),
            all: t('admin.anyReason'),
            options: optionsOf(CLAIM_REASONS, t, 'reasons'),
            value: reason,
            cols: '12 6 3 3',
          },
        ]}
      />
      <PagedList list={list} params={params} testId="admin-claims" texts={pagedTexts(t, 'admin')} empty={t('admin.empty')} itemsTestId="admin-claims">
        {(items) => items.map((c) => <QueueItem key={c.id} claim={c} />)}
      </PagedList>
    </section>
  );
}

function QueueItem({ claim: c }: { claim: AdminClaimItem }) {
  const { t } = useTranslation('claims');
  const euro = useEuro();
  const age = useAge();
  const [deciding, setDeciding] = useState(false);
  return (
    <Card className="mb-2 shadow-sm" data-testid="admin-claim" data-claim-id={c.id} data-status={c.status}>
      <Card.Body className="py-2">
        <Row className="g-2 align-items-center">
          <Col xs={12} md={4}>
            <Link to={paths.adminOrder(c.orderId)} className="fw-semibold">
              {c.orderNumber}
            </Link>{' '}
            <ClaimStatusBadge status={c.status} />
            <div className="small text-body-secondary text-truncate">{c.lotTitle}</div>
            <div className="small">
              {c.buyerCompany} ← {c.sellerCompany}
            </div>
          </Col>
          <Col xs={12} md={3} className="small">
            {c.reasons.map((r) => t(`reasons.${r}`)).join(', ')}
          </Col>
          <Col xs={7} md={3} className="small">
            <div>{t('admin.asked', { amount: euro(c.creditAsked) })}</div>
            {c.creditProposed !== null ? <div>{t('admin.proposed', { amount: euro(c.creditProposed) })}</div> : null}
            {c.credit !== null ? <div className="fw-semibold">{t('admin.settled', { amount: euro(c.credit) })}</div> : null}
          </Col>
          <Col xs={5} md={2} className="small text-end">
            <div data-testid="admin-claim-age">{age(c.createdAt)}</div>
            {c.status !== 'SETTLED' ? (
              <Button
                size="sm"
                variant={c.status === 'ESCALATED' ? 'primary' : 'outline-primary'}
                className="mt-1"
                onClick={() => setDeciding(!deciding)}
                aria-expanded={deciding}
                data-testid="admin-claim-decide"
              >
                {t('actions.decide')}
              </Button>
            ) : null}
          </Col>
        </Row>
        {deciding ? <DecideForm claim={c} onDone={() => setDeciding(false)} /> : null}
      </Card.Body>
    </Card>
  );
}

/** The operator's decision: a credit from 0 to the order amount, and a note both parties read. */
function DecideForm({ claim: c, onDone }: { claim: AdminClaimItem; onDone: () => void }) {
  const { t } = useTranslation('claims');
  const euro = useEuro();
  const toast = useToast();
  const errorText = useErrorMessage();
  const step = useClaimStep(c.orderId);
  const [credit, setCredit] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const creditProblem =
    credit === null || credit < 0
      ? t('actions.needCredit')
      : c.orderAmount !== null && credit > c.orderAmount
        ? t('actions.creditAboveAmount', { amount: euro(c.orderAmount) })
        : null;
  const noteProblem = note.trim().length < 3 ? t('actions.needNote') : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (creditProblem || noteProblem) return;
    setServerError(null);
    step.mutate(
      { claimId: c.id, step: 'decide', body: { credit: credit!, note: note.trim() } },
      {
        onSuccess: () => {
          toast.show('success', { message: t('actions.done.decide') });
          onDone();
        },
        onError: (err) => setServerError(errorText(err)),
      },
    );
  };
  return (
    <Form noValidate onSubmit={submit} className="border-top mt-2 pt-2" data-testid="decide-form">
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <Row className="g-2 align-items-start">
        <Col xs={12} sm={4}>
          <Form.Label htmlFor={`decide-${c.id}-credit`} className="small mb-1">
            {t('actions.credit')}
          </Form.Label>
          <DecimalField
            id={`decide-${c.id}-credit`}
            value={credit}
            min={0}
            maxDecimals={2}
            onChange={(v) => setCredit(v)}
            isInvalid={tried && !!creditProblem}
            data-testid="decide-credit"
          />
          {tried && creditProblem ? <div className="invalid-feedback d-block">{creditProblem}</div> : null}
        </Col>
        <Col xs={12} sm={8}>
          <Form.Label htmlFor={`decide-${c.id}-note`} className="small mb-1">
            {t('actions.note')}
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            id={`decide-${c.id}-note`}
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
            isInvalid={tried && !!noteProblem}
            data-testid="decide-note"
          />
          {tried && noteProblem ? <div className="invalid-feedback d-block">{noteProblem}</div> : null}
        </Col>
        <Col xs={12}>
          <Button type="submit" size="sm" disabled={step.isPending} data-testid="decide-submit">
            {t('actions.submit.decide')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
