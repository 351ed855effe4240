import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddClientVariant, ClientVariant, SupplierVariant } from '@primeur/shared';
import { api } from '../../../lib/api';

export const clientVariantsKey = (clientId: number) => ['intern', 'client', clientId, 'variants'] as const;

/** Every variant of the client, all products at once; each product row filters its own. */
export const useClientVariants = (clientId: number) =>
  useQuery({ queryKey: clientVariantsKey(clientId), queryFn: () => api.get<ClientVariant[]>(`/api/intern/userProduct/client/variants/${clientId}`) });

/** The supplier variants of a product the add modal offers to copy. */
export const useVariantSources = (productId: number | null) =>
  useQuery({
    queryKey: ['intern', 'variantSources', productId],
    queryFn: () => api.get<SupplierVariant[]>(`/api/intern/userProduct/client/variantSources/${productId}`),
    enabled: productId !== null,
  });

export function useAddClientVariant(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddClientVariant) => api.post<ClientVariant>(`/api/intern/userProduct/user/client/product/add/${clientId}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientVariantsKey(clientId) }),
  });
}

export function useDeleteClientVariant(clientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/intern/userProduct/client/delete/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientVariantsKey(clientId) }),
  });
}
