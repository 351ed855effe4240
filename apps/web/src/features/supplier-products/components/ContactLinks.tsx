import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@primeur/shared';

/** wa.me wants the international number with digits only (no +, spaces or dashes). */
export const whatsappUrl = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;
export const telUrl = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The supplier's contacts, each with a WhatsApp chat link and a phone-call link (spec §2). */
export function ContactLinks({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation('supplier-products');
  if (!contacts.length) return <p className="text-muted">{t('details.noContacts')}</p>;
  return (
    <Row xs={1} md={2} lg={3} className="g-3">
      {contacts.map((c) => (
        <Col key={c.id}>
          <Card className="h-100" data-testid={`contact-${c.id}`}>
            <Card.Body>
              <Card.Title as="h3" className="h6 mb-1">
                {c.firstName} {c.lastName}
              </Card.Title>
              <div className="small">
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </div>
              <div className="small mb-2">{c.phone}</div>
              {c.note ? <div className="small text-muted mb-2">{c.note}</div> : null}
              <a className="btn btn-sm btn-success me-2" href={whatsappUrl(c.phone)} target="_blank" rel="noopener noreferrer">
                {t('details.whatsapp')}
              </a>
              <a className="btn btn-sm btn-outline-secondary" href={telUrl(c.phone)}>
                {t('details.call')}
              </a>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
