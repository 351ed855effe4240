import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddVariantBody, SupplierVariant } from '@primeur/shared';
import { api } from '../../../lib/api';
import { invalidateVariantReaders } from './supplier-variants';

/** Adds a blank variant or a copy of one (`POST …/userProduct/supplier/variant/add`). */
export const addVariant = (body: AddVariantBody) => api.post<SupplierVariant>('/api/intern/userProduct/supplier/variant/add', body);

export function useAddVariant(supplierId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addVariant, onSuccess: () => invalidateVariantReaders(qc, supplierId) });
}
