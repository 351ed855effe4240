import { useQuery } from '@tanstack/react-query';
import type { AuctionItem } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchActiveAuctions = () => api.get<AuctionItem[]>('/api/users/product/listActiveAuctionsWithBiggestOffer');
export const activeAuctionsQuery = { queryKey: ['auctions', 'active'], queryFn: fetchActiveAuctions, refetchInterval: 15_000 };
export const useActiveAuctions = () => useQuery(activeAuctionsQuery);
