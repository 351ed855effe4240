import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@primeur/shared';
import { api } from '../../../lib/api';
import { mergeOffers, offersKey } from './offers';

export const postBid = (productId: number, amount: number) => api.post<Offer>(`/api/users/auction/offers/add/${productId}`, { amount });

/** A bid; its stored offer joins the table at once (the answer comes only after commit). */
export function usePlaceBid(productId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => postBid(productId, amount),
    onSuccess: (offer) => {
      qc.setQueryData<Offer[]>(offersKey(productId), (list) => mergeOffers(list, offer));
      void qc.invalidateQueries({ queryKey: ['auctions', 'details', productId] });
    },
  });
}
