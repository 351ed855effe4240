import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchedAuction } from '@primeur/shared';
import { api } from '../../../lib/api';
import { myAuctionsKey } from './my-auctions';

export const watchedKey = ['auctions', 'watched'] as const;
export const fetchWatched = () => api.get<WatchedAuction[]>('/api/users/auction/watched');
export const useWatched = (enabled = true) => useQuery({ queryKey: watchedKey, queryFn: fetchWatched, enabled });

export const putWatch = (productId: number) => api.put<{ productId: number; watched: boolean }>(`/api/users/auction/watch/${productId}`);
export const deleteWatch = (productId: number) => api.delete<{ productId: number; watched: boolean }>(`/api/users/auction/watch/${productId}`);

/** Watches or unwatches a lot; the watch list and "My auctions" follow. */
export function useSetWatch(productId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (watch: boolean) => (watch ? putWatch(productId) : deleteWatch(productId)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: watchedKey });
      void qc.invalidateQueries({ queryKey: myAuctionsKey });
    },
  });
}
