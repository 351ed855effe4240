import { useEffect, useState } from 'react';
import { Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, FAMILIES, formatDateTime, formatDay, PRODUCT_STATUSES, type AdminProduct, type ProductStatus } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { useToast } from '../../../components/Toasts';
import { LoadFailed } from '../../../components/LoadFailed';
import { Pager, useDebouncedValue } from '../../../components/ListControls';
import { useAdminProductsPage, useToggleProductEnabled } from '../api/admin-products';
import { ProductFacts, StatusBadge, useArticleName } from './ProductFacts';

/** /admin/productsList (spec §2): the lots as cards, searched, filtered and paged by the server, with the enabled toggle. */
export function AdminProductsPage() {
  const { t } = useTranslation('marketplace');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProductStatus | ''>('');
  const [family, setFamily] = useState<(typeof FAMILIES)[number] | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  // A new search or filter starts from the first page.
  useEffect(() => setPage(1), [q, status, family]);
  const { data, isLoading, isError, isPlaceholderData, refetch } = useAdminProductsPage({
    page,
    size: ADMIN_PAGE_SIZE,
    q: q || undefined,
    status: status || undefined,
    family: family || undefined,
  });
  return (
    <section>
      <PageTitle>{t('admin.title')}</PageTitle>
      <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <Col xs={12} md={6}>
          <Form.Label htmlFor="admin-products-search" visuallyHidden>
            {t('common:list.search')}
          </Form.Label>
          <Form.Control
            id="admin-products-search"
            type="search"
            placeholder={t('admin.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Col>
        <Col xs={6} md={3}>
          <Form.Select
            id="admin-products-status"
            aria-label={t('admin.statusFilter')}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="">{t('admin.allStatuses')}</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Select
            id="admin-products-family"
            aria-label={t('admin.familyFilter')}
            value={family}
            onChange={(e) => setFamily(e.target.value as typeof family)}
          >
            <option value="">{t('admin.allFamilies')}</option>
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {t(`families.${f}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Form>
      {isLoading ? <Spinner aria-label={t('loading')} /> : null}
      {isError ? <LoadFailed message={t('admin.loadError')} onRetry={() => void refetch()} /> : null}
      {data?.total === 0 ? <p>{t('admin.empty')}</p> : null}
      {data && data.total > 0 ? (
        <p className="text-body-secondary small" aria-live="polite" data-testid="admin-products-total">
          {t('admin.total', { count: data.total })}
        </p>
      ) : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3" style={isPlaceholderData ? { opacity: 0.6 } : undefined}>
        {data?.items.map((p) => (
          <Col key={p.productId}>
            <AdminProductCard product={p} />
          </Col>
        ))}
      </Row>
      {data ? <Pager page={page} total={data.total} size={data.size} onPage={setPage} busy={isPlaceholderData} testId="admin-products-page" /> : null}
    </section>
  );
}

function AdminProductCard({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('marketplace');
  const toggle = useToggleProductEnabled();
  const toast = useToast();
  const articleName = useArticleName();
  const toggleable = product.status === 'ENABLED' || product.status === 'DISABLED';
  return (
    <Card className="h-100 shadow-sm" data-testid={`admin-product-${product.productId}`}>
      <PhotoCarousel productId={product.productId} photos={product.photos} alt={product.name} height={160} />
      <Card.Body>
        <div className="mb-1">
          <StatusBadge product={product} />
        </div>
        <div className="text-body-secondary small">{articleName(product)}</div>
        <Card.Title as="h2" className="h6">
          {product.name}
        </Card.Title>
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
      </Card.Body>
      <Card.Footer className="bg-transparent">
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
      </Card.Footer>
    </Card>
  );
}
