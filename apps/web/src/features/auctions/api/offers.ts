import { useQuery } from '@tanstack/react-query';
import type { RoomOffer as Offer } from './room';
import { api } from '../../../lib/api';

export const fetchOffers = (productId: number) => api.get<Offer[]>(`/api/users/auction/offers/${productId}`);
export const offersKey = (productId: number) => ['auctions', 'offers', productId] as const;
export const offersQuery = (productId: number) => ({ queryKey: offersKey(productId), queryFn: () => fetchOffers(productId) });
export const useOffers = (productId: number) => useQuery(offersQuery(productId));

/** Newest first, each offer once (a live message and a refetch may bring the same offer). */
export function mergeOffers(list: Offer[] | undefined, incoming: Offer): Offer[] {
  const current = list ?? [];
  if (current.some((o) => o.id === incoming.id)) return current;
  return [incoming, ...current].sort((a, b) => b.id - a.id);
}
