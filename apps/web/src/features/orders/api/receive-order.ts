import type { Order, ReceiveOrderInput } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useOrderAction } from './order-action';

/** POST /api/users/orders/{id}/receive (the buyer). */
export const postReceiveOrder = (id: number, body: ReceiveOrderInput) => api.post<Order>(`/api/users/orders/${id}/receive`, body);
export const useReceiveOrder = (id: number) => useOrderAction(id, postReceiveOrder);
