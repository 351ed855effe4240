import { useQuery } from '@tanstack/react-query';
import type { RoomOffer as Offer } from './room';
import { api } from '../../../lib/api';

export const fetchOffers = (productId: number) => api.get<Offer[]>(`/api/users/auction/offers/${productId}`);
export const offersKey = (productId: number) => ['auctions', 'offers', productId] as const;
export const offersQuery = (productId: number) => ({ queryKey: offersKey(productId), queryFn: () => fetchOffers(productId) });
export const useOffers = (productId: number) => useQuery(offersQuery(productId));

/**
 * Newest first, each offer once (a live message, a bid answer and a refetch may bring the same offer):
 * a second copy only adds what the first lacked — `mine` from my bid answer, the company for a seller.
 */
export function mergeOffers(list: Offer[] | undefined, incoming: Offer): Offer[] {
  const current = list ?? [];
  const i = current.findIndex((o) => o.id === incoming.id);
  if (i < 0) return [incoming, ...current].sort((a, b) => b.id - a.id);
  const held = current[i]!;
  if ((held.mine || !incoming.mine) && (held.user || !incoming.user)) return current;
  const next = [...current];
  next[i] = { ...held, ...incoming, mine: held.mine || incoming.mine, user: held.user ?? incoming.user } as Offer;
  return next;
}
