import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateVariantReaders } from './supplier-variants';

export const deleteVariant = (id: number) => api.delete<{ message: string }>(`/api/intern/userProduct/supplier/delete/${id}`);

export function useDeleteVariant(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteVariant, onSuccess: () => invalidateVariantReaders(qc, supplierId) });
}

/** The same reads again after a bulk deletion (issue 26). */
export function useInvalidateVariants(supplierId: number) {
  const qc = useQueryClient();
  return () => void invalidateVariantReaders(qc, supplierId);
}
