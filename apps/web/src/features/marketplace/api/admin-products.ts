import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@primeur/shared';
import { api } from '../../../lib/api';

export const adminProductsQuery = { queryKey: ['admin', 'products'], queryFn: () => api.get<AdminProduct[]>('/api/admin/product/listProducts') };
export const useAdminProducts = () => useQuery(adminProductsQuery);

/** Toggles ENABLED ↔ DISABLED; the list is replaced by the server's answer (spec §4). */
export function useToggleProductEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => api.put<AdminProduct[]>(`/api/admin/product/statusEnabled/${productId}`),
    onSuccess: (list) => {
      qc.setQueryData(adminProductsQuery.queryKey, list);
      void qc.invalidateQueries({ queryKey: ['marketplace'] });
    },
  });
}
