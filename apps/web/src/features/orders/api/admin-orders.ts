import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOrderListQuery, OrderPage } from '@primeur/shared';
import { api } from '../../../lib/api';
import { ordersKey, queryString } from './keys';

export type AdminOrdersQuery = Partial<AdminOrderListQuery>;

/** GET /api/admin/orders: every order, filtered by the server, newest first. */
export const fetchAdminOrders = (q: AdminOrdersQuery) => api.get<OrderPage>(`/api/admin/orders?${queryString(q)}`);
export const adminOrdersQuery = (q: AdminOrdersQuery) => ({
  queryKey: [...ordersKey, 'admin', q] as const,
  queryFn: () => fetchAdminOrders(q),
  placeholderData: keepPreviousData,
});
export const useAdminOrders = (q: AdminOrdersQuery) => useQuery(adminOrdersQuery(q));

/** The CSV of the same filters (page and size left out: the file holds every matching order). */
export const adminOrdersCsvUrl = ({ page: _p, size: _s, ...filters }: AdminOrdersQuery) => {
  const qs = queryString(filters);
  return `/api/admin/orders.csv${qs ? `?${qs}` : ''}`;
};
