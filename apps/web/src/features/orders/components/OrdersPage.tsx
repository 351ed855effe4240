import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, ORDER_STATUSES } from '@primeur/shared';
import { ListFilters, ListTabs } from '../../../components/ListControls';
import { PagedList, pagedTexts } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { oneOf, useListPage } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useLiveOrders } from '../api/live-orders';
import { useUserOrders } from '../api/user-orders';
import { OrdersTable } from './OrdersTable';
import { orderStatusFilter } from './order-filters';
import { paths } from '../../../lib/routes';

// A seller's pallet numbering: fetched after the list's first paint (the web budget).
const ShippingSettingsForm = lazy(async () => ({ default: (await import('./ShippingSettingsForm')).ShippingSettingsForm }));

const FILTERS = ['side', 'status', 'q'] as const;
const SIDES = ['buying', 'selling'] as const;

/**
 * /user/orders: the company's orders, bought or sold, newest first, a page at a time; the tab, the status
 * filter, the search and the page live in the address (decision 632). A supplier lands on what it sold,
 * a buyer on what it bought. Live: an order that changes refreshes the page.
 */
export function OrdersPage({ notices }: { notices?: ReactNode } = {}) {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const params = useListPage(FILTERS);
  const { page, filters, setFilters } = params;
  const side = oneOf(SIDES, filters.side) ?? (user?.category === 'supplier' ? 'selling' : 'buying');
  const status = oneOf(ORDER_STATUSES, filters.status);
  const list = useUserOrders({ side, status, q: filters.q || undefined, page, size: ADMIN_PAGE_SIZE });
  useLiveOrders();

  return (
    <section>
      <PageTitle>{t('title')}</PageTitle>
      {notices}
      <Suspense fallback={null}>{side === 'selling' && user?.category === 'supplier' ? <ShippingSettingsForm /> : null}</Suspense>
      <ListTabs value={side} tabs={SIDES.map((s) => [s, t(`list.${s}`)] as const)} onSelect={(s) => setFilters({ side: s })} testId="orders-tab" />
      <ListFilters
        idPrefix="orders"
        params={params}
        search={[t('list.search'), t('list.searchPlaceholder'), '12 - 6 5']}
        selects={[orderStatusFilter(t, status)]}
      />
      <PagedList list={list} params={params} testId="orders" texts={pagedTexts(t, 'list')} empty={status || filters.q ? t('list.noMatch') : t('list.empty')}>
        {(items) => <OrdersTable orders={items} show={side === 'buying' ? 'seller' : 'buyer'} href={(o) => paths.order(o.id)} testId="orders-table" />}
      </PagedList>
    </section>
  );
}
