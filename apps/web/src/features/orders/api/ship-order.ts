import type { Order, ShipOrderInput } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useOrderAction } from './order-action';

/** POST /api/users/orders/{id}/ship (the seller). */
export const postShipOrder = (id: number, body: ShipOrderInput) => api.post<Order>(`/api/users/orders/${id}/ship`, body);
export const useShipOrder = (id: number) => useOrderAction(id, postShipOrder);
