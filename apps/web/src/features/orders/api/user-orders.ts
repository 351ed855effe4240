import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderPage, UserOrderListQuery } from '@primeur/shared';
import { api } from '../../../lib/api';
import { ordersKey, queryString } from './keys';

export type UserOrdersQuery = Partial<UserOrderListQuery>;

/** GET /api/users/orders: a page of the caller's orders on one side, newest first. */
export const fetchUserOrders = (q: UserOrdersQuery) => api.get<OrderPage>(`/api/users/orders?${queryString(q)}`);
export const userOrdersQuery = (q: UserOrdersQuery) => ({
  queryKey: [...ordersKey, 'mine', q] as const,
  queryFn: () => fetchUserOrders(q),
  placeholderData: keepPreviousData,
});
export const useUserOrders = (q: UserOrdersQuery) => useQuery(userOrdersQuery(q));
