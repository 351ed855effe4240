import { Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CountryCityFields } from '../../../components/CountryCityFields';
import { useToast } from '../../../components/Toasts';
import { useSession } from '../../../lib/session';
import { postChangeUserInfos } from '../api/profile';
import { companyLegalPayload } from '../../../lib/company-legal-form';
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
    watch,
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
      registrationId: user?.registrationId ?? '',
      legalForm: user?.legalForm ?? '',
      shareCapital: user?.shareCapital === null || user?.shareCapital === undefined ? '' : String(user.shareCapital),
      registryCity: user?.registryCity ?? '',
    },
    reValidateMode: 'onChange',
  });
  const msg = (m?: string) => (m ? t(m) : null);
  // French companies state their SIREN/SIRET and the legal mentions their invoices print (decision 968).
  const country = watch('country') as { alpha2?: string } | null;
  const french = country?.alpha2 === 'FR';

  const onSubmit = handleSubmit(async (v) => {
    try {
      const updated = await postChangeUserInfos({ ...v, ...companyLegalPayload(v), country: v.country!, city: v.city! });
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
          <Form.Group as={Col} md={6} controlId="profile-registration">
            <Form.Label>{t('fields.registrationId')}</Form.Label>
            <Form.Control isInvalid={!!errors.registrationId} {...register('registrationId')} />
            {french ? <Form.Text>{t('fields.registrationIdFR')}</Form.Text> : null}
            <Form.Control.Feedback type="invalid">{msg(errors.registrationId?.message)}</Form.Control.Feedback>
          </Form.Group>
          {french ? (
            <>
              <Form.Group as={Col} md={4} controlId="profile-legal-form">
                <Form.Label>{t('fields.legalForm')}</Form.Label>
                <Form.Control isInvalid={!!errors.legalForm} {...register('legalForm')} />
                <Form.Control.Feedback type="invalid">{msg(errors.legalForm?.message)}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} md={4} controlId="profile-share-capital">
                <Form.Label>{t('fields.shareCapital')}</Form.Label>
                <Form.Control inputMode="decimal" isInvalid={!!errors.shareCapital} {...register('shareCapital')} />
                <Form.Control.Feedback type="invalid">{msg(errors.shareCapital?.message)}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group as={Col} md={4} controlId="profile-registry-city">
                <Form.Label>{t('fields.registryCity')}</Form.Label>
                <Form.Control isInvalid={!!errors.registryCity} {...register('registryCity')} />
                <Form.Control.Feedback type="invalid">{msg(errors.registryCity?.message)}</Form.Control.Feedback>
              </Form.Group>
            </>
          ) : null}
        </Row>
        <Button type="submit" variant="success" className="mt-4" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {t('save')}
        </Button>
      </fieldset>
    </Form>
  );
}
