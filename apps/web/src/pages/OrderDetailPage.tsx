import { lazy, Suspense } from 'react';
import type { Order } from '@primeur/shared';
import { OrderClaims } from '../features/claims/components/OrderClaims';
import { AdminOrderPage, OrderPage } from '../features/orders/components/OrderPage';

// A recall of the order's lot (issue 37 §5), for its buyer: fetched after the page's first paint.
const RecallBanner = lazy(async () => ({ default: (await import('../features/trace/components/RecallBanner')).RecallBanner }));

/** The order page with its after-sale part (documents, receipt differences, claims: issue 22) under the next step. */
const afterActions = (order: Order) => (
  <>
    {order.viewerSide === 'buyer' && order.shipment ? (
      <Suspense fallback={null}>
        <RecallBanner orderId={order.id} />
      </Suspense>
    ) : null}
    <OrderClaims order={order} />
  </>
);

// Only delivered orders have invoices: their card is fetched after the page's first paint (the web budget).
const OrderInvoices = lazy(async () => ({ default: (await import('../features/invoices/components/OrderInvoices')).OrderInvoices }));

/** Its invoice and credit notes (issue 23), beside the documents: the features meet here, not in each other. */
const invoicesOf = (o: Order) =>
  o.status === 'DELIVERED' || o.status === 'CLOSED' || (o.invoiceIds?.length ?? 0) > 0 ? (
    <Suspense fallback={null}>
      <OrderInvoices invoiceIds={o.invoiceIds ?? []} />
    </Suspense>
  ) : null;

/** /user/orders/{id}. */
export function UserOrderDetailPage() {
  return <OrderPage scope="user" afterActions={afterActions} aside={invoicesOf} />;
}

/** /admin/orders/{id}: the operator decides claims from here too. */
export function AdminOrderDetailPage() {
  return <AdminOrderPage afterActions={afterActions} aside={invoicesOf} />;
}
