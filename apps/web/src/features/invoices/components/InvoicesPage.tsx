import { Nav, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { INVOICE_PAGE_SIZE, INVOICE_STATUSES, type InvoiceStatus } from '@primeur/shared';
import { FilterSelect, ListSearchForm } from '../../../components/ListControls';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { Pager, useClampPage } from '../../../components/Pager';
import { useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useUserInvoices } from '../api/invoices';
import { InvoicesTable } from './InvoicesTable';
import { InvoicingSettingsForm } from './InvoicingSettingsForm';
import { paths } from '../../../lib/routes';

const FILTERS = ['side', 'status'] as const;
type Side = 'issued' | 'received';

/**
 * /user/invoices: what the company issued (as a seller, through Primeur's billing mandate) or received,
 * newest first, a page at a time; tab, status and page live in the address (decision 632). A supplier
 * lands on what it issued, a buyer on what it received.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const { user } = useSession();
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const side: Side = filters.side === 'issued' || filters.side === 'received' ? filters.side : user?.category === 'supplier' ? 'issued' : 'received';
  const status = (INVOICE_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as InvoiceStatus) : undefined;
  const list = useUserInvoices({ side, status, page, size: INVOICE_PAGE_SIZE });
  useClampPage(page, list.data, setPage);
  const data = list.data;
  return (
    <section>
      <PageTitle>{t('title')}</PageTitle>
      <Nav variant="tabs" className="mb-3" activeKey={side} onSelect={(k) => k && setFilters({ side: k })} role="tablist">
        {(['issued', 'received'] as const).map((s) => (
          <Nav.Item key={s}>
            <Nav.Link eventKey={s} role="tab" aria-selected={side === s} data-testid={`invoices-tab-${s}`}>
              {t(`tabs.${s}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {side === 'issued' && user?.category === 'supplier' ? <InvoicingSettingsForm /> : null}
      <ListSearchForm>
        <FilterSelect
          id="invoices-status"
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
      </ListSearchForm>
      {list.isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {list.isError ? <LoadFailed message={t('list.loadError')} onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {data?.total === 0 ? <p data-testid="invoices-empty">{status ? t('list.noMatch') : t('list.empty')}</p> : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-body-secondary small" aria-live="polite" data-testid="invoices-total">
            {t('list.total', { count: data.total })}
          </p>
          <div style={list.isPlaceholderData ? { opacity: 0.6 } : undefined}>
            <InvoicesTable
              invoices={data.items}
              show={side === 'issued' ? 'buyer' : 'seller'}
              orderHref={(i) => paths.order(i.orderId ?? '')}
              testId="invoices-table"
            />
          </div>
          <Pager page={page} size={data.size} total={data.total} onPage={setPage} busy={list.isPlaceholderData} testId="invoices-page" />
        </>
      ) : null}
    </section>
  );
}
