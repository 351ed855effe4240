import { useQuery } from '@tanstack/react-query';
import type { MyPurchaseRequest, PurchaseRequest } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchPurchaseRequests = () => api.get<PurchaseRequest[]>('/api/users/product/purchaseRequests');
export const purchaseRequestsQuery = { queryKey: ['marketplace', 'requests'], queryFn: fetchPurchaseRequests };
export const usePurchaseRequests = () => useQuery(purchaseRequestsQuery);

/** The buyer's own requests, counter-offers included (GET /api/users/product/myPurchaseRequests). */
export const fetchMyPurchaseRequests = () => api.get<MyPurchaseRequest[]>('/api/users/product/myPurchaseRequests');
export const myPurchaseRequestsQuery = { queryKey: ['marketplace', 'myRequests'], queryFn: fetchMyPurchaseRequests };
export const useMyPurchaseRequests = (enabled: boolean) => useQuery({ ...myPurchaseRequestsQuery, enabled });
