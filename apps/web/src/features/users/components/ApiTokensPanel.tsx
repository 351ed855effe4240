import { useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup, Spinner } from 'react-bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  API_SCOPES,
  API_TOKENS_PER_COMPANY,
  createApiTokenInput,
  formatDateTime,
  type ApiScope,
  type ApiToken,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { apiTokensKey, postApiToken, useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { useSecretForm } from './use-secret-form';
import { OneTimeSecret } from './OneTimeSecret';
import { ConfirmRemoval } from './ConfirmRemoval';

/** A scope's words in the reader's language (`orders:read` → scopes.orders.read). */
const scopeKey = (scope: ApiScope) => `scopes.${scope.replace(':', '.')}`;

/**
 * Profile tab "API" (decision 1008): the company's tokens, a form to create one (its secret shown once,
 * with a copy button) and a revoke button behind a confirmation. Buyers and suppliers only.
 */
export function ApiTokensPanel() {
  const { t } = useTranslation('apiTokens');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div data-testid="api-tokens">
      <h2 className="h5">{t('title')}</h2>
      <p className="text-body-secondary small">{t('intro')}</p>
      {created ? <NewSecret token={created} onDone={() => setCreated(null)} /> : null}
      <TokenList />
      <CreateForm onCreated={setCreated} />
    </div>
  );
}

/** The secret, this once: a read-only field to select, a copy button and the warning. */
function NewSecret({ token, onDone }: { token: CreatedApiToken; onDone(): void }) {
  const { t } = useTranslation('apiTokens');
  const texts = {
    title: t('created.title', { name: token.name }),
    warning: t('created.warning'),
    label: t('created.label'),
    copy: t('created.copy'),
    copied: t('created.copied'),
    copyFailed: t('created.copyFailed'),
    done: t('created.done'),
  };
  return <OneTimeSecret secret={token.secret} texts={texts} testId="api-token-secret" onDone={onDone} />;
}

function TokenList() {
  const { t, i18n } = useTranslation('apiTokens');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data, isError, refetch, isFetching } = useApiTokens();
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState<ApiToken | null>(null);

  if (isError) return <LoadFailed onRetry={() => void refetch()} busy={isFetching} />;
  if (!data) return <Spinner size="sm" className="mb-3" />;
  return (
    <section aria-labelledby="api-tokens-list" className="mb-4">
      <h3 id="api-tokens-list" className="h6">
        {t('list.title')}
      </h3>
      {data.length === 0 ? (
        <p className="text-body-secondary">{t('list.empty')}</p>
      ) : (
        <ListGroup as="ul">
          {data.map((token) => (
            <ListGroup.Item as="li" key={token.id} className="d-flex flex-wrap gap-2 align-items-start" data-testid="api-token">
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <div className="fw-semibold text-break">{token.name}</div>
                <dl className="small mb-0">
                  <div>
                    <dt className="d-inline text-body-secondary">{t('list.prefix')} </dt>
                    <dd className="d-inline">
                      <code>{token.prefix}…</code>
                    </dd>
                  </div>
                  <div>
                    <dt className="d-inline text-body-secondary">{t('list.scopes')} </dt>
                    <dd className="d-inline">
                      {token.scopes.map((s) => (
                        <Badge key={s} bg="secondary" className="me-1 fw-normal" title={t(scopeKey(s))}>
                          {s}
                        </Badge>
                      ))}
                    </dd>
                  </div>
                  <div>
                    <dt className="d-inline text-body-secondary">{t('list.created')} </dt>
                    <dd className="d-inline">{formatDateTime(token.createdAt, lng)}</dd>
                  </div>
                  <div>
                    <dt className="d-inline text-body-secondary">{t('list.lastUsed')} </dt>
                    <dd className="d-inline">
                      {token.lastUsedAt
                        ? token.lastUsedIp
                          ? t('list.lastUsedFrom', { when: formatDateTime(token.lastUsedAt, lng), address: token.lastUsedIp })
                          : formatDateTime(token.lastUsedAt, lng)
                        : t('list.never')}
                    </dd>
                  </div>
                </dl>
              </div>
              <Button variant="outline-danger" size="sm" aria-label={t('list.revokeLabel', { name: token.name })} onClick={() => setConfirming(token)}>
                {t('list.revoke')}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <ConfirmRemoval
        item={confirming}
        title={t('revoke.title', { name: confirming?.name ?? '' })}
        body={t('revoke.body')}
        confirmLabel={t('list.revoke')}
        doneText={t('revoke.done')}
        removal={revoke}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}

function CreateForm({ onCreated }: { onCreated(token: CreatedApiToken): void }) {
  const {
    t,
    msg,
    failure,
    onSubmit,
    form: {
      register,
      formState: { errors, isSubmitting },
    },
  } = useSecretForm<CreateApiTokenInput, CreatedApiToken>({
    namespace: 'apiTokens',
    resolver: zodResolver(createApiTokenInput),
    defaults: { name: '', scopes: [] },
    post: postApiToken,
    listKey: apiTokensKey,
    onCreated,
  });

  return (
    <section aria-labelledby="api-tokens-create">
      <h3 id="api-tokens-create" className="h6">
        {t('create.title')}
      </h3>
      <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 480 }}>
        {failure ? (
          <Alert variant="danger" role="alert" data-testid="api-token-error">
            {failure}
          </Alert>
        ) : null}
        <fieldset disabled={isSubmitting}>
          <Form.Group className="mb-3" controlId="api-token-name">
            <Form.Label>{t('create.name')}</Form.Label>
            <Form.Control autoComplete="off" isInvalid={!!errors.name} aria-describedby="api-token-name-hint" {...register('name')} />
            <Form.Control.Feedback type="invalid">{msg(errors.name?.message)}</Form.Control.Feedback>
            <Form.Text id="api-token-name-hint">{t('create.nameHint')}</Form.Text>
          </Form.Group>
          <fieldset className="mb-3" aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}>
            <legend className="form-label fs-6 mb-1">{t('create.scopes')}</legend>
            {API_SCOPES.map((scope) => (
              <Form.Check
                key={scope}
                id={`api-token-scope-${scope.replace(':', '-')}`}
                value={scope}
                isInvalid={!!errors.scopes}
                {...register('scopes')}
                label={
                  <>
                    {t(scopeKey(scope))} <code className="small">{scope}</code>
                  </>
                }
              />
            ))}
            {errors.scopes ? (
              <div id="api-token-scopes-error" className="invalid-feedback d-block">
                {msg(errors.scopes.message ?? errors.scopes.root?.message)}
              </div>
            ) : null}
          </fieldset>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('create.submit')}
          </Button>
          <Form.Text className="d-block mt-2">{t('limit', { max: API_TOKENS_PER_COMPANY })}</Form.Text>
        </fieldset>
      </Form>
    </section>
  );
}
