import { useQuery } from '@tanstack/react-query';
import type { ProductDetails } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchDetails = (productId: number) => api.get<ProductDetails>(`/api/users/product/details/${productId}`);
export const detailsQuery = (productId: number) => ({
  queryKey: ['auctions', 'details', productId],
  queryFn: async () => ({ details: await fetchDetails(productId), receivedAt: Date.now() }),
});
export const useDetails = (productId: number) => useQuery(detailsQuery(productId));
