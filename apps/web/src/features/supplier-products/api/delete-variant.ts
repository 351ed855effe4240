import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { supplierVariantsKey } from './supplier-variants';

export const deleteVariant = (id: number) => api.delete<{ message: string }>(`/api/intern/userProduct/supplier/delete/${id}`);

export function useDeleteVariant(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteVariant, onSuccess: () => qc.invalidateQueries({ queryKey: supplierVariantsKey(supplierId) }) });
}
