import { useQuery } from '@tanstack/react-query';
import type { MyAuction } from '@primeur/shared';
import { api } from '../../../lib/api';

export const myAuctionsKey = ['auctions', 'mine'] as const;
export const fetchMyAuctions = () => api.get<MyAuction[]>('/api/users/auction/myAuctions');
export const useMyAuctions = () => useQuery({ queryKey: myAuctionsKey, queryFn: fetchMyAuctions, refetchInterval: 30_000 });
