import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface CarrierOption {
  id: number;
  name: string;
}

/** The carriers of the back office, as a seller may pick one when shipping (names only, no prices). */
export const fetchOrderCarriers = () => api.get<CarrierOption[]>('/api/users/orders/carriers');
export const orderCarriersQuery = { queryKey: ['order-carriers'] as const, queryFn: fetchOrderCarriers, staleTime: 5 * 60_000, retry: false };
export const useOrderCarriers = (enabled: boolean) => useQuery({ ...orderCarriersQuery, enabled });
