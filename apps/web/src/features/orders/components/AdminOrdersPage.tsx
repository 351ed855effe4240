import { Col, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import AsyncSelect from 'react-select/async';
import { ADMIN_PAGE_SIZE, ORDER_STATUSES, type IsoDay, type OrderStatus, type Page, type UserCard } from '@primeur/shared';
import { DateField } from '../../../components/DateField';
import { FilterSelect, ListSearchForm, SearchField } from '../../../components/ListControls';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { Pager, useClampPage } from '../../../components/Pager';
import { api } from '../../../lib/api';
import { useListParams, useSearchInAddress } from '../../../lib/list-params';
import { adminOrdersCsvUrl, useAdminOrders, type AdminOrdersQuery } from '../api/admin-orders';
import { OrdersTable } from './OrdersTable';
import { paths } from '../../../lib/routes';

const FILTERS = ['status', 'party', 'partyName', 'from', 'to', 'q'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface PartyOption {
  value: string;
  label: string;
}

/** Companies whose name matches what the operator types (the admin user list's own search). */
async function findParties(words: string): Promise<PartyOption[]> {
  const params = new URLSearchParams({ page: '1', size: '20' });
  if (words.trim()) params.set('q', words.trim());
  const page = await api.get<Page<UserCard>>(`/api/admin/getAllBP?${params.toString()}`);
  return page.items.filter((u) => u.category !== 'admin').map((u) => ({ value: String(u.userId), label: u.companyName }));
}

/**
 * /admin/orders: every order for the operator, newest first, filtered by status, company (buyer or
 * seller), creation day and words; the same filters give the CSV. Filters and page live in the address.
 */
export function AdminOrdersPage() {
  const { t } = useTranslation('orders');
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const [search, setSearch] = useSearchInAddress(filters.q, setFilters);
  const status = (ORDER_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as OrderStatus) : undefined;
  const query: AdminOrdersQuery = {
    status,
    party: /^[1-9]\d{0,9}$/.test(filters.party) ? Number(filters.party) : undefined,
    from: DAY.test(filters.from) ? filters.from : undefined,
    to: DAY.test(filters.to) ? filters.to : undefined,
    q: filters.q || undefined,
    page,
    size: ADMIN_PAGE_SIZE,
  };
  const list = useAdminOrders(query);
  useClampPage(page, list.data, setPage);
  const data = list.data;
  const party = filters.party ? { value: filters.party, label: filters.partyName || `#${filters.party}` } : null;

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <PageTitle className="h3 mb-0">{t('admin.title')}</PageTitle>
        <a className="btn btn-outline-secondary btn-sm" href={adminOrdersCsvUrl(query)} download data-testid="orders-csv">
          {t('admin.csv')}
        </a>
      </div>
      <ListSearchForm>
        <SearchField
          id="admin-orders-search"
          xs={12}
          md={6}
          lg={3}
          label={t('admin.search')}
          placeholder={t('admin.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="admin-orders-status"
          xs={12}
          sm={6}
          md={6}
          lg={2}
          label={t('list.status')}
          value={status ?? ''}
          onChange={(v) => setFilters({ status: v })}
          allLabel={t('list.allStatuses')}
          options={ORDER_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
        />
        <Col xs={12} sm={6} md={4} lg={3}>
          <Form.Label htmlFor="admin-orders-party" visuallyHidden>
            {t('admin.party')}
          </Form.Label>
          <AsyncSelect<PartyOption>
            inputId="admin-orders-party"
            cacheOptions
            defaultOptions
            isClearable
            loadOptions={findParties}
            value={party}
            placeholder={t('admin.partyPlaceholder')}
            aria-label={t('admin.party')}
            onChange={(o) => setFilters({ party: o?.value ?? '', partyName: o?.label ?? '' })}
          />
        </Col>
        <Col xs={6} md={4} lg={2}>
          <DateField
            id="admin-orders-from"
            label={t('admin.from')}
            placeholder={t('admin.from')}
            value={(query.from as IsoDay | undefined) ?? ''}
            onChange={(v) => setFilters({ from: v })}
          />
        </Col>
        <Col xs={6} md={4} lg={2}>
          <DateField
            id="admin-orders-to"
            label={t('admin.to')}
            placeholder={t('admin.to')}
            value={(query.to as IsoDay | undefined) ?? ''}
            onChange={(v) => setFilters({ to: v })}
          />
        </Col>
      </ListSearchForm>
      {list.isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {list.isError ? <LoadFailed message={t('list.loadError')} onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {data?.total === 0 ? <p data-testid="orders-empty">{t('list.noMatch')}</p> : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-body-secondary small" aria-live="polite" data-testid="orders-total">
            {t('list.total', { count: data.total })}
          </p>
          <div style={list.isPlaceholderData ? { opacity: 0.6 } : undefined}>
            <OrdersTable orders={data.items} show="both" href={(o) => paths.adminOrder(o.id)} testId="admin-orders-table" />
          </div>
          <Pager page={page} size={data.size} total={data.total} onPage={setPage} busy={list.isPlaceholderData} testId="orders-page" />
        </>
      ) : null}
    </section>
  );
}
