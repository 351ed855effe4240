import { useId, useState } from 'react';
import { Badge, Button, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type WebhookDelivery, type WebhookEndpoint } from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { useReplayWebhook, useResendDelivery, useWebhookDeliveries } from '../api/webhooks';
import { STATUS_VARIANT } from './webhook-types';

/** An endpoint's deliveries, newest first, a page at a time, each with "Resend"; and "Replay from sequence". */
export function DeliveryLog({ id, endpoint: w }: { id: string; endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  // The `before` of each page shown after the first (the way back is to the newest).
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { data, isError, refetch, isFetching } = useWebhookDeliveries(w.id, before);
  return (
    <section id={id} aria-label={t('log.title', { url: w.url })} className="mt-3" data-testid="webhook-log">
      <h4 className="h6 text-break">{t('log.title', { url: w.url })}</h4>
      {isError ? (
        <LoadFailed onRetry={() => void refetch()} busy={isFetching} />
      ) : !data ? (
        <Spinner size="sm" />
      ) : data.items.length === 0 ? (
        <p className="text-body-secondary small">{t('log.empty')}</p>
      ) : (
        <ListGroup as="ul" variant="flush" className="border rounded">
          {data.items.map((d) => (
            <DeliveryRow key={d.id} endpointId={w.id} delivery={d} />
          ))}
        </ListGroup>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        {data?.next != null ? (
          <Button variant="link" size="sm" className="px-0" onClick={() => setBefore(data.next ?? undefined)}>
            {t('log.older')}
          </Button>
        ) : null}
        {before !== undefined ? (
          <Button variant="link" size="sm" className="px-0" onClick={() => setBefore(undefined)}>
            {t('log.newest')}
          </Button>
        ) : null}
      </div>
      <ReplayForm endpointId={w.id} />
    </section>
  );
}

function DeliveryRow({ endpointId, delivery: d }: { endpointId: number; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation('webhooks');
  const lng = i18n.resolvedLanguage ?? 'en';
  const resend = useResendDelivery(endpointId);
  const toast = useToast();
  const message = useErrorMessage();
  return (
    <ListGroup.Item as="li" className="small d-flex flex-wrap gap-2 align-items-start" data-testid="webhook-delivery">
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <span className="fw-semibold">{t('log.event', { sequence: d.sequence, type: d.type })}</span>
          <Badge bg={STATUS_VARIANT[d.status]} text={d.status === 'failed' ? 'dark' : undefined}>
            {t(`status.${d.status}`)}
          </Badge>
        </div>
        <div className="text-body-secondary">
          {[
            d.lastStatusCode !== null ? t('log.code', { code: d.lastStatusCode }) : d.attempts ? t('log.noAnswer') : null,
            d.attempts ? t('log.attempts', { count: d.attempts }) : null,
            d.deliveredAt
              ? t('log.deliveredAt', { when: formatDateTime(d.deliveredAt, lng) })
              : d.lastAttemptAt
                ? t('log.at', { when: formatDateTime(d.lastAttemptAt, lng) })
                : null,
            d.status === 'failed' && d.nextAttemptAt ? t('log.next', { when: formatDateTime(d.nextAttemptAt, lng) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
        {d.lastError && d.status !== 'delivered' ? <div className="text-break font-monospace">{d.lastError}</div> : null}
      </div>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={resend.isPending}
        aria-label={t('log.resendLabel', { sequence: d.sequence })}
        onClick={() =>
          resend.mutate(d.id, {
            onSuccess: () => toast.show('success', { message: t('log.resent', { sequence: d.sequence }) }),
            onError: (err) => toast.show('dataModifiedError', { message: message(err) }),
          })
        }
      >
        {t('log.resend')}
      </Button>
    </ListGroup.Item>
  );
}

function ReplayForm({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation('webhooks');
  const replay = useReplayWebhook(endpointId);
  const message = useErrorMessage();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  return (
    <Form
      noValidate
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        const after = /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : NaN;
        if (!Number.isSafeInteger(after)) {
          setProblem(t('log.replayInvalid'));
          return;
        }
        setProblem(null);
        replay.mutate(after, {
          onSuccess: (r) => setDone(t('log.replayDone', { after: r.after, upTo: r.upTo })),
          onError: (err) => setProblem(message(err)),
        });
      }}
    >
      <Form.Label htmlFor={`${id}-after`}>{t('log.replay')}</Form.Label>
      <InputGroup style={{ maxWidth: 320 }} hasValidation>
        <Form.Control
          id={`${id}-after`}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={value}
          isInvalid={problem !== null}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <Button type="submit" variant="outline-primary" disabled={replay.isPending}>
          {t('log.replaySubmit')}
        </Button>
        <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
      </InputGroup>
      <Form.Text id={`${id}-hint`}>{t('log.replayHint')}</Form.Text>
      <div role="status" aria-live="polite" className="small mt-1">
        {done}
      </div>
    </Form>
  );
}
