import type { CancelOrderInput, Order } from '@primeur/shared';
import { api } from '../../../lib/api';
import { orderUrl, type OrderScope } from './order';
import { useOrderAction } from './order-action';

/** POST …/orders/{id}/cancel: either party before shipping (/api/users), the operator until closed (/api/admin). */
export const postCancelOrder = (scope: OrderScope, id: number, body: CancelOrderInput) => api.post<Order>(`${orderUrl(scope, id)}/cancel`, body);
export const useCancelOrder = (scope: OrderScope, id: number) => useOrderAction(id, (orderId, body: CancelOrderInput) => postCancelOrder(scope, orderId, body));
