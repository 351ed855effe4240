import { useQuery } from '@tanstack/react-query';
import type { Order } from '@primeur/shared';
import { api } from '../../../lib/api';

export type CarrierOption = NonNullable<Order['carrier']>;

/** GET /api/users/carriers: the back office's carriers, as a seller picks one when shipping (names only, no prices). */
export const fetchOrderCarriers = () => api.get<CarrierOption[]>('/api/users/carriers');
export const orderCarriersQuery = { queryKey: ['order-carriers'] as const, queryFn: fetchOrderCarriers, staleTime: 5 * 60_000, retry: false };
export const useOrderCarriers = (enabled: boolean) => useQuery({ ...orderCarriersQuery, enabled });
