import { useQuery } from '@tanstack/react-query';
import type { RoleHome, SentPurchaseRequest } from '@primeur/shared';
import { api } from '../../../lib/api';

/** GET /api/users/home: the signed-in user's role home in one call (issue 16). */
export const fetchRoleHome = () => api.get<RoleHome>('/api/users/home');
export const useRoleHome = () => useQuery({ queryKey: ['home'], queryFn: fetchRoleHome, refetchInterval: 60_000 });

/** GET /api/users/product/purchaseRequests/sent: every purchase request the user sent, with its state. */
export const fetchSentRequests = () => api.get<SentPurchaseRequest[]>('/api/users/product/purchaseRequests/sent');
export const useSentRequests = () => useQuery({ queryKey: ['marketplace', 'requests', 'sent'], queryFn: fetchSentRequests });
