import { useQuery } from '@tanstack/react-query';
import type { Supplier } from '@primeur/shared';
import { api } from '../../../lib/api';

/** Suppliers whose list holds the product (`GET …/user/products/getUserAllowedProducts/{productId}`). */
export const getAllowedSuppliers = (productId: number) => api.get<Supplier[]>(`/api/intern/userProduct/user/products/getUserAllowedProducts/${productId}`);
export const useAllowedSuppliers = (productId: number | null) =>
  useQuery({ queryKey: ['intern', 'allowed-suppliers', productId], queryFn: () => getAllowedSuppliers(productId!), enabled: productId !== null });
