import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Claim, type ClaimStatus } from '@primeur/shared';
import { DecimalField } from '../../../components/DecimalField';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { useEuro, useKg } from '../../../lib/format';
import { useClaimStep, type PartyStep } from '../api/claims';

const STATUS_VARIANT: Record<ClaimStatus, string> = { OPEN: 'warning', PROPOSED: 'info', REJECTED: 'danger', ESCALATED: 'primary', SETTLED: 'success' };

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation('claims');
  return (
    <Badge bg={STATUS_VARIANT[status]} text={status === 'OPEN' || status === 'PROPOSED' ? 'dark' : undefined} data-testid="claim-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** One claim: what was claimed, the photos, every step, and what this viewer may do now. */
export function ClaimThread({ claim: c }: { claim: Claim }) {
  const { t, i18n } = useTranslation('claims');
  const lng = i18n.resolvedLanguage ?? 'en';
  const euro = useEuro();
  const kg = useKg();
  const affected = [c.pallets !== null ? t('thread.pallets', { count: c.pallets }) : null, c.netKg !== null ? kg(c.netKg) : null].filter(Boolean).join(' · ');
  return (
    <Card className="mb-3" data-testid="claim" data-claim-id={c.id} data-status={c.status}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <strong>{t('thread.title', { id: c.id })}</strong>
          <ClaimStatusBadge status={c.status} />
          <span className="small text-body-secondary">{formatDateTime(c.createdAt, lng)}</span>
        </div>
        <div className="mb-1">{c.reasons.map((r) => t(`reasons.${r}`)).join(', ')}</div>
        {c.weightDispute ? (
          <Alert variant="info" className="small py-2 mb-2" data-testid="weight-dispute">
            {t(c.viewerSide === 'seller' && c.status === 'OPEN' ? 'thread.weightDisputeSeller' : 'thread.weightDispute')}
          </Alert>
        ) : null}
        <dl className="facts small mb-2">
          <dt className="fw-normal text-body-secondary">{t('thread.affected')}</dt>
          <dd className="mb-1">{affected || '–'}</dd>
          <dt className="fw-normal text-body-secondary">{t('thread.creditAsked')}</dt>
          <dd className="mb-1" data-testid="claim-credit-asked">
            {euro(c.creditAsked)}
          </dd>
          {c.creditProposed !== null ? (
            <>
              <dt className="fw-normal text-body-secondary">{t('thread.creditProposed')}</dt>
              <dd className="mb-1" data-testid="claim-credit-proposed">
                {euro(c.creditProposed)}
              </dd>
            </>
          ) : null}
          {c.credit !== null ? (
            <>
              <dt className="fw-normal text-body-secondary">{t('thread.credit')}</dt>
              <dd className="mb-1 fw-semibold" data-testid="claim-credit">
                {euro(c.credit)}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="mb-2" style={{ whiteSpace: 'pre-wrap' }}>
          {c.description}
        </p>
        <div className="d-flex flex-wrap gap-2 mb-3" data-testid="claim-photos-list">
          {c.photos.map((p, i) => (
            <a key={p.name} href={p.url} target="_blank" rel="noreferrer" aria-label={t('thread.photo', { n: i + 1 })}>
              <img src={p.thumbUrl} alt="" width={96} height={96} className="rounded border" style={{ objectFit: 'cover' }} loading="lazy" />
            </a>
          ))}
        </div>
        <ol className="list-unstyled small border-start ps-3 mb-3" data-testid="claim-history">
          {c.history.map((h, i) => (
            <li key={i} className="mb-2" data-step={h.step}>
              <div>
                <strong>{t(`steps.${h.step}`)}</strong>
                {h.credit !== null ? ` · ${euro(h.credit)}` : ''}
              </div>
              <div className="text-body-secondary">
                {h.companyName ?? t('thread.operator')} · {formatDateTime(h.at, lng)}
              </div>
              {h.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{h.note}</div> : null}
            </li>
          ))}
        </ol>
        <ClaimActions claim={c} />
      </Card.Body>
    </Card>
  );
}

type Open = PartyStep | 'decide' | null;

/** The steps this viewer may take now: a button each, the ones needing a credit or a note open a small form. */
function ClaimActions({ claim: c }: { claim: Claim }) {
  const { t } = useTranslation('claims');
  const euro = useEuro();
  const toast = useToast();
  const errorText = useErrorMessage();
  const step = useClaimStep(c.orderId);
  const [open, setOpen] = useState<Open>(null);
  const [credit, setCredit] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  if (c.nextActions.length === 0) {
    return c.status === 'SETTLED' ? null : (
      <div className="small text-body-secondary" data-testid="claim-waiting">
        {t(`waiting.${c.status}`)}
      </div>
    );
  }
  const needsCredit = open === 'propose' || open === 'decide';
  const needsNote = open === 'propose' || open === 'decide' || open === 'reject';
  const max = c.orderAmount;
  const creditProblem = !needsCredit
    ? null
    : credit === null || credit < 0
      ? t('actions.needCredit')
      : max !== null && credit > max
        ? t('actions.creditAboveAmount', { amount: euro(max) })
        : open === 'propose' && credit >= c.creditAsked
          ? t('actions.proposalBelowAsked', { amount: euro(c.creditAsked) })
          : null;
  const noteProblem = needsNote && note.trim().length < 3 ? t('actions.needNote') : null;

  const run = (action: Exclude<Open, null>, body: { credit?: number; note?: string }) => {
    setServerError(null);
    step.mutate(
      { claimId: c.id, step: action, body },
      {
        onSuccess: () => {
          toast.show('success', { message: t(`actions.done.${action}`) });
          setOpen(null);
          setTried(false);
          setNote('');
          setCredit(null);
        },
        onError: (err) => setServerError(errorText(err)),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!open) return;
    setTried(true);
    if (creditProblem || noteProblem) return;
    run(open, { ...(needsCredit ? { credit: credit! } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <div data-testid="claim-actions">
      {serverError ? (
        <Alert variant="danger" data-testid="claim-action-error">
          {serverError}
        </Alert>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mb-2">
        {c.nextActions.map((a) =>
          a === 'accept' ? (
            <Button key={a} variant="success" disabled={step.isPending} onClick={() => run('accept', {})} data-testid="claim-accept">
              {c.viewerSide === 'seller'
                ? t('actions.acceptAsked', { amount: euro(c.creditAsked) })
                : c.status === 'PROPOSED'
                  ? t('actions.acceptProposal', { amount: euro(c.creditProposed ?? 0) })
                  : t('actions.acceptRejection')}
            </Button>
          ) : (
            <Button
              key={a}
              variant={a === 'reject' ? 'outline-danger' : a === 'decide' ? 'primary' : 'outline-primary'}
              disabled={step.isPending}
              aria-expanded={open === a}
              onClick={() => {
                setOpen(open === a ? null : a);
                setTried(false);
              }}
              data-testid={`claim-${a}`}
            >
              {t(`actions.${a}`)}
            </Button>
          ),
        )}
      </div>
      {open && open !== 'accept' ? (
        <Form noValidate onSubmit={submit} className="border rounded p-3" data-testid={`claim-${open}-form`}>
          <Row className="g-3">
            {needsCredit ? (
              <Col sm={5}>
                <Form.Label htmlFor={`claim-${c.id}-credit`}>{t('actions.credit')}</Form.Label>
                <DecimalField
                  id={`claim-${c.id}-credit`}
                  value={credit}
                  min={0}
                  maxDecimals={2}
                  onChange={(v) => setCredit(v)}
                  isInvalid={tried && !!creditProblem}
                  data-testid="claim-step-credit"
                />
                {tried && creditProblem ? <div className="invalid-feedback d-block">{creditProblem}</div> : null}
              </Col>
            ) : null}
            <Col xs={12}>
              <Form.Label htmlFor={`claim-${c.id}-note`}>{t(needsNote ? 'actions.note' : 'actions.noteOptional')}</Form.Label>
              <Form.Control
                as="textarea"
                id={`claim-${c.id}-note`}
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                isInvalid={tried && !!noteProblem}
                data-testid="claim-step-note"
              />
              {tried && noteProblem ? <div className="invalid-feedback d-block">{noteProblem}</div> : null}
            </Col>
            <Col xs={12}>
              <Button type="submit" disabled={step.isPending} data-testid="claim-step-submit">
                {t(`actions.submit.${open}`)}
              </Button>
            </Col>
          </Row>
        </Form>
      ) : null}
    </div>
  );
}
