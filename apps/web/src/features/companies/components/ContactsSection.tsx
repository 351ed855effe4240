import { useState } from 'react';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@primeur/shared';
import type { CompanyKind } from '../api/get-company-options';
import { AddContactModal } from './AddContactModal';
import { ContactCard } from './ContactCard';
import { SectionHeading } from './SectionHeading';

interface Props {
  kind: CompanyKind;
  ownerId: number;
  contacts: Contact[];
  countryCode?: string | null;
}

export function ContactsSection({ kind, ownerId, contacts, countryCode }: Props) {
  const { t } = useTranslation('companies');
  const [adding, setAdding] = useState(false);
  return (
    <section className="mb-4" aria-labelledby="contacts-title">
      <SectionHeading id="contacts-title" title={t('contact.title')} addLabel={t('contact.add')} onAdd={() => setAdding(true)} />
      {contacts.length === 0 ? <p className="text-body-secondary">{t('contact.none')}</p> : null}
      <Row xs={1} lg={2} className="g-3">
        {contacts.map((c) => (
          <Col key={c.id}>
            <ContactCard kind={kind} contact={c} countryCode={countryCode} />
          </Col>
        ))}
      </Row>
      <AddContactModal kind={kind} ownerId={ownerId} countryCode={countryCode} show={adding} onHide={() => setAdding(false)} />
    </section>
  );
}
