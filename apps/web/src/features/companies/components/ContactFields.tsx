import { Col, Form, Row } from 'react-bootstrap';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactForm } from './contact-forms';
import { PhoneInput } from './PhoneInput';

interface Props {
  idPrefix: string;
  register: UseFormRegister<ContactForm>;
  control: Control<ContactForm>;
  errors: FieldErrors<ContactForm>;
  readOnly?: boolean;
}

/** The five contact fields, shared by the add modal and the contact cards. */
export function ContactFields({ idPrefix, register, control, errors, readOnly }: Props) {
  const { t } = useTranslation('companies');
  const msg = (m?: string) => (m ? t(m) : null);
  return (
    <Row className="g-2">
      <Form.Group as={Col} sm={6} controlId={`${idPrefix}-first`}>
        <Form.Label className="small mb-1">{t('contact.firstName')}</Form.Label>
        <Form.Control size="sm" readOnly={readOnly} isInvalid={!!errors.firstName} {...register('firstName')} />
        <Form.Control.Feedback type="invalid">{msg(errors.firstName?.message)}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} sm={6} controlId={`${idPrefix}-last`}>
        <Form.Label className="small mb-1">{t('contact.lastName')}</Form.Label>
        <Form.Control size="sm" readOnly={readOnly} isInvalid={!!errors.lastName} {...register('lastName')} />
        <Form.Control.Feedback type="invalid">{msg(errors.lastName?.message)}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} xs={12} controlId={`${idPrefix}-email`}>
        <Form.Label className="small mb-1">{t('contact.email')}</Form.Label>
        <Form.Control size="sm" type="email" readOnly={readOnly} isInvalid={!!errors.email} {...register('email')} />
        <Form.Control.Feedback type="invalid">{msg(errors.email?.message)}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group as={Col} xs={12}>
        <Form.Label className="small mb-1" htmlFor={`${idPrefix}-phone`}>
          {t('contact.phone')}
        </Form.Label>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneInput id={`${idPrefix}-phone`} value={field.value} onChange={field.onChange} invalid={!!errors.phone} readOnly={readOnly} />
          )}
        />
        {errors.phone ? (
          <div className="invalid-feedback d-block" data-testid={`${idPrefix}-phone-error`}>
            {msg(errors.phone.message)}
          </div>
        ) : null}
      </Form.Group>
      <Form.Group as={Col} xs={12} controlId={`${idPrefix}-note`}>
        <Form.Label className="small mb-1">
          {t('contact.note')} <span className="text-body-secondary">({t('common:optional')})</span>
        </Form.Label>
        <Form.Control size="sm" as="textarea" rows={2} readOnly={readOnly} isInvalid={!!errors.note} {...register('note')} />
        <Form.Control.Feedback type="invalid">{msg(errors.note?.message)}</Form.Control.Feedback>
      </Form.Group>
    </Row>
  );
}
