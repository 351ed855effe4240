import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useAddContact } from '../api/contacts';
import type { CompanyKind } from '../api/get-company-options';
import { addContactForm, contactFields, type ContactForm } from './contact-forms';
import { ContactFields } from './ContactFields';
import { useNotify } from './notify';
import { defaultDialCountry } from './PhoneInput';

interface Props {
  kind: CompanyKind;
  ownerId: number;
  /** Alpha-2 of the company's country: the phone picker's default (else us). */
  countryCode?: string | null;
  show: boolean;
  onHide(): void;
}

export function AddContactModal({ kind, ownerId, countryCode, show, onHide }: Props) {
  const { t } = useTranslation('companies');
  const notify = useNotify();
  const add = useAddContact(kind);
  const empty = (): ContactForm => ({ firstName: '', lastName: '', email: '', note: '', phone: { country: defaultDialCountry(countryCode), national: '' } });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({ resolver: zodResolver(addContactForm), defaultValues: empty(), reValidateMode: 'onChange' });

  const close = () => {
    reset(empty());
    onHide();
  };
  const onSubmit = handleSubmit(async (v) => {
    try {
      await add.mutateAsync({
        ...contactFields(v),
        [kind === 'supplier' ? 'supplierId' : 'clientId']: ownerId,
      });
      notify.saved();
      close();
    } catch (err) {
      notify.failed(err);
    }
  });

  return (
    <Modal show={show} onHide={close} onShow={() => reset(empty())} centered data-testid="add-contact-modal">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={t('common:actions.close')}>
          <Modal.Title as="h2" className="h5">
            {t('contact.addTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset disabled={isSubmitting}>
            <ContactFields idPrefix="new-contact" register={register} control={control} errors={errors} />
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {t('contact.addSubmit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
