import { useId, useState } from 'react';
import { Alert, Badge, Button, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type WebhookEndpoint } from '@primeur/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { LoadFailed } from '../../../components/LoadFailed';
import { useToast } from '../../../components/Toasts';
import { useErrorMessage } from '../../../lib/error-message';
import { rotateWebhookSecret, useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { OneTimeSecret } from './OneTimeSecret';
import { ConfirmRemoval } from './ConfirmRemoval';
import { typeKey } from './webhook-types';
import { DeliveryLog } from './WebhookDeliveryLog';
import { WebhookCreateForm } from './WebhookCreateForm';

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
      <WebhookCreateForm onCreated={(w) => setShown({ title: t('secret.createdTitle', { url: w.url }), secret: w.secret })} />
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
      <ConfirmRemoval
        item={deleting}
        title={t('remove.title', { url: deleting?.url ?? '' })}
        body={t('remove.body')}
        confirmLabel={t('list.delete')}
        doneText={t('remove.done')}
        removal={remove}
        onClose={() => setDeleting(null)}
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
