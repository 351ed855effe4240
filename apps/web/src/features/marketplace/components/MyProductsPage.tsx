import { lazy, Suspense, useState } from 'react';
import { Alert, Button, ButtonGroup, Col, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupplierProduct } from '@primeur/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/Toasts';
import { LoadFailed } from '../../../components/LoadFailed';
import { euro } from '../../../lib/format';
import { useMyProducts, useWithdrawProduct } from '../api/my-products';
import { usePurchaseRequests } from '../api/purchase-requests';
import { ProductFacts } from './ProductFacts';
import { StatusLotCard } from './StatusLotCard';
import { PurchaseRequestsTable } from './PurchaseRequestsTable';
import { AuctionLotSlot } from '../../../components/AuctionLotSlot';
import { paths } from '../../../lib/routes';

// The lot form (its validation, date pickers, article picker and market reference) is fetched when a
// supplier opens it, not with the list: it kept /user/products over the 350 kB first-load budget.
const ProductFormModal = lazy(() => import('./ProductFormModal').then((m) => ({ default: m.ProductFormModal })));

/** /user/products: a supplier's lots (create, edit, withdraw until the first offer) and the purchase requests it received. */
export function MyProductsPage() {
  const { t } = useTranslation('marketplace');
  const { data, isLoading, isError, refetch } = useMyProducts();
  const requests = usePurchaseRequests();
  const [editing, setEditing] = useState<SupplierProduct | 'new' | null>(null);
  return (
    <section>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <PageTitle className="h3 mb-0">{t('mine.title')}</PageTitle>
        <Button onClick={() => setEditing('new')} data-testid="new-lot">
          {t('mine.new')}
        </Button>
      </div>
      {isLoading ? <Spinner role="status" aria-label={t('loading')} /> : null}
      {isError ? <LoadFailed message={t('mine.loadError')} onRetry={() => void refetch()} /> : null}
      {data?.length === 0 ? <p>{t('mine.empty')}</p> : null}
      <Row xs={1} sm={2} md={2} lg={3} xl={4} className="g-3 mb-5">
        {data?.map((p) => (
          <Col key={p.productId}>
            <MyProductCard product={p} onEdit={() => setEditing(p)} />
          </Col>
        ))}
      </Row>
      <h2 className="h4">{t('mine.requestsTitle')}</h2>
      {requests.data?.length === 0 ? <p>{t('mine.noRequests')}</p> : null}
      {requests.data?.length ? <PurchaseRequestsTable requests={requests.data} /> : null}
      {editing ? (
        <Suspense fallback={<Spinner role="status" aria-label={t('loading')} />}>
          <ProductFormModal product={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}

function MyProductCard({ product, onEdit }: { product: SupplierProduct; onEdit(): void }) {
  const { t, i18n } = useTranslation('marketplace');
  const withdraw = useWithdrawProduct();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <StatusLotCard
        product={product}
        testId={`my-product-${product.productId}`}
        photoHeight={150}
        footer={
          product.editable ? (
            <ButtonGroup size="sm">
              <Button variant="outline-primary" onClick={onEdit}>
                {t('mine.edit')}
              </Button>
              <Button variant="outline-danger" disabled={withdraw.isPending} onClick={() => setConfirming(true)}>
                {t('mine.withdraw')}
              </Button>
            </ButtonGroup>
          ) : (
            <span className="small text-body-secondary">{t('mine.locked')}</span>
          )
        }
      >
        <ProductFacts
          product={product}
          extra={
            product.reservePrice !== null
              ? [
                  [
                    t('mine.reserve'),
                    <span key="reserve" data-testid="my-reserve">
                      {euro(product.reservePrice, i18n.resolvedLanguage)}
                    </span>,
                  ],
                ]
              : []
          }
        />
        {/* An auction lot's highest offer, bidders, reserve and time left come from the slot, live (decision 612). */}
        {product.endsAt ? <AuctionLotSlot place="seller-card" productId={product.productId} lot={product.name} /> : null}
        {product.winner ? (
          <Alert variant="success" className="small mt-2 mb-0 py-2" data-testid="my-sale">
            {t('mine.winner', { company: product.winner.companyName, amount: euro(product.winner.amount, i18n.resolvedLanguage) })}
          </Alert>
        ) : null}
        {product.orders.length ? (
          <ul className="list-unstyled small mt-2 mb-0" data-testid="lot-orders">
            {product.orders.map((o) => (
              <li key={o.id}>
                <Link to={paths.order(o.id)}>{t('orders:links.order', { number: o.number })}</Link> · {t(`orders:status.${o.status}`)}
              </li>
            ))}
          </ul>
        ) : null}
      </StatusLotCard>
      <ConfirmModal
        show={confirming}
        title={t('mine.withdrawTitle', { name: product.name })}
        body={t('mine.confirmWithdraw')}
        confirmLabel={t('mine.withdraw')}
        busy={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          withdraw.mutate(product.productId, {
            onSuccess: () => {
              setConfirming(false);
              toast.show('success', { message: t('mine.withdrawn') });
            },
            onError: () => {
              setConfirming(false);
              toast.show('productDeleteError');
            },
          })
        }
      />
    </>
  );
}
