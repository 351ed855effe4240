import { useId, useState } from 'react';
import { Alert, Badge, Button, Form, InputGroup, ListGroup, Spinner } from 'react-bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  createWebhookInput,
  FEED_EVENT_TYPES,
  formatDateTime,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  type CreateWebhookInput,
  type FeedEventType,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@primeur/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { LoadFailed } from '../../../components/LoadFailed';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import {
  postWebhook,
  rotateWebhookSecret,
  useDeleteWebhook,
  useReplayWebhook,
  useResendDelivery,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  webhooksKey,
} from '../api/webhooks';
import { OneTimeSecret } from './OneTimeSecret';
import { useSecretForm } from './use-secret-form';

/** The feed's types by what they are about, in the order of the form's groups. */
const GROUPS = ['order', 'claim', 'purchase_request', 'invoice', 'lot'] as const;
const groupOf = (type: FeedEventType) => (type.startsWith('credit_note.') ? 'invoice' : (type.slice(0, type.indexOf('.')) as (typeof GROUPS)[number]));
/** A type's words in the reader's language (`order.shipped` → types.order.shipped). */
const typeKey = (type: FeedEventType) => `types.${type}`;

const STATUS_VARIANT: Record<WebhookDeliveryStatus, string> = { pending: 'secondary', failed: 'warning', delivered: 'success', abandoned: 'danger' };

/** A secret to show once: a new endpoint's, or a rotated one's (with until when the previous one still signs). */
interface ShownSecret {
  title: string;
  secret: string;
  previousUntil?: string;
}

/**
 * The profile's API tab, below the tokens: the company's webhook endpoints (decision 1012). Each with
 * its address, events, state and last delivery; switched off and on, its secret rotated, deleted
 * behind a confirmation; its delivery log with "Resend" per delivery and "Replay from sequence"; a form
 * to add one, whose secret is shown once with a copy button.
 */
export function WebhooksPanel() {
  const { t, i18n } = useTranslation('webhooks');
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const texts = {
    title: shown?.title ?? '',
    warning: t('secret.warning'),
    label: t('secret.label'),
    copy: t('secret.copy'),
    copied: t('secret.copied'),
    copyFailed: t('secret.copyFailed'),
    done: t('secret.done'),
  };
  return (
    <section data-testid="webhooks" aria-labelledby="webhooks-title" className="mt-4 pt-3 border-top">
      <h2 id="webhooks-title" className="h5">
        {t('title')}
      </h2>
      <p className="text-body-secondary small">{t('intro')}</p>
      {shown ? (
        <OneTimeSecret
          secret={shown.secret}
          texts={texts}
          testId="webhook-secret"
          note={shown.previousUntil ? t('secret.previous', { when: formatDateTime(shown.previousUntil, i18n.resolvedLanguage ?? 'en') }) : undefined}
          onDone={() => setShown(null)}
        />
      ) : null}
      <EndpointList onSecret={setShown} />
      <CreateForm onCreated={(w) => setShown({ title: t('secret.createdTitle', { url: w.url }), secret: w.secret })} />
    </section>
  );
}

function EndpointList({ onSecret }: { onSecret(s: ShownSecret): void }) {
  const { t } = useTranslation('webhooks');
  const { data, isError, refetch, isFetching } = useWebhooks();
  const remove = useDeleteWebhook();
  const toast = useToast();
  const message = useErrorMessage();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState(false);

  if (isError) return <LoadFailed onRetry={() => void refetch()} busy={isFetching} />;
  if (!data) return <Spinner size="sm" className="mb-3" />;
  const rotate = async (w: WebhookEndpoint) => {
    setBusy(true);
    try {
      const r = await rotateWebhookSecret(w.id);
      onSecret({ title: t('secret.rotatedTitle', { url: w.url }), secret: r.secret, previousUntil: r.previousValidUntil });
    } catch (err) {
      toast.show('dataModifiedError', { message: message(err) });
    } finally {
      setBusy(false);
      setRotating(null);
    }
  };
  return (
    <section aria-labelledby="webhooks-list" className="mb-4">
      <h3 id="webhooks-list" className="h6">
        {t('list.title')}
      </h3>
      {data.length === 0 ? (
        <p className="text-body-secondary">{t('list.empty')}</p>
      ) : (
        <ListGroup as="ul">
          {data.map((w) => (
            <Endpoint key={w.id} endpoint={w} onRotate={() => setRotating(w)} onDelete={() => setDeleting(w)} />
          ))}
        </ListGroup>
      )}
      <ConfirmModal
        show={rotating !== null}
        title={t('rotate.title', { url: rotating?.url ?? '' })}
        body={t('rotate.body')}
        confirmLabel={t('rotate.confirm')}
        confirmVariant="warning"
        busy={busy}
        onCancel={() => setRotating(null)}
        onConfirm={() => rotating && void rotate(rotating)}
      />
      <ConfirmModal
        show={deleting !== null}
        title={t('remove.title', { url: deleting?.url ?? '' })}
        body={t('remove.body')}
        confirmLabel={t('list.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.show('success', { message: t('remove.done') });
            },
            onError: (err) => {
              setDeleting(null);
              toast.show('dataModifiedError', { message: message(err) });
            },
          })
        }
      />
    </section>
  );
}

function Endpoint({ endpoint: w, onRotate, onDelete }: { endpoint: WebhookEndpoint; onRotate(): void; onDelete(): void }) {
  const { t, i18n } = useTranslation('webhooks');
  const lng = i18n.resolvedLanguage ?? 'en';
  const update = useUpdateWebhook();
  const toast = useToast();
  const message = useErrorMessage();
  const [open, setOpen] = useState(false);
  const logId = useId();
  const state = w.enabled ? 'on' : w.disabledReason === 'failing' ? 'failingOff' : 'off';
  const toggle = () =>
    update.mutate(
      { id: w.id, input: { enabled: !w.enabled } },
      {
        onSuccess: () => toast.show('success', { message: t(w.enabled ? 'list.switchedOff' : 'list.switchedOn') }),
        onError: (err) => toast.show('dataModifiedError', { message: message(err) }),
      },
    );
  const last = w.lastAttempt;
  return (
    <ListGroup.Item as="li" data-testid="webhook">
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <code className="text-break">{w.url}</code>
            <Badge bg={state === 'on' ? 'success' : state === 'off' ? 'secondary' : 'danger'}>{t(`list.${state}`)}</Badge>
          </div>
          <dl className="small mb-0 mt-1">
            <div>
              <dt className="d-inline text-body-secondary">{t('list.types')} </dt>
              <dd className="d-inline">
                {w.types.length
                  ? w.types.map((type) => (
                      <Badge key={type} bg="light" text="dark" className="me-1 fw-normal border" title={t(typeKey(type))}>
                        {type}
                      </Badge>
                    ))
                  : t('list.allTypes')}
              </dd>
            </div>
            <div>
              <dt className="d-inline text-body-secondary">{t('list.lastAttempt')} </dt>
              <dd className="d-inline" data-testid="webhook-last">
                {last
                  ? t(last.statusCode === null ? 'list.lastAttemptNoCode' : 'list.lastAttemptValue', {
                      status: t(`status.${last.status}`),
                      code: last.statusCode,
                      when: formatDateTime(last.at, lng),
                    })
                  : t('list.none')}
                {w.backlog ? <span className="text-body-secondary"> · {t('list.backlog', { count: w.backlog })}</span> : null}
              </dd>
            </div>
          </dl>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="outline-secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={logId}
            aria-label={t('list.logLabel', { url: w.url })}
            onClick={() => setOpen((o) => !o)}
          >
            {t('list.log')}
          </Button>
          <Button
            variant={w.enabled ? 'outline-secondary' : 'outline-success'}
            size="sm"
            disabled={update.isPending}
            aria-label={t(w.enabled ? 'list.switchOffLabel' : 'list.switchOnLabel', { url: w.url })}
            onClick={toggle}
          >
            {t(w.enabled ? 'list.switchOff' : 'list.switchOn')}
          </Button>
          <Button variant="outline-warning" size="sm" aria-label={t('list.rotateLabel', { url: w.url })} onClick={onRotate}>
            {t('list.rotate')}
          </Button>
          <Button variant="outline-danger" size="sm" aria-label={t('list.deleteLabel', { url: w.url })} onClick={onDelete}>
            {t('list.delete')}
          </Button>
        </div>
      </div>
      {w.enabled && w.failingSince ? (
        <Alert variant="warning" className="small py-2 mt-2 mb-0">
          {t('list.failingSince', { when: formatDateTime(w.failingSince, lng) })}
        </Alert>
      ) : null}
      {state === 'failingOff' && w.disabledAt ? (
        <Alert variant="danger" className="small py-2 mt-2 mb-0">
          {t('list.disabledHelp', { when: formatDateTime(w.disabledAt, lng) })}
        </Alert>
      ) : null}
      {open ? <DeliveryLog id={logId} endpoint={w} /> : null}
    </ListGroup.Item>
  );
}

/** An endpoint's deliveries, newest first, a page at a time, each with "Resend"; and "Replay from sequence". */
function DeliveryLog({ id, endpoint: w }: { id: string; endpoint: WebhookEndpoint }) {
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

function CreateForm({ onCreated }: { onCreated(w: { url: string; secret: string }): void }) {
  const {
    t,
    msg,
    failure,
    onSubmit,
    form: {
      register,
      formState: { errors, isSubmitting },
    },
  } = useSecretForm<CreateWebhookInput, { url: string; secret: string }>({
    namespace: 'webhooks',
    resolver: zodResolver(createWebhookInput),
    defaults: { url: '', types: [] },
    post: postWebhook,
    listKey: webhooksKey,
    onCreated,
  });

  return (
    <section aria-labelledby="webhooks-create">
      <h3 id="webhooks-create" className="h6">
        {t('create.title')}
      </h3>
      <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 560 }}>
        {failure ? (
          <Alert variant="danger" role="alert" data-testid="webhook-error">
            {failure}
          </Alert>
        ) : null}
        <fieldset disabled={isSubmitting}>
          <Form.Group className="mb-3" controlId="webhook-url">
            <Form.Label>{t('create.url')}</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              isInvalid={!!errors.url}
              aria-describedby="webhook-url-hint"
              {...register('url')}
            />
            <Form.Control.Feedback type="invalid">{msg(errors.url?.message)}</Form.Control.Feedback>
            <Form.Text id="webhook-url-hint">{t('create.urlHint')}</Form.Text>
          </Form.Group>
          <fieldset className="mb-3" aria-describedby="webhook-types-hint">
            <legend className="form-label fs-6 mb-1">{t('create.types')}</legend>
            <Form.Text id="webhook-types-hint" className="d-block mb-2">
              {t('create.typesHint')}
            </Form.Text>
            <div className="row row-cols-1 row-cols-sm-2 g-2">
              {GROUPS.map((group) => (
                <div className="col" key={group}>
                  <fieldset>
                    <legend className="small fw-semibold mb-1">{t(`groups.${group}`)}</legend>
                    {FEED_EVENT_TYPES.filter((type) => groupOf(type) === group).map((type) => (
                      <Form.Check
                        key={type}
                        id={`webhook-type-${type.replace('.', '-')}`}
                        value={type}
                        isInvalid={!!errors.types}
                        {...register('types')}
                        label={
                          <>
                            {t(typeKey(type))} <code className="small">{type}</code>
                          </>
                        }
                      />
                    ))}
                  </fieldset>
                </div>
              ))}
            </div>
            {errors.types ? <div className="invalid-feedback d-block">{msg(errors.types.message ?? errors.types.root?.message)}</div> : null}
          </fieldset>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('create.submit')}
          </Button>
          <Form.Text className="d-block mt-2">{t('limit', { max: WEBHOOK_ENDPOINTS_PER_COMPANY })}</Form.Text>
        </fieldset>
      </Form>
    </section>
  );
}
