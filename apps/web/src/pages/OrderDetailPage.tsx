import type { Order } from '@primeur/shared';
import { OrderClaims } from '../features/claims/components/OrderClaims';
import { AdminOrderPage, OrderPage } from '../features/orders/components/OrderPage';

/** The order page with its after-sale part (documents, receipt differences, claims: issue 22) under the next step. */
const afterActions = (order: Order) => <OrderClaims order={order} />;

/** /user/orders/{id}. */
export function UserOrderDetailPage() {
  return <OrderPage scope="user" afterActions={afterActions} />;
}

/** /admin/orders/{id}: the operator decides claims from here too. */
export function AdminOrderDetailPage() {
  return <AdminOrderPage afterActions={afterActions} />;
}
