import { Badge, Button, CloseButton, Col, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { INVOICE_KINDS, INVOICE_PAGE_SIZE, INVOICE_STATUSES, isIsoDay, type Invoice } from '@primeur/shared';
import { DateField } from '../../../components/DateField';
import { ListFilters, optionsOf } from '../../../components/ListControls';
import { PagedList, pagedTexts } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { oneOf, useListPage } from '../../../lib/list-params';
import { adminInvoicesCsvUrl, useAdminInvoices, useRetryInvoice, type AdminInvoicesQuery } from '../api/invoices';
import { InvoicesTable } from './InvoicesTable';
import { invoiceStatusFilter } from './invoice-filters';
import { paths } from '../../../lib/routes';

const FILTERS = ['status', 'kind', 'party', 'from', 'to'] as const;

/** A company id from the address: digits that fit the database's integer, else no filter. */
const partyParam = (v: string) => (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? Number(v) : undefined);
const dayParam = (v: string) => (isIsoDay(v) ? v : undefined);

function RetryButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const retry = useRetryInvoice(invoice.id);
  return (
    <Button size="sm" variant="outline-warning" disabled={retry.isPending} onClick={() => retry.mutate()}>
      {t('admin.retry')}
    </Button>
  );
}

/** /admin/invoices: every invoice and credit note, filtered, with the accounting journal as CSV. */
export function AdminInvoicesPage() {
  const { t } = useTranslation('invoices');
  const params = useListPage(FILTERS);
  const { filters, setFilters } = params;
  const status = oneOf(INVOICE_STATUSES, filters.status);
  const kind = oneOf(INVOICE_KINDS, filters.kind);
  const party = partyParam(filters.party);
  const from = dayParam(filters.from);
  const to = dayParam(filters.to);
  const query: AdminInvoicesQuery = { status, kind, party, from, to, page: params.page, size: INVOICE_PAGE_SIZE };
  const list = useAdminInvoices(query);
  const data = list.data;
  const filtered = Boolean(status || kind || party || from || to);
  // The company's name as its invoices state it (the filter is set by clicking a name in the list).
  const partyName = party
    ? data?.items.map((i) => (i.seller.id === party ? i.seller.name : i.buyer.id === party ? i.buyer.name : null)).find(Boolean)
    : undefined;
  const dateField = (key: 'from' | 'to', value: string | undefined) => (
    <Col xs={6} sm={6} md={4} lg={2}>
      <Form.Label htmlFor={`admin-invoices-${key}`} className="small mb-0">
        {t(`admin.${key}`)}
      </Form.Label>
      {/* The app's date field: the day in the reader's format, as on the other admin lists (not the browser's mm/dd/yyyy). */}
      <DateField id={`admin-invoices-${key}`} size="sm" value={value ?? ''} onChange={(v) => setFilters({ [key]: v })} />
    </Col>
  );
  const kinds = { name: 'kind', label: t('admin.kind'), all: t('admin.allKinds'), options: optionsOf(INVOICE_KINDS, t, 'kind'), value: kind ?? '' };
  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <PageTitle className="h3 mb-0">{t('admin.title')}</PageTitle>
        <a className="btn btn-outline-secondary btn-sm" href={adminInvoicesCsvUrl(query)} download data-testid="invoices-csv">
          {t('admin.csv')}
        </a>
      </div>
      <ListFilters idPrefix="admin-invoices" params={params} selects={[invoiceStatusFilter(t, status), kinds]}>
        {dateField('from', from)}
        {dateField('to', to)}
      </ListFilters>
      {party ? (
        <p data-testid="invoices-party-filter">
          <Badge bg="secondary" className="d-inline-flex align-items-center gap-2 fs-6 fw-normal">
            {t('admin.partyFilter', { name: partyName ?? `#${party}` })}
            <CloseButton variant="white" aria-label={t('admin.clearParty')} onClick={() => setFilters({ party: '' })} />
          </Badge>
        </p>
      ) : (
        <p className="small text-body-secondary">{t('admin.partyHint')}</p>
      )}
      <PagedList list={list} params={params} testId="invoices" texts={pagedTexts(t, 'list')} empty={filtered ? t('list.noMatch') : t('list.empty')}>
        {(items) => (
          <InvoicesTable
            invoices={items}
            show="both"
            orderHref={(i) => paths.adminOrder(i.orderId ?? '')}
            testId="admin-invoices-table"
            retry={(i) => <RetryButton invoice={i} />}
            onParty={(id) => setFilters({ party: String(id) })}
          />
        )}
      </PagedList>
    </section>
  );
}
