import type { Order } from '@primeur/shared';
import { OrderInvoices } from '../features/invoices/components/OrderInvoices';
import { OrderPage } from '../features/orders/components/OrderPage';

/** The order page with its invoice and credit notes (issue 23): the two features meet here, not in each other. */
const invoicesOf = (o: Order) =>
  o.status === 'DELIVERED' || o.status === 'CLOSED' || (o.invoiceIds?.length ?? 0) > 0 ? <OrderInvoices invoiceIds={o.invoiceIds ?? []} /> : null;

export function UserOrderPage() {
  return <OrderPage aside={invoicesOf} />;
}

export function AdminOrderPage() {
  return <OrderPage scope="admin" aside={invoicesOf} />;
}
