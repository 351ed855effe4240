import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CountryCityFields } from '../../../components/CountryCityFields';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/error-message';
import { postRegister } from '../../../lib/session-api';
import { registrationFormSchema, type RegistrationForm } from '../forms';
import { PasswordStrength } from '../../../components/PasswordStrength';
import { paths } from '../../../lib/routes';

type Status = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; error: unknown };

const EMPTY: RegistrationForm = {
  email: '',
  password: '',
  companyName: '',
  category: undefined as unknown as 'buyer',
  country: null,
  city: null,
  address: '',
  postalCode: '',
  vatId: '',
  globalGapNumber: '',
  conditions: false,
  registrationId: '',
};

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await postRegister({ ...values, registrationId: values.registrationId?.trim() || null, country: values.country!, city: values.city!, conditions: true });
      setStatus({ kind: 'success' });
      reset(EMPTY);
    } catch (err) {
      setStatus({ kind: 'error', error: err });
    }
  });

  const msg = (m?: string) => (m ? t(m) : null);

  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 760 }}>
      <Card.Body className="p-4">
        <PageTitle className="h4 mb-3">{t('register.title')}</PageTitle>
        {status.kind === 'success' ? (
          // The form is replaced by the outcome (issue 16): nothing left to submit twice.
          <>
            <Alert variant="success" data-testid="register-success">
              <Alert.Heading as="h2" className="h6">
                {t('register.successTitle')}
              </Alert.Heading>
              <p className="mb-0">{t('register.success')}</p>
            </Alert>
            <Link to={paths.login} className="btn btn-success w-100">
              {t('register.loginLink')}
            </Link>
          </>
        ) : null}
        {status.kind === 'error' ? (
          <Alert variant="danger" data-testid="register-error">
            {status.error instanceof ApiError && status.error.code === 'EMAIL_TAKEN' ? errorMessage(status.error) : t('register.error')}
          </Alert>
        ) : null}
        {status.kind === 'success' ? null : (
          <Form noValidate onSubmit={onSubmit}>
            <fieldset disabled={isSubmitting}>
              <Row className="g-3">
                <Form.Group as={Col} md={6} controlId="reg-email">
                  <Form.Label>{t('fields.email')}</Form.Label>
                  <Form.Control type="email" autoComplete="email" isInvalid={!!errors.email} {...register('email')} />
                  <Form.Control.Feedback type="invalid">{msg(errors.email?.message)}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group as={Col} md={6} controlId="reg-password">
                  <Form.Label>{t('fields.password')}</Form.Label>
                  <Form.Control type="password" autoComplete="new-password" isInvalid={!!errors.password} {...register('password')} />
                  <Form.Control.Feedback type="invalid">{msg(errors.password?.message)}</Form.Control.Feedback>
                  <PasswordStrength password={watch('password')} userInputs={[watch('email') ?? '', watch('companyName') ?? '']} />
                </Form.Group>
                <Form.Group as={Col} md={6} controlId="reg-company">
                  <Form.Label>{t('fields.companyName')}</Form.Label>
                  <Form.Control autoComplete="organization" isInvalid={!!errors.companyName} {...register('companyName')} />
                  <Form.Control.Feedback type="invalid">{msg(errors.companyName?.message)}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group as={Col} md={6} controlId="reg-category">
                  <Form.Label>{t('fields.category')}</Form.Label>
                  <Form.Select isInvalid={!!errors.category} {...register('category')} defaultValue="">
                    <option value="" disabled>
                      {t('register.chooseCategory')}
                    </option>
                    <option value="buyer">{t('categories.buyer')}</option>
                    <option value="supplier">{t('categories.supplier')}</option>
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{msg(errors.category?.message)}</Form.Control.Feedback>
                </Form.Group>
                <CountryCityFields
                  control={control}
                  setValue={setValue}
                  idPrefix="reg"
                  labels={{ country: t('fields.country'), city: t('fields.city') }}
                  errors={{
                    country: msg(errors.country?.message as string | undefined) ?? undefined,
                    city: msg(errors.city?.message as string | undefined) ?? undefined,
                  }}
                />
                <Form.Group as={Col} md={8} controlId="reg-address">
                  <Form.Label>{t('fields.address')}</Form.Label>
                  <Form.Control autoComplete="street-address" isInvalid={!!errors.address} {...register('address')} />
                  <Form.Control.Feedback type="invalid">{msg(errors.address?.message)}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group as={Col} md={4} controlId="reg-postal">
                  <Form.Label>{t('fields.postalCode')}</Form.Label>
                  <Form.Control autoComplete="postal-code" isInvalid={!!errors.postalCode} {...register('postalCode')} />
                  <Form.Control.Feedback type="invalid">{msg(errors.postalCode?.message)}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group as={Col} md={6} controlId="reg-vat">
                  <Form.Label>{t('fields.vatId')}</Form.Label>
                  <Form.Control isInvalid={!!errors.vatId} {...register('vatId')} />
                  <Form.Control.Feedback type="invalid">{msg(errors.vatId?.message)}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group as={Col} md={6} controlId="reg-ggn">
                  <Form.Label>
                    {t('fields.globalGapNumber')} <span className="text-body-secondary small">({t('common:optional')})</span>
                  </Form.Label>
                  <Form.Control {...register('globalGapNumber')} />
                </Form.Group>
                <Form.Group as={Col} md={6} controlId="reg-registration">
                  <Form.Label>
                    {t('fields.registrationId')} <span className="text-body-secondary small">({t('common:optional')})</span>
                  </Form.Label>
                  <Form.Control isInvalid={!!errors.registrationId} {...register('registrationId')} />
                  {(watch('country') as { alpha2?: string } | null)?.alpha2 === 'FR' ? <Form.Text>{t('fields.registrationIdFR')}</Form.Text> : null}
                  <Form.Control.Feedback type="invalid">{msg(errors.registrationId?.message)}</Form.Control.Feedback>
                </Form.Group>
                <Form.Group as={Col} xs={12} controlId="reg-conditions">
                  <Form.Check
                    type="checkbox"
                    label={
                      <>
                        {t('fields.conditions')} (
                        <Link to={paths.terms} target="_blank" rel="noopener">
                          {t('register.readTerms')}
                        </Link>
                        )
                      </>
                    }
                    isInvalid={!!errors.conditions}
                    feedback={msg(errors.conditions?.message)}
                    feedbackType="invalid"
                    {...register('conditions')}
                  />
                </Form.Group>
              </Row>
              <Button type="submit" variant="success" className="mt-4 w-100" disabled={isSubmitting}>
                {isSubmitting ? (
                  <>
                    <Spinner size="sm" className="me-2" aria-hidden="true" />
                    {t('register.submitting')}
                  </>
                ) : (
                  t('register.submit')
                )}
              </Button>
            </fieldset>
          </Form>
        )}
        <p className="mt-3 mb-0 text-center">
          {t('register.haveAccount')} <Link to={paths.login}>{t('register.loginLink')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
