import { useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { UserCard } from '@primeur/shared';
import { useToast } from '../../../components/Toasts';
import { companyLegalFormFields, companyLegalPayload, refineCompanyLegal } from '../../../lib/company-legal-form';
import { useInvalidateUsers } from '../api/admin-users';
import { putCompanyLegal } from '../api/company-legal';

const schema = z.object({ ...companyLegalFormFields, country: z.object({ alpha2: z.string() }).nullable() }).superRefine(refineCompanyLegal);
type LegalForm = z.input<typeof schema>;

/**
 * The back office corrects a company's registration identifier and legal facts (decision 968); the
 * same rule as the profile, by the company's country; the server checks again.
 */
export function CompanyLegalModal({ user, show, onClose }: { user: UserCard; show: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tu } = useTranslation('users');
  const toast = useToast();
  const invalidate = useInvalidateUsers();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LegalForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      country: user.country ? { alpha2: user.country.alpha2 } : null,
      registrationId: user.registrationId ?? '',
      legalForm: user.legalForm ?? '',
      shareCapital: user.shareCapital === null ? '' : String(user.shareCapital),
      registryCity: user.registryCity ?? '',
    },
    reValidateMode: 'onChange',
  });
  const msg = (m?: string) => (m ? t(m) : null);
  const onSubmit = handleSubmit(async (v) => {
    setServerError(null);
    try {
      await putCompanyLegal(user.userId, companyLegalPayload(v));
      invalidate();
      toast.show('dataModifiedSuccess');
      onClose();
    } catch {
      setServerError(tu('legal.refused'));
    }
  });
  const field = (name: 'registrationId' | 'legalForm' | 'shareCapital' | 'registryCity', label: string) => (
    <Form.Group className="mb-3" controlId={`legal-${name}-${user.userId}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control isInvalid={!!errors[name]} {...register(name)} />
      <Form.Control.Feedback type="invalid">{msg(errors[name]?.message)}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Modal show={show} onHide={onClose}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {tu('legal.title', { company: user.companyName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {field('registrationId', t('fields.registrationId'))}
          {field('legalForm', t('fields.legalForm'))}
          {field('shareCapital', t('fields.shareCapital'))}
          {field('registryCity', t('fields.registryCity'))}
          {serverError ? <div className="text-danger small">{serverError}</div> : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {tu('legal.cancel')}
          </Button>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
            {tu('legal.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
