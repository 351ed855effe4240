import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, FAMILIES, formatDateTime, formatDay, PRODUCT_STATUSES, type AdminProduct, type ProductStatus } from '@primeur/shared';
import { BulkBar } from '../../../components/BulkBar';
import { PageTitle } from '../../../components/PageTitle';
import { ExportCsvButton } from '../../../components/csv/ExportCsvButton';
import { ImportCsvDialog } from '../../../components/csv/ImportCsvDialog';
import { useToast } from '../../../components/Toasts';
import { ListFilters, optionsOf } from '../../../components/ListControls';
import { PagedCards } from '../../../components/PagedCards';
import { pagedTexts } from '../../../components/PagedList';
import { useLocalListParams } from '../../../lib/list-params';
import { fetchMatchingIds, useSelection, type Selection } from '../../../lib/bulk';
import { useAdminProductsPage, useInvalidateLots, useToggleProductEnabled } from '../api/admin-products';
import { ProductFacts } from './ProductFacts';
import { StatusLotCard } from './StatusLotCard';
import { useFamilyOptions } from '../../../lib/lookups';

/** /admin/productsList (spec §2): the lots as cards, searched, filtered and paged by the server, with the enabled toggle. */
export function AdminProductsPage() {
  const { t } = useTranslation('marketplace');
  const families = useFamilyOptions();
  const params = useLocalListParams(['q', 'status', 'family'] as const);
  const { q, status, family } = params.filters;
  const filters = {
    q: q || undefined,
    status: (status || undefined) as ProductStatus | undefined,
    family: (family || undefined) as (typeof FAMILIES)[number] | undefined,
  };
  const list = useAdminProductsPage({ page: params.page, size: ADMIN_PAGE_SIZE, ...filters });
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
      <ListFilters
        idPrefix="admin-products"
        params={params}
        search={[t('common:list.search'), t('admin.searchPlaceholder'), '12 - 6']}
        selects={[
          { name: 'status', label: t('admin.statusFilter'), all: t('admin.allStatuses'), options: optionsOf(PRODUCT_STATUSES, t, 'status'), cols: '12 6 3' },
          { name: 'family', label: t('admin.familyFilter'), all: t('admin.allFamilies'), options: families, cols: '12 6 3' },
        ]}
      />
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
        params={params}
        testId="admin-products"
        texts={pagedTexts(t, 'admin')}
        empty={<p>{t('admin.empty')}</p>}
        cardKey={(p) => p.productId}
        card={(p) => <AdminProductCard product={p} selection={selection} />}
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
