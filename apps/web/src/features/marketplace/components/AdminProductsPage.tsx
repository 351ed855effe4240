import { Alert, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { useToast } from '../../../components/Toasts';
import { useAdminProducts, useToggleProductEnabled } from '../api/admin-products';
import { ProductFacts, StatusBadge, useArticleName } from './ProductFacts';

/** /admin/productsList (spec §2): every lot as a card, with its status badge and the enabled toggle. */
export function AdminProductsPage() {
  const { t } = useTranslation('marketplace');
  const { data, isLoading, isError } = useAdminProducts();
  return (
    <section>
      <PageTitle>{t('admin.title')}</PageTitle>
      {isLoading ? <Spinner aria-label={t('loading')} /> : null}
      {isError ? <Alert variant="danger">{t('admin.loadError')}</Alert> : null}
      {data?.length === 0 ? <p>{t('admin.empty')}</p> : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3">
        {data?.map((p) => (
          <Col key={p.productId}>
            <AdminProductCard product={p} />
          </Col>
        ))}
      </Row>
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
            [t('fields.created'), new Date(product.created).toLocaleDateString(i18n.resolvedLanguage)],
            ...(product.auctionStartDate
              ? ([[t('fields.auctionStartDate'), new Date(product.auctionStartDate).toLocaleString(i18n.resolvedLanguage)]] as Array<[string, string]>)
              : []),
          ]}
        />
      </Card.Body>
      <Card.Footer className="bg-transparent">
        <Form.Check
          type="switch"
          role="switch"
          id={`enabled-${product.productId}`}
          label={t('admin.enabled')}
          checked={product.status !== 'DISABLED'}
          disabled={!toggleable || toggle.isPending}
          onChange={() =>
            toggle.mutate(product.productId, {
              onSuccess: () => toast.show('dataModifiedSuccess'),
              onError: () => toast.show('dataModifiedError'),
            })
          }
        />
      </Card.Footer>
    </Card>
  );
}
