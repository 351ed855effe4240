import { useQuery } from '@tanstack/react-query';
import type { WonAuction } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchWonAuctions = () => api.get<WonAuction[]>('/api/users/auction/won');
export const wonAuctionsQuery = { queryKey: ['auctions', 'won'], queryFn: fetchWonAuctions };
export const useWonAuctions = (enabled: boolean) => useQuery({ ...wonAuctionsQuery, enabled });
