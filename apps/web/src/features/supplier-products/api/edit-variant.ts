import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierVariant, VariantAction } from '@primeur/shared';
import { api } from '../../../lib/api';
import { supplierVariantsKey } from './supplier-variants';

/** `PUT …/supplier/{action}/{id}/{value}`, sent only when a value is given (spec §7). */
export const editVariant = (action: VariantAction, id: number, value: string) =>
  api.put<SupplierVariant>(`/api/intern/userProduct/supplier/${action}/${id}/${encodeURIComponent(value)}`);

/** Puts the answered variant in the list: the server may have recomputed the other prices. */
export function useEditVariant(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, value }: { action: VariantAction; id: number; value: string }) => editVariant(action, id, value),
    onSuccess: (v) => {
      qc.setQueryData<SupplierVariant[]>(supplierVariantsKey(supplierId), (list) => list?.map((x) => (x.id === v.id ? v : x)));
      // The overview and the client lists read prices and dates from the variants (issue 26).
      void qc.invalidateQueries({ queryKey: ['intern', 'overview'] });
      void qc.invalidateQueries({ queryKey: ['intern', 'variantSources'] });
    },
  });
}
