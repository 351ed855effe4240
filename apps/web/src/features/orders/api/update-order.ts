import type { Order, UpdateOrderInput } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useOrderAction } from './order-action';

/** PATCH /api/users/orders/{id}: the buyer's delivery address and date, until shipped. */
export const patchOrder = (id: number, body: UpdateOrderInput) => api.patch<Order>(`/api/users/orders/${id}`, body);
export const useUpdateOrder = (id: number) => useOrderAction(id, patchOrder);
