import type { Order } from '@primeur/shared';
import { OrderClaims } from '../features/claims/components/OrderClaims';
import { OrderInvoices } from '../features/invoices/components/OrderInvoices';
import { AdminOrderPage, OrderPage } from '../features/orders/components/OrderPage';

/** The order page with its after-sale part (documents, receipt differences, claims: issue 22) under the next step. */
const afterActions = (order: Order) => <OrderClaims order={order} />;

/** Its invoice and credit notes (issue 23), beside the documents: the features meet here, not in each other. */
const invoicesOf = (o: Order) =>
  o.status === 'DELIVERED' || o.status === 'CLOSED' || (o.invoiceIds?.length ?? 0) > 0 ? <OrderInvoices invoiceIds={o.invoiceIds ?? []} /> : null;

/** /user/orders/{id}. */
export function UserOrderDetailPage() {
  return <OrderPage scope="user" afterActions={afterActions} aside={invoicesOf} />;
}

/** /admin/orders/{id}: the operator decides claims from here too. */
export function AdminOrderDetailPage() {
  return <AdminOrderPage afterActions={afterActions} aside={invoicesOf} />;
}
