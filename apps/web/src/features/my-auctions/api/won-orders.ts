import { useQuery } from '@tanstack/react-query';
import type { OrderRef, WonAuction } from '@primeur/shared';
import { api } from '../../../lib/api';

/**
 * The orders of the auctions this buyer won, by lot (GET /api/users/auction/won, the same cache entry as
 * the /encheres "won" table): My auctions → Won links each lot to its order.
 */
export const wonOrdersQuery = {
  queryKey: ['auctions', 'won'] as const,
  queryFn: () => api.get<WonAuction[]>('/api/users/auction/won'),
  select: (won: WonAuction[]) => new Map(won.filter((w) => w.order).map((w) => [w.product.productId, w.order as OrderRef])),
};
export const useWonOrders = (enabled: boolean) => useQuery({ ...wonOrdersQuery, enabled });
