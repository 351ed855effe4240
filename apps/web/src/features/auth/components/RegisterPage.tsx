import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CitySelect, CountrySelect } from '../../../components/CountrySelect';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import { postRegister } from '../../../lib/session-api';
import { registrationFormSchema, type RegistrationForm } from '../forms';

type Status = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; code: string };

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
};

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const country = watch('country') as { alpha2?: string } | null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await postRegister({ ...values, country: values.country!, city: values.city!, conditions: true });
      setStatus({ kind: 'success' });
      reset(EMPTY);
    } catch (err) {
      setStatus({ kind: 'error', code: err instanceof ApiError ? err.code : 'NETWORK' });
    }
  });

  const msg = (m?: string) => (m ? t(m) : null);

  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 760 }}>
      <Card.Body className="p-4">
        <PageTitle className="h4 mb-3">{t('register.title')}</PageTitle>
        {status.kind === 'success' ? (
          <Alert variant="success" data-testid="register-success">
            {t('register.success')}
          </Alert>
        ) : null}
        {status.kind === 'error' ? (
          <Alert variant="danger" data-testid="register-error">
            {status.code === 'EMAIL_TAKEN' ? t('register.emailTaken') : t('register.error')}
          </Alert>
        ) : null}
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
              <Form.Group as={Col} md={6}>
                <Form.Label htmlFor="reg-country">{t('fields.country')}</Form.Label>
                <Controller
                  control={control}
                  name="country"
                  render={({ field }) => (
                    <CountrySelect
                      inputId="reg-country"
                      value={field.value as never}
                      invalid={!!errors.country}
                      onChange={(v) => {
                        field.onChange(v);
                        // A new country empties the city (its list depends on the country).
                        setValue('city', null);
                      }}
                    />
                  )}
                />
                {errors.country ? <div className="invalid-feedback d-block">{msg(errors.country.message as string | undefined)}</div> : null}
              </Form.Group>
              <Form.Group as={Col} md={6}>
                <Form.Label htmlFor="reg-city">{t('fields.city')}</Form.Label>
                <Controller
                  control={control}
                  name="city"
                  render={({ field }) => (
                    <CitySelect inputId="reg-city" alpha2={country?.alpha2} value={field.value as never} invalid={!!errors.city} onChange={field.onChange} />
                  )}
                />
                {errors.city ? <div className="invalid-feedback d-block">{msg(errors.city.message as string | undefined)}</div> : null}
              </Form.Group>
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
              <Form.Group as={Col} xs={12} controlId="reg-conditions">
                <Form.Check
                  type="checkbox"
                  label={t('fields.conditions')}
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
        <p className="mt-3 mb-0 text-center">
          {t('register.haveAccount')} <Link to="/user/login">{t('register.loginLink')}</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
