import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The caller's secret maximum (automatic bids) and whether it leads (contract "Bid API"). */
export interface MyBid {
  maxAmount: number | null;
  leading: boolean;
}

export const myBidKey = (productId: number) => ['auctions', 'myBid', productId] as const;
export const fetchMyBid = (productId: number) => api.get<MyBid>(`/api/users/auction/myBid/${productId}`);
/** Read once per visit (and after my own bids with a maximum); a server without the route answers 404 and the page goes on without it. */
export const useMyBid = (productId: number, enabled: boolean) =>
  useQuery({ queryKey: myBidKey(productId), queryFn: () => fetchMyBid(productId), enabled, retry: false, staleTime: Number.POSITIVE_INFINITY });
