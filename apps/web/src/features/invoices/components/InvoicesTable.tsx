import { Fragment, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayLocale, formatDay, type Invoice } from '@primeur/shared';
import { useEuro } from '../../../lib/format';
import { invoicePdfUrl, invoiceXmlUrl } from '../api/invoices';
import { InvoiceStatusBadge, useNeedsText } from './InvoiceStatusBadge';
import { RecordPaymentDialog } from './RecordPaymentDialog';

interface InvoicesTableProps {
  invoices: Invoice[];
  /** Which parties to name: the other one on a company's tab, both for the operator. */
  show: 'buyer' | 'seller' | 'both';
  /** Where an invoice's order opens. */
  orderHref(invoice: Invoice): string;
  testId: string;
  /** The operator's "try again" on a waiting invoice. */
  retry?: (invoice: Invoice) => React.ReactNode;
  /** The operator's list: a party's name filters the list on that company. */
  onParty?(id: number): void;
}

/** "October 2026" in the reader's language. */
const formatMonth = (period: string, lng: string | undefined) =>
  new Intl.DateTimeFormat(displayLocale(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T12:00:00Z`));

/** Invoices as a table on a desk and one card each on a phone (`.table-cards`, decision 660). */
export function InvoicesTable({ invoices, show, orderHref, testId, retry, onParty }: InvoicesTableProps) {
  const { t, i18n } = useTranslation('invoices');
  const euro = useEuro();
  const needsText = useNeedsText();
  const lng = i18n.resolvedLanguage;
  const [paying, setPaying] = useState<number | null>(null);
  const partyName = (p: Invoice['seller']) =>
    onParty && p.id !== null ? (
      <Button variant="link" size="sm" className="p-0 text-start" onClick={() => onParty(p.id!)} title={t('admin.filterOn', { name: p.name })}>
        {p.name}
      </Button>
    ) : (
      p.name
    );
  return (
    <Table responsive size="sm" hover className="align-middle table-cards" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('list.number')}</th>
          <th>{t('list.date')}</th>
          <th>{t('list.order')}</th>
          {show !== 'buyer' ? <th>{t('list.seller')}</th> : null}
          {show !== 'seller' ? <th>{t('list.buyer')}</th> : null}
          <th className="text-end">{t('list.total')}</th>
          <th className="text-end">{t('list.balance')}</th>
          <th>{t('list.dueDate')}</th>
          <th>{t('list.status')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {invoices.map((i) => (
          <Fragment key={i.id}>
            <tr data-testid={`invoice-row-${i.id}`}>
              <td>
                <span className="fw-semibold text-nowrap">{i.number ?? t('list.noNumber')}</span>
                <div className="small text-body-secondary">{i.commissionPeriod ? t('kind.COMMISSION') : t(`kind.${i.kind}`)}</div>
              </td>
              <td data-label={t('list.date')} className="text-nowrap">
                {i.issueDate ? formatDay(i.issueDate, lng) : '–'}
              </td>
              <td data-label={t('list.order')} className="text-nowrap">
                {i.commissionPeriod ? (
                  <span data-testid={`invoice-commission-${i.id}`}>{t('list.commissionOf', { month: formatMonth(i.commissionPeriod, lng) })}</span>
                ) : (
                  <Link to={orderHref(i)}>{i.orderNumber}</Link>
                )}
              </td>
              {show !== 'buyer' ? <td data-label={t('list.seller')}>{partyName(i.seller)}</td> : null}
              {show !== 'seller' ? <td data-label={t('list.buyer')}>{partyName(i.buyer)}</td> : null}
              <td data-label={t('list.total')} className="text-end text-nowrap">
                {i.total === null ? '–' : euro(i.kind === 'CREDIT_NOTE' ? -i.total : i.total)}
              </td>
              <td data-label={t('list.balance')} className="text-end text-nowrap" data-testid={`invoice-balance-${i.id}`}>
                {i.balance === null ? '–' : euro(i.balance)}
              </td>
              <td data-label={t('list.dueDate')} className="text-nowrap">
                {i.dueDate ? formatDay(i.dueDate, lng) : '–'}
              </td>
              <td data-label={t('list.status')}>
                <InvoiceStatusBadge status={i.status} />
                {i.status === 'NEEDS_DATA' || i.status === 'NEEDS_ATTENTION' ? (
                  <div className="small text-body-secondary" data-testid={`invoice-reason-${i.id}`}>
                    {needsText(i.needs, i.status)}
                  </div>
                ) : null}
                {i.payments.length ? (
                  <ul className="list-unstyled small text-body-secondary mb-0 mt-1" data-testid={`invoice-payments-${i.id}`}>
                    {i.payments.map((p) => (
                      <li key={p.id}>
                        {t(i.kind === 'CREDIT_NOTE' ? 'payments.refundLine' : 'payments.line', { date: formatDay(p.paidOn, lng), amount: euro(p.amount) })}
                        {p.reference ? ` · ${p.reference}` : ''}
                        {p.recordedBy ? <span className="d-block">{t('payments.by', { name: p.recordedBy.name })}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td>
                {/* The actions wrap on a phone, where the row is a card as wide as the window. */}
                <div className="d-flex flex-wrap gap-1">
                  {i.documents && i.number ? (
                    <>
                      <a href={invoicePdfUrl(i.id)} className="btn btn-outline-secondary btn-sm text-nowrap" aria-label={t('docs.pdfOf', { number: i.number })}>
                        {t('docs.pdf')}
                      </a>
                      <a
                        href={invoiceXmlUrl(i.id)}
                        className="btn btn-outline-secondary btn-sm text-nowrap"
                        download
                        aria-label={t('docs.xmlOf', { number: i.number })}
                      >
                        {t('docs.xml')}
                      </a>
                    </>
                  ) : null}
                  {i.canRecordPayment ? (
                    <Button size="sm" variant="outline-success" className="text-nowrap" onClick={() => setPaying(i.id)}>
                      {t(i.kind === 'CREDIT_NOTE' ? 'payments.openRefund' : 'payments.open')}
                    </Button>
                  ) : null}
                  {retry && (i.status === 'NEEDS_DATA' || i.status === 'NEEDS_ATTENTION') ? retry(i) : null}
                </div>
              </td>
            </tr>
            {paying === i.id ? <RecordPaymentDialog invoice={i} onClose={() => setPaying(null)} /> : null}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}
