import { useMutation } from '@tanstack/react-query';
import type { PurchaseRequestInput } from '@primeur/shared';
import { api } from '../../../lib/api';

export const postPurchaseRequest = (productId: number, body: PurchaseRequestInput) =>
  api.post<{ id: number }>(`/api/users/product/purchaseRequest/${productId}`, body);
export const usePurchaseRequest = (productId: number) => useMutation({ mutationFn: (body: PurchaseRequestInput) => postPurchaseRequest(productId, body) });
