import { Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@primeur/shared';
import { useEuro } from '../../../lib/format';
import { invoicePdfUrl, invoiceXmlUrl, useInvoicesById } from '../api/invoices';
import { InvoiceStatusBadge, useNeedsText } from './InvoiceStatusBadge';

/** The order page's small section: its invoice and credit notes, with their documents. */
export function OrderInvoices({ invoiceIds }: { invoiceIds: number[] }) {
  const { t, i18n } = useTranslation('invoices');
  const euro = useEuro();
  const needsText = useNeedsText();
  const results = useInvoicesById(invoiceIds);
  return (
    <Card className="mb-3" data-testid="order-invoices">
      <Card.Header as="h2" className="h6 mb-0">
        {t('order.title')}
      </Card.Header>
      {invoiceIds.length === 0 ? (
        <Card.Body className="small text-body-secondary">{t('order.none')}</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {results.map((r, n) => {
            const i = r.data;
            if (!i) return <ListGroup.Item key={invoiceIds[n]}>{r.isError ? t('list.loadError') : t('loading')}</ListGroup.Item>;
            return (
              <ListGroup.Item key={i.id} className="d-flex flex-wrap align-items-center gap-2" data-testid={`order-invoice-${i.id}`}>
                <span className="fw-semibold">{t(`kind.${i.kind}`)}</span>
                <span>{i.number ?? t('list.noNumber')}</span>
                {i.precedingNumber ? <span className="small text-body-secondary">{t('order.corrects', { number: i.precedingNumber })}</span> : null}
                {i.issueDate ? <span className="small">{formatDay(i.issueDate, i18n.resolvedLanguage)}</span> : null}
                {i.total !== null ? <span className="ms-auto">{euro(i.kind === 'CREDIT_NOTE' ? -i.total : i.total)}</span> : null}
                <InvoiceStatusBadge status={i.status} />
                {i.status === 'NEEDS_DATA' ? <span className="w-100 small text-body-secondary">{t('needsHelp', { reasons: needsText(i.needs) })}</span> : null}
                {i.documents && i.number ? (
                  <span className="w-100">
                    <a href={invoicePdfUrl(i.id)} className="btn btn-outline-secondary btn-sm me-1" aria-label={t('docs.pdfOf', { number: i.number })}>
                      {t('docs.pdf')}
                    </a>
                    <a href={invoiceXmlUrl(i.id)} className="btn btn-outline-secondary btn-sm" download aria-label={t('docs.xmlOf', { number: i.number })}>
                      {t('docs.xml')}
                    </a>
                  </span>
                ) : null}
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
    </Card>
  );
}
