import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CounterOfferInput, DeclineCounterInput, DeclinePurchaseRequestInput, MyPurchaseRequest, Order, PurchaseRequest } from '@primeur/shared';
import { api } from '../../../lib/api';

/** POST …/purchaseRequest/{id}/accept: the request becomes an order (201 with the order); its pallets leave the lot. */
export const postAcceptRequest = (id: number) => api.post<Order>(`/api/users/product/purchaseRequest/${id}/accept`);
/** POST …/purchaseRequest/{id}/decline with the reason the buyer reads. */
export const postDeclineRequest = ({ id, reason }: { id: number } & DeclinePurchaseRequestInput) =>
  api.post<PurchaseRequest>(`/api/users/product/purchaseRequest/${id}/decline`, { reason });

/** POST …/purchaseRequest/{id}/counter: another €/kg (and a note) for the buyer to accept or decline. */
export const postCounterRequest = ({ id, ...body }: { id: number } & CounterOfferInput) =>
  api.post<PurchaseRequest>(`/api/users/product/purchaseRequest/${id}/counter`, body);
/** POST …/purchaseRequest/{id}/acceptCounter (buyer): the order at the counter price. */
export const postAcceptCounter = (id: number) => api.post<Order>(`/api/users/product/purchaseRequest/${id}/acceptCounter`);
/** POST …/purchaseRequest/{id}/declineCounter (buyer), with an optional reason the seller reads. */
export const postDeclineCounter = ({ id, ...body }: { id: number } & DeclineCounterInput) =>
  api.post<MyPurchaseRequest>(`/api/users/product/purchaseRequest/${id}/declineCounter`, body);

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
export const useCounterRequest = () => useAnswer(postCounterRequest);
export const useAcceptCounter = () => useAnswer(postAcceptCounter);
export const useDeclineCounter = () => useAnswer(postDeclineCounter);
