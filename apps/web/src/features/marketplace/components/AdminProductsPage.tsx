import { useEffect, useState } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, FAMILIES, formatDateTime, formatDay, PRODUCT_STATUSES, type AdminProduct, type ProductStatus } from '@primeur/shared';
import { BulkBar } from '../../../components/BulkBar';
import { PageTitle } from '../../../components/PageTitle';
import { ExportCsvButton } from '../../../components/csv/ExportCsvButton';
import { ImportCsvDialog } from '../../../components/csv/ImportCsvDialog';
import { useToast } from '../../../components/Toasts';
import { LoadFailed } from '../../../components/LoadFailed';
import { FilterSelect, ListSearchForm, Pager, SearchField, useDebouncedValue } from '../../../components/ListControls';
import { PagedCards } from '../../../components/PagedCards';
import { fetchMatchingIds, useSelection, type Selection } from '../../../lib/bulk';
import { useAdminProductsPage, useInvalidateLots, useToggleProductEnabled } from '../api/admin-products';
import { ProductFacts } from './ProductFacts';
import { StatusLotCard } from './StatusLotCard';
import { useFamilyOptions } from '../../../lib/lookups';

/** /admin/productsList (spec §2): the lots as cards, searched, filtered and paged by the server, with the enabled toggle. */
export function AdminProductsPage() {
  const { t } = useTranslation('marketplace');
  const families = useFamilyOptions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProductStatus | ''>('');
  const [family, setFamily] = useState<(typeof FAMILIES)[number] | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  // A new search or filter starts from the first page.
  useEffect(() => setPage(1), [q, status, family]);
  const filters = { q: q || undefined, status: status || undefined, family: family || undefined };
  const list = useAdminProductsPage({ page, size: ADMIN_PAGE_SIZE, ...filters });
  // Ticked lots are kept across pages and dropped when the search or a filter changes (decision 880).
  const selection = useSelection(JSON.stringify(filters));
  const invalidate = useInvalidateLots();
  return (
    <section>
      <PageTitle>{t('admin.title')}</PageTitle>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <ExportCsvButton list="lots" filters={{ q, status, family }} />
        <ImportCsvDialog kind="lots" />
      </div>
      <ListSearchForm>
        <SearchField
          id="admin-products-search"
          xs={12}
          md={6}
          label={t('common:list.search')}
          placeholder={t('admin.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="admin-products-status"
          xs={12}
          sm={6}
          md={3}
          label={t('admin.statusFilter')}
          value={status}
          onChange={setStatus}
          allLabel={t('admin.allStatuses')}
          options={PRODUCT_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
        />
        <FilterSelect
          id="admin-products-family"
          xs={12}
          sm={6}
          md={3}
          label={t('admin.familyFilter')}
          value={family}
          onChange={setFamily}
          allLabel={t('admin.allFamilies')}
          options={families}
        />
      </ListSearchForm>
      <BulkBar
        list="lots"
        selection={selection}
        pageIds={list.data?.items.map((p) => p.productId) ?? []}
        total={list.data?.total}
        fetchMatching={() => fetchMatchingIds('lots', filters)}
        actions={['enable', 'disable']}
        onChanged={invalidate}
      />
      <PagedCards
        list={list}
        loadingLabel={t('loading')}
        failed={<LoadFailed message={t('admin.loadError')} onRetry={() => void list.refetch()} />}
        empty={<p>{t('admin.empty')}</p>}
        total={(count) => t('admin.total', { count })}
        totalTestId="admin-products-total"
        cardKey={(p) => p.productId}
        card={(p) => <AdminProductCard product={p} selection={selection} />}
        pager={(data) => <Pager page={page} total={data.total} size={data.size} onPage={setPage} busy={list.isPlaceholderData} testId="admin-products-page" />}
      />
    </section>
  );
}

function AdminProductCard({ product, selection }: { product: AdminProduct; selection: Selection }) {
  const { t, i18n } = useTranslation('marketplace');
  const toggle = useToggleProductEnabled();
  const toast = useToast();
  const toggleable = product.status === 'ENABLED' || product.status === 'DISABLED';
  return (
    <StatusLotCard
      product={product}
      testId={`admin-product-${product.productId}`}
      photoHeight={160}
      footer={
        <>
          <Form.Check
            id={`select-lot-${product.productId}`}
            className="mb-1"
            label={t('bulk:bar.select')}
            aria-label={t('bulk:bar.selectRow', { name: product.name })}
            checked={selection.has(product.productId)}
            onChange={() => selection.toggle(product.productId)}
          />
          <Form.Check
            type="switch"
            role="switch"
            id={`enabled-${product.productId}`}
            // The label says what the switch shows now; a locked switch says why (issue 16).
            label={product.status === 'DISABLED' ? t('admin.disabled') : t('admin.enabled')}
            checked={product.status !== 'DISABLED'}
            disabled={!toggleable || toggle.isPending}
            aria-describedby={toggleable ? undefined : `enabled-why-${product.productId}`}
            onChange={() =>
              toggle.mutate(product.productId, {
                onSuccess: () => toast.show('dataModifiedSuccess'),
                onError: () => toast.show('dataModifiedError'),
              })
            }
          />
          {toggleable ? null : (
            <div id={`enabled-why-${product.productId}`} className="small text-body-secondary mt-1">
              {t(product.status === 'IN_AUCTION' ? 'admin.lockedAuction' : 'admin.lockedExpired')}
            </div>
          )}
        </>
      }
    >
      {product.description ? <Card.Text className="small">{product.description}</Card.Text> : null}
      <ProductFacts
        product={product}
        extra={[
          [t('fields.created'), formatDay(product.created, i18n.resolvedLanguage)],
          ...(product.auctionStartDate
            ? ([[t('fields.auctionStartDate'), formatDateTime(product.auctionStartDate, i18n.resolvedLanguage)]] as Array<[string, string]>)
            : []),
        ]}
      />
    </StatusLotCard>
  );
}
