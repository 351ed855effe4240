import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequestInput } from '@primeur/shared';
import { api } from '../../../lib/api';

export const postPurchaseRequest = (productId: number, body: PurchaseRequestInput) =>
  api.post<{ id: number }>(`/api/users/product/purchaseRequest/${productId}`, body);
export const usePurchaseRequest = (productId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseRequestInput) => postPurchaseRequest(productId, body),
    // The buyer's own list shows the new request; a refused price (PRICE_CHANGED) brings the lot's new one.
    onSettled: () => void qc.invalidateQueries({ queryKey: ['marketplace'] }),
  });
};
