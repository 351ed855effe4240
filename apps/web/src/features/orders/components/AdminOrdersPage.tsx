import { Col, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import AsyncSelect from 'react-select/async';
import { ADMIN_PAGE_SIZE, ORDER_STATUSES, type IsoDay, type Page, type UserCard } from '@primeur/shared';
import { DateField } from '../../../components/DateField';
import { ListFilters } from '../../../components/ListControls';
import { PagedList, pagedTexts } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { api } from '../../../lib/api';
import { oneOf, useListPage } from '../../../lib/list-params';
import { adminOrdersCsvUrl, useAdminOrders, type AdminOrdersQuery } from '../api/admin-orders';
import { OrdersTable } from './OrdersTable';
import { orderStatusFilter } from './order-filters';
import { paths } from '../../../lib/routes';
import { pickerProps } from '../../../components/picker';

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
  const params = useListPage(FILTERS);
  const { filters, setFilters } = params;
  const status = oneOf(ORDER_STATUSES, filters.status);
  const query: AdminOrdersQuery = {
    status,
    party: /^[1-9]\d{0,9}$/.test(filters.party) ? Number(filters.party) : undefined,
    from: DAY.test(filters.from) ? filters.from : undefined,
    to: DAY.test(filters.to) ? filters.to : undefined,
    q: filters.q || undefined,
    page: params.page,
    size: ADMIN_PAGE_SIZE,
  };
  const list = useAdminOrders(query);
  const party = filters.party ? { value: filters.party, label: filters.partyName || `#${filters.party}` } : null;
  const dateField = (key: 'from' | 'to') => (
    <Col xs={6} md={4} lg={2}>
      <DateField
        id={`admin-orders-${key}`}
        label={t(`admin.${key}`)}
        placeholder={t(`admin.${key}`)}
        value={(query[key] as IsoDay | undefined) ?? ''}
        onChange={(v) => setFilters({ [key]: v })}
      />
    </Col>
  );

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <PageTitle className="h3 mb-0">{t('admin.title')}</PageTitle>
        <a className="btn btn-outline-secondary btn-sm" href={adminOrdersCsvUrl(query)} download data-testid="orders-csv">
          {t('admin.csv')}
        </a>
      </div>
      <ListFilters
        idPrefix="admin-orders"
        params={params}
        search={[t('admin.search'), t('admin.searchPlaceholder'), '12 - 6 3']}
        selects={[orderStatusFilter(t, status, '12 6 6 2')]}
      >
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
            {...pickerProps<PartyOption>()}
          />
        </Col>
        {dateField('from')}
        {dateField('to')}
      </ListFilters>
      <PagedList list={list} params={params} testId="orders" texts={pagedTexts(t, 'list')} empty={t('list.noMatch')}>
        {(items) => <OrdersTable orders={items} show="both" href={(o) => paths.adminOrder(o.id)} testId="admin-orders-table" />}
      </PagedList>
    </section>
  );
}
