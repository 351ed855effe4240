import { useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchActiveProducts = () => api.get<AdminProduct[]>('/api/users/product/listActiveProducts');
export const activeProductsQuery = { queryKey: ['marketplace', 'active'], queryFn: fetchActiveProducts };
export const useActiveProducts = () => useQuery(activeProductsQuery);
