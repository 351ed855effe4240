import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { supplierVariantsKey } from './supplier-variants';

export const deleteVariant = (id: number) => api.delete<{ message: string }>(`/api/intern/userProduct/supplier/delete/${id}`);

export function useDeleteVariant(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteVariant, onSuccess: () => qc.invalidateQueries({ queryKey: supplierVariantsKey(supplierId) }) });
}

/**
 * Reads again what a supplier's variants feed after they changed (a bulk deletion): its price list, the
 * price overview and the client lists' variant sources (issue 26).
 */
export function useInvalidateVariants(supplierId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: supplierVariantsKey(supplierId) });
    void qc.invalidateQueries({ queryKey: ['intern', 'overview'] });
    void qc.invalidateQueries({ queryKey: ['intern', 'variantSources'] });
  };
}
