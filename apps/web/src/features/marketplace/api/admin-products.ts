import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductQuery, Page } from '@primeur/shared';
import { api } from '../../../lib/api';

export const adminProductsKey = ['admin', 'products'] as const;

/** One page of the admin lot list, searched and filtered by the server (decision 641). */
export const adminProductsPageQuery = (q: Partial<AdminProductQuery>) => ({
  queryKey: [...adminProductsKey, q] as const,
  queryFn: () => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
    return api.get<Page<AdminProduct>>(`/api/admin/product/search?${params.toString()}`);
  },
  placeholderData: keepPreviousData,
});
export const useAdminProductsPage = (q: Partial<AdminProductQuery>) => useQuery(adminProductsPageQuery(q));

/** Reads the admin lot list, its total and the marketplace lists again after lots changed (toggle, bulk, undo). */
export function useInvalidateLots() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: adminProductsKey });
    void qc.invalidateQueries({ queryKey: ['marketplace'] });
  };
}

/** Toggles ENABLED ↔ DISABLED; the lists are read again (spec §4 answers the whole list, not this page). */
export function useToggleProductEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => api.put<AdminProduct[]>(`/api/admin/product/statusEnabled/${productId}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminProductsKey });
      void qc.invalidateQueries({ queryKey: ['marketplace'] });
    },
  });
}
