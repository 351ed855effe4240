import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclinePurchaseRequestInput, Order, PurchaseRequest } from '@primeur/shared';
import { api } from '../../../lib/api';

/** POST …/purchaseRequest/{id}/accept: the request becomes an order (201 with the order); its pallets leave the lot. */
export const postAcceptRequest = (id: number) => api.post<Order>(`/api/users/product/purchaseRequest/${id}/accept`);
/** POST …/purchaseRequest/{id}/decline with the reason the buyer reads. */
export const postDeclineRequest = ({ id, reason }: { id: number } & DeclinePurchaseRequestInput) =>
  api.post<PurchaseRequest>(`/api/users/product/purchaseRequest/${id}/decline`, { reason });

/** Either answer changes the requests list and the lots (pallets left); orders lists are read again too. */
function useAnswer<V, R>(mutationFn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['marketplace'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useAcceptRequest = () => useAnswer(postAcceptRequest);
export const useDeclineRequest = () => useAnswer(postDeclineRequest);
