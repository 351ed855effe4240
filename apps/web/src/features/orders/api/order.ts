import { useQuery } from '@tanstack/react-query';
import type { Order } from '@primeur/shared';
import { api } from '../../../lib/api';
import { orderKey } from './keys';

/** Who reads the order: one of its parties (/api/users/…) or the operator (/api/admin/…). */
export type OrderScope = 'user' | 'admin';

export const orderUrl = (scope: OrderScope, id: number) => (scope === 'admin' ? `/api/admin/orders/${id}` : `/api/users/orders/${id}`);

/** GET /api/users/orders/{id} (a party) or /api/admin/orders/{id} (the operator): one order with its history. */
export const fetchOrder = (scope: OrderScope, id: number) => api.get<Order>(orderUrl(scope, id));
export const orderQuery = (scope: OrderScope, id: number) => ({ queryKey: orderKey(id), queryFn: () => fetchOrder(scope, id), retry: false });
export const useOrder = (scope: OrderScope, id: number, enabled = true) => useQuery({ ...orderQuery(scope, id), enabled });

/** The sale confirmation in the reader's language (the server writes it; the link opens it). */
export const confirmationUrl = (id: number, lng: string) => `/api/users/orders/${id}/confirmation.pdf?lang=${encodeURIComponent(lng)}`;
