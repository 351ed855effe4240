import { Nav, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, ORDER_STATUSES, type OrderStatus } from '@primeur/shared';
import { FilterSelect, ListSearchForm, SearchField } from '../../../components/ListControls';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { Pager, useClampPage } from '../../../components/Pager';
import { useListParams, useSearchInAddress } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useLiveOrders } from '../api/live-orders';
import { useUserOrders } from '../api/user-orders';
import { OrdersTable } from './OrdersTable';
import { paths } from '../../../lib/routes';

const FILTERS = ['side', 'status', 'q'] as const;
type Side = 'buying' | 'selling';

/**
 * /user/orders: the company's orders, bought or sold, newest first, a page at a time; the tab, the status
 * filter, the search and the page live in the address (decision 632). A supplier lands on what it sold,
 * a buyer on what it bought. Live: an order that changes refreshes the page.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const [search, setSearch] = useSearchInAddress(filters.q, setFilters);
  const side: Side = filters.side === 'buying' || filters.side === 'selling' ? filters.side : user?.category === 'supplier' ? 'selling' : 'buying';
  const status = (ORDER_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as OrderStatus) : undefined;
  const list = useUserOrders({ side, status, q: filters.q || undefined, page, size: ADMIN_PAGE_SIZE });
  useClampPage(page, list.data, setPage);
  useLiveOrders();
  const filtered = Boolean(status || filters.q);
  const data = list.data;

  return (
    <section>
      <PageTitle>{t('title')}</PageTitle>
      <Nav variant="tabs" className="mb-3" activeKey={side} onSelect={(k) => k && setFilters({ side: k })} role="tablist">
        {(['buying', 'selling'] as const).map((s) => (
          <Nav.Item key={s}>
            <Nav.Link eventKey={s} role="tab" aria-selected={side === s} data-testid={`orders-tab-${s}`}>
              {t(`list.${s}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <ListSearchForm>
        <SearchField
          id="orders-search"
          xs={12}
          md={6}
          lg={5}
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="orders-status"
          xs={12}
          sm={6}
          md={4}
          lg={3}
          label={t('list.status')}
          value={status ?? ''}
          onChange={(v) => setFilters({ status: v })}
          allLabel={t('list.allStatuses')}
          options={ORDER_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
        />
      </ListSearchForm>
      {list.isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {list.isError ? <LoadFailed message={t('list.loadError')} onRetry={() => void list.refetch()} busy={list.isFetching} /> : null}
      {data?.total === 0 ? <p data-testid="orders-empty">{filtered ? t('list.noMatch') : t('list.empty')}</p> : null}
      {data && data.total > 0 ? (
        <>
          <p className="text-body-secondary small" aria-live="polite" data-testid="orders-total">
            {t('list.total', { count: data.total })}
          </p>
          <div style={list.isPlaceholderData ? { opacity: 0.6 } : undefined}>
            <OrdersTable orders={data.items} show={side === 'buying' ? 'seller' : 'buyer'} href={(o) => paths.order(o.id)} testId="orders-table" />
          </div>
          <Pager page={page} size={data.size} total={data.total} onPage={setPage} busy={list.isPlaceholderData} testId="orders-page" />
        </>
      ) : null}
    </section>
  );
}
