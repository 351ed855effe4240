import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { supplierQuery } from './get-supplier';
import { invalidateVariantReaders } from './supplier-variants';

/** Removes a product from the supplier's list, with its variants (`DELETE /api/intern/productList/supplier/delete/{id}`). */
export const deleteProductLink = (id: number) => api.delete<{ message: string }>(`/api/intern/productList/supplier/delete/${id}`);

export function useDeleteProductLink(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProductLink,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: supplierQuery(supplierId).queryKey }), invalidateVariantReaders(qc, supplierId)]),
  });
}
