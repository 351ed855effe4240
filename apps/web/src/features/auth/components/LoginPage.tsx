import { useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LOGIN_PASSWORD_ATTR_MIN_LENGTH } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/error-message';
import { homePath, safeReturnPath } from '../../../lib/home-path';
import { useSession } from '../../../lib/session';
import { loginFormSchema, type LoginForm } from '../forms';
import { paths } from '../../../lib/routes';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login, error: sessionError } = useSession();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const location = useLocation();
  // The page the guard stopped (a deep link) comes first; otherwise the role's home (spec §2).
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), mode: 'onSubmit', reValidateMode: 'onChange' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login(values);
      navigate(from ?? homePath(user), { replace: true });
    } catch (err) {
      setFailure(err instanceof ApiError ? err : new ApiError(0, 'NETWORK', ''));
    }
  });

  // Inactive accounts and rate limits get their own explanation; anything else the spec's alert.
  const known = failure?.code === 'ACCOUNT_INACTIVE' || failure?.code === 'RATE_LIMITED' ? failure.code : null;

  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 440 }}>
      <Card.Body className="p-4">
        <PageTitle className="h4 mb-3">{t('login.title')}</PageTitle>
        {failure ? (
          <Alert variant={known === 'ACCOUNT_INACTIVE' ? 'warning' : 'danger'} data-testid="login-error">
            {/* A pending account or a rate limit is not "an error": it gets its own title (spec §8 keeps the text for real failures). */}
            <Alert.Heading as="h2" className="h6">
              {known ? t(`login.reasonTitle.${known}`) : t('login.errorHeading')}
            </Alert.Heading>
            <p className="mb-0">{known ? errorMessage(failure) : t('login.errorText')}</p>
            {/* Spec §8, session provider: the server's error field, otherwise 'Echec authentification'. */}
            {!known && sessionError ? (
              <p className="mb-0 mt-1 small" data-testid="session-error">
                {sessionError}
              </p>
            ) : null}
          </Alert>
        ) : null}
        <Form noValidate onSubmit={onSubmit}>
          <fieldset disabled={isSubmitting}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>{t('fields.email')}</Form.Label>
              <Form.Control type="email" autoComplete="username" isInvalid={!!errors.email} {...register('email')} />
              <Form.Control.Feedback type="invalid">{errors.email?.message ? t(errors.email.message) : null}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>{t('fields.password')}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                minLength={LOGIN_PASSWORD_ATTR_MIN_LENGTH}
                isInvalid={!!errors.password}
                {...register('password')}
              />
              <Form.Control.Feedback type="invalid">{errors.password?.message ? t(errors.password.message) : null}</Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" variant="success" className="w-100" disabled={isSubmitting}>
              {isSubmitting ? (
                <>
                  <Spinner size="sm" className="me-2" aria-hidden="true" />
                  {t('login.submitting')}
                </>
              ) : (
                t('login.submit')
              )}
            </Button>
          </fieldset>
        </Form>
        <p className="mt-3 mb-0 text-center">
          {t('login.noAccount')} <Link to={paths.register}>{t('login.registerLink')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
