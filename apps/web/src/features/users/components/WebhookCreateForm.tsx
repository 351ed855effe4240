import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookInput, FEED_EVENT_TYPES, WEBHOOK_ENDPOINTS_PER_COMPANY, type CreateWebhookInput } from '@primeur/shared';
import { postWebhook, webhooksKey } from '../api/webhooks';
import { useSecretForm } from './use-secret-form';
import { GROUPS, groupOf, typeKey } from './webhook-types';

export function WebhookCreateForm({ onCreated }: { onCreated(w: { url: string; secret: string }): void }) {
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
