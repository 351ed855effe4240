import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { INVOICE_KINDS, INVOICE_PAGE_SIZE, INVOICE_STATUSES, type Invoice, type InvoiceKind, type InvoiceStatus } from '@primeur/shared';
import { FilterSelect, ListSearchForm } from '../../../components/ListControls';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { Pager, useClampPage } from '../../../components/Pager';
import { useListParams } from '../../../lib/list-params';
import { adminInvoicesCsvUrl, useAdminInvoices, useRetryInvoice, type AdminInvoicesQuery } from '../api/invoices';
import { InvoicesTable } from './InvoicesTable';
import { paths } from '../../../lib/routes';

const FILTERS = ['status', 'kind'] as const;

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
  const query: AdminInvoicesQuery = { status, kind, page, size: INVOICE_PAGE_SIZE };
  const list = useAdminInvoices(query);
  useClampPage(page, list.data, setPage);
  const data = list.data;
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
      </ListSearchForm>
      {list.isLoading ? <Spinner aria-label={t('loading')} /> : null}
      {list.isError ? <LoadFailed message={t('list.loadError')} onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {data?.total === 0 ? <p data-testid="invoices-empty">{status || kind ? t('list.noMatch') : t('list.empty')}</p> : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-body-secondary small" aria-live="polite" data-testid="invoices-total">
            {t('list.total', { count: data.total })}
          </p>
          <InvoicesTable
            invoices={data.items}
            show="both"
            orderHref={(i) => paths.adminOrder(i.orderId)}
            testId="admin-invoices-table"
            retry={(i) => <RetryButton invoice={i} />}
          />
          <Pager page={page} size={data.size} total={data.total} onPage={setPage} busy={list.isPlaceholderData} testId="invoices-page" />
        </>
      ) : null}
    </section>
  );
}
