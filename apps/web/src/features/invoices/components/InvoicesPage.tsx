import { useTranslation } from 'react-i18next';
import { INVOICE_PAGE_SIZE, INVOICE_STATUSES } from '@primeur/shared';
import { ListFilters, ListTabs } from '../../../components/ListControls';
import { PagedList, pagedTexts } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { oneOf, useListPage } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useUserInvoices } from '../api/invoices';
import { InvoicesTable } from './InvoicesTable';
import { InvoicingSettingsForm } from './InvoicingSettingsForm';
import { invoiceStatusFilter } from './invoice-filters';
import { paths } from '../../../lib/routes';

const FILTERS = ['side', 'status'] as const;
const SIDES = ['issued', 'received'] as const;

/**
 * /user/invoices: what the company issued (as a seller, through Primeur's billing mandate) or received,
 * newest first, a page at a time; tab, status and page live in the address (decision 632). A supplier
 * lands on what it issued, a buyer on what it received.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const { user } = useSession();
  const params = useListPage(FILTERS);
  const { page, filters, setFilters } = params;
  const side = oneOf(SIDES, filters.side) ?? (user?.category === 'supplier' ? 'issued' : 'received');
  const status = oneOf(INVOICE_STATUSES, filters.status);
  const list = useUserInvoices({ side, status, page, size: INVOICE_PAGE_SIZE });
  return (
    <section>
      <PageTitle>{t('title')}</PageTitle>
      <ListTabs value={side} tabs={SIDES.map((s) => [s, t(`tabs.${s}`)] as const)} onSelect={(s) => setFilters({ side: s })} testId="invoices-tab" />
      {side === 'issued' && user?.category === 'supplier' ? <InvoicingSettingsForm /> : null}
      <ListFilters idPrefix="invoices" params={params} selects={[invoiceStatusFilter(t, status)]} />
      <PagedList list={list} params={params} testId="invoices" texts={pagedTexts(t, 'list')} empty={status ? t('list.noMatch') : t('list.empty')}>
        {(items) => (
          <InvoicesTable
            invoices={items}
            show={side === 'issued' ? 'buyer' : 'seller'}
            orderHref={(i) => paths.order(i.orderId ?? '')}
            testId="invoices-table"
          />
        )}
      </PagedList>
    </section>
  );
}
