import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../components/Toasts';
import { postChangePassword } from '../api/profile';
import { passwordFormSchema, type PasswordForm as Values } from '../forms';
import { PasswordStrength } from '../../../components/PasswordStrength';

export function PasswordForm() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const [wrongOld, setWrongOld] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(passwordFormSchema), reValidateMode: 'onChange' });
  const msg = (m?: string) => (m ? t(m) : null);

  const onSubmit = handleSubmit(async (v) => {
    setWrongOld(false);
    try {
      await postChangePassword(v);
      reset({ oldPassword: '', newPassword: '' });
      toast.show('dataModifiedSuccess');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WRONG_PASSWORD') setWrongOld(true);
      else toast.show('dataModifiedError');
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 420 }}>
      {wrongOld ? (
        <Alert variant="danger" data-testid="wrong-old-password">
          {t('password.wrongOld')}
        </Alert>
      ) : null}
      <fieldset disabled={isSubmitting}>
        <Form.Group className="mb-3" controlId="pw-old">
          <Form.Label>{t('password.old')}</Form.Label>
          <Form.Control type="password" autoComplete="current-password" isInvalid={!!errors.oldPassword} {...register('oldPassword')} />
          <Form.Control.Feedback type="invalid">{msg(errors.oldPassword?.message)}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="pw-new">
          <Form.Label>{t('password.new')}</Form.Label>
          <Form.Control type="password" autoComplete="new-password" isInvalid={!!errors.newPassword} {...register('newPassword')} />
          <Form.Control.Feedback type="invalid">{msg(errors.newPassword?.message)}</Form.Control.Feedback>
          <PasswordStrength password={watch('newPassword')} />
          <Form.Text>{t('password.hint')}</Form.Text>
        </Form.Group>
        <Button type="submit" variant="success" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('password.submit')}
        </Button>
      </fieldset>
    </Form>
  );
}
