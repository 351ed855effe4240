import { Badge, Button, CloseButton, Col, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { INVOICE_KINDS, INVOICE_PAGE_SIZE, INVOICE_STATUSES, isIsoDay, type Invoice, type InvoiceKind, type InvoiceStatus } from '@primeur/shared';
import { FilterSelect, ListSearchForm } from '../../../components/ListControls';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { Pager, useClampPage } from '../../../components/Pager';
import { useListParams } from '../../../lib/list-params';
import { adminInvoicesCsvUrl, useAdminInvoices, useRetryInvoice, type AdminInvoicesQuery } from '../api/invoices';
import { InvoicesTable } from './InvoicesTable';
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
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const status = (INVOICE_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as InvoiceStatus) : undefined;
  const kind = (INVOICE_KINDS as readonly string[]).includes(filters.kind) ? (filters.kind as InvoiceKind) : undefined;
  const party = partyParam(filters.party);
  const from = dayParam(filters.from);
  const to = dayParam(filters.to);
  const query: AdminInvoicesQuery = { status, kind, party, from, to, page, size: INVOICE_PAGE_SIZE };
  const list = useAdminInvoices(query);
  useClampPage(page, list.data, setPage);
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
      <Form.Control id={`admin-invoices-${key}`} type="date" size="sm" value={value ?? ''} onChange={(e) => setFilters({ [key]: e.target.value })} />
    </Col>
  );
  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <PageTitle>{t('admin.title')}</PageTitle>
        <a className="btn btn-outline-secondary btn-sm" href={adminInvoicesCsvUrl(query)} download data-testid="invoices-csv">
          {t('admin.csv')}
        </a>
      </div>
      <ListSearchForm>
        <FilterSelect
          id="admin-invoices-status"
          xs={12}
          sm={6}
          md={4}
          lg={3}
          label={t('list.status')}
          value={status ?? ''}
          onChange={(v) => setFilters({ status: v })}
          allLabel={t('list.allStatuses')}
          options={INVOICE_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
        />
        <FilterSelect
          id="admin-invoices-kind"
          xs={12}
          sm={6}
          md={4}
          lg={3}
          label={t('admin.kind')}
          value={kind ?? ''}
          onChange={(v) => setFilters({ kind: v })}
          allLabel={t('admin.allKinds')}
          options={INVOICE_KINDS.map((k) => [k, t(`kind.${k}`)] as const)}
        />
        {dateField('from', from)}
        {dateField('to', to)}
      </ListSearchForm>
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
      {list.isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {list.isError ? <LoadFailed message={t('list.loadError')} onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {data?.total === 0 ? <p data-testid="invoices-empty">{filtered ? t('list.noMatch') : t('list.empty')}</p> : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-body-secondary small" aria-live="polite" data-testid="invoices-total">
            {t('list.total', { count: data.total })}
          </p>
          <InvoicesTable
            invoices={data.items}
            show="both"
            orderHref={(i) => paths.adminOrder(i.orderId ?? '')}
            testId="admin-invoices-table"
            retry={(i) => <RetryButton invoice={i} />}
            onParty={(id) => setFilters({ party: String(id) })}
          />
          <Pager page={page} size={data.size} total={data.total} onPage={setPage} busy={list.isPlaceholderData} testId="invoices-page" />
        </>
      ) : null}
    </section>
  );
}
