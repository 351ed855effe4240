import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CountryCityFields } from '../../../components/CountryCityFields';
import { useToast } from '../../../components/Toasts';
import { useSession } from '../../../lib/session';
import { postChangeUserInfos } from '../api/profile';
import { profileFormSchema, type ProfileForm } from '../forms';

export function CompanyForm() {
  const { t } = useTranslation('profile');
  const { user, setUser } = useSession();
  const toast = useToast();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      address: user?.address ?? '',
      postalCode: user?.postalCode ?? '',
      vatId: user?.vatId ?? '',
      globalGapNumber: user?.globalGapNumber ?? '',
      country: user?.country ?? null,
      city: user?.city ?? null,
    },
    reValidateMode: 'onChange',
  });
  const msg = (m?: string) => (m ? t(m) : null);

  const onSubmit = handleSubmit(async (v) => {
    try {
      const updated = await postChangeUserInfos({ ...v, country: v.country!, city: v.city! });
      setUser(updated);
      toast.show('dataModifiedSuccess');
    } catch {
      toast.show('dataModifiedError');
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <fieldset disabled={isSubmitting}>
        <Row className="g-3">
          <Form.Group as={Col} xs={12} controlId="profile-email">
            <Form.Label>{t('fields.email')}</Form.Label>
            <Form.Control value={user?.username ?? ''} readOnly plaintext className="fw-semibold" />
          </Form.Group>
          <Form.Group as={Col} md={8} controlId="profile-address">
            <Form.Label>{t('fields.address')}</Form.Label>
            <Form.Control isInvalid={!!errors.address} {...register('address')} />
            <Form.Control.Feedback type="invalid">{msg(errors.address?.message)}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} md={4} controlId="profile-postal">
            <Form.Label>{t('fields.postalCode')}</Form.Label>
            <Form.Control isInvalid={!!errors.postalCode} {...register('postalCode')} />
            <Form.Control.Feedback type="invalid">{msg(errors.postalCode?.message)}</Form.Control.Feedback>
          </Form.Group>
          <CountryCityFields
            control={control}
            setValue={setValue}
            idPrefix="profile"
            labels={{ country: t('fields.country'), city: t('fields.city') }}
            errors={{
              country: msg(errors.country?.message as string | undefined) ?? undefined,
              city: msg(errors.city?.message as string | undefined) ?? undefined,
            }}
          />
          <Form.Group as={Col} md={6} controlId="profile-vat">
            <Form.Label>{t('fields.vatId')}</Form.Label>
            <Form.Control isInvalid={!!errors.vatId} {...register('vatId')} />
            <Form.Control.Feedback type="invalid">{msg(errors.vatId?.message)}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} md={6} controlId="profile-ggn">
            <Form.Label>{t('fields.globalGapNumber')}</Form.Label>
            <Form.Control {...register('globalGapNumber')} />
          </Form.Group>
        </Row>
        <Button type="submit" variant="success" className="mt-4" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('save')}
        </Button>
      </fieldset>
    </Form>
  );
}
