import { useQuery } from '@tanstack/react-query';
import type { PurchaseRequest } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchPurchaseRequests = () => api.get<PurchaseRequest[]>('/api/users/product/purchaseRequests');
export const purchaseRequestsQuery = { queryKey: ['marketplace', 'requests'], queryFn: fetchPurchaseRequests };
export const usePurchaseRequests = () => useQuery(purchaseRequestsQuery);
