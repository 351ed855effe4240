import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SupplierVariant } from '@primeur/shared';
import { api } from '../../../lib/api';

/** The supplier's whole price list (`GET …/userProduct/supplier/products/{supplierId}`). */
export const getSupplierVariants = (supplierId: number) => api.get<SupplierVariant[]>(`/api/intern/userProduct/supplier/products/${supplierId}`);
export const supplierVariantsKey = (supplierId: number) => ['intern', 'supplier', supplierId, 'variants'];
export const supplierVariantsQuery = (supplierId: number) => ({
  queryKey: supplierVariantsKey(supplierId),
  queryFn: () => getSupplierVariants(supplierId),
});
export const useSupplierVariants = (supplierId: number | null) => useQuery({ ...supplierVariantsQuery(supplierId ?? 0), enabled: supplierId !== null });

/**
 * After a supplier's variants changed (added, edited, deleted, one by one or in bulk): its price list,
 * the price overview and the client lists' variant sources are read again, so every count and price
 * on the admin pages follows (issue 26).
 */
export function invalidateVariantReaders(qc: QueryClient, supplierId: number) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: supplierVariantsKey(supplierId) }),
    qc.invalidateQueries({ queryKey: ['intern', 'overview'] }),
    qc.invalidateQueries({ queryKey: ['intern', 'variantSources'] }),
  ]);
}
