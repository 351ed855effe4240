import { useQuery } from '@tanstack/react-query';
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
