import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@primeur/shared';
import { useDeleteContact, useModifyContact } from '../api/contacts';
import type { CompanyKind } from '../api/get-company-options';
import { ConfirmModal } from './ConfirmModal';
import { contactFields, editContactForm, type ContactForm } from './contact-forms';
import { ContactFields } from './ContactFields';
import { useNotify } from './notify';
import { defaultDialCountry, fromE164 } from './PhoneInput';

/** A contact, read-only until its edit switch is on; save and delete only then (spec §4). */
export function ContactCard({ kind, contact, countryCode }: { kind: CompanyKind; contact: Contact; countryCode?: string | null }) {
  const { t } = useTranslation('companies');
  const notify = useNotify();
  const modify = useModifyContact(kind);
  const remove = useDeleteContact(kind);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const values = (): ContactForm => ({
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    note: contact.note ?? '',
    phone: fromE164(contact.phone, defaultDialCountry(countryCode)),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({ resolver: zodResolver(editContactForm), values: values(), reValidateMode: 'onChange' });

  const toggle = (on: boolean) => {
    setEditing(on);
    if (!on) reset(values());
  };
  const onSave = handleSubmit(async (v) => {
    try {
      await modify.mutateAsync({ id: contact.id, ...contactFields(v) });
      notify.saved();
      setEditing(false);
    } catch (err) {
      notify.failed(err);
    }
  });
  const onDelete = async () => {
    try {
      await remove.mutateAsync(contact.id);
      notify.saved();
    } catch (err) {
      notify.failed(err);
    } finally {
      setConfirming(false);
    }
  };
  const name = `${contact.firstName} ${contact.lastName}`;

  return (
    <Card className="h-100 shadow-sm" data-testid={`contact-card-${contact.id}`}>
      <Form noValidate onSubmit={onSave}>
        <Card.Header className="d-flex justify-content-between align-items-center bg-transparent">
          <strong className="text-truncate">{name}</strong>
          <Form.Check
            type="switch"
            role="switch"
            id={`contact-edit-${contact.id}`}
            label={t('contact.edit')}
            checked={editing}
            onChange={(e) => toggle(e.target.checked)}
          />
        </Card.Header>
        <Card.Body>
          <fieldset disabled={isSubmitting}>
            <ContactFields idPrefix={`contact-${contact.id}`} register={register} control={control} errors={errors} readOnly={!editing} />
          </fieldset>
        </Card.Body>
        <Card.Footer className="bg-transparent d-flex gap-2 justify-content-end">
          <Button size="sm" variant="outline-danger" disabled={!editing || remove.isPending} onClick={() => setConfirming(true)}>
            {t('common:actions.delete')}
          </Button>
          <Button size="sm" type="submit" disabled={!editing || isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </Card.Footer>
      </Form>
      <ConfirmModal
        show={confirming}
        title={t('contact.deleteTitle')}
        body={t('contact.deleteBody', { name })}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
