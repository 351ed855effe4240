import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AUCTIONS_SUMMARY_TOPIC, type SellerLot } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useStompTopic } from '../../../lib/use-stomp-topic';

export const AUCTIONS_DESTINATION = AUCTIONS_SUMMARY_TOPIC;
export const myLotsKey = ['auctions', 'myLots'] as const;
export const fetchMyLots = () => api.get<SellerLot[]>('/api/users/auction/myLots');
export const useMyLots = () => useQuery({ queryKey: myLotsKey, queryFn: fetchMyLots });

/** The /topic/auctions body (contracts): one message per accepted offer. */
const auctionSummary = z.object({
  productId: z.number(),
  highest: z.number().nullable(),
  bidders: z.number(),
  endsAt: z.string(),
  reserveMet: z.boolean().nullable(),
});

/** Applies one summary message to the supplier's lots (a lot of another seller is ignored). */
export function applySummary(lots: SellerLot[] | undefined, m: z.infer<typeof auctionSummary>): SellerLot[] | undefined {
  if (!lots?.some((l) => l.productId === m.productId)) return lots;
  return lots.map((l) => (l.productId === m.productId ? { ...l, highest: m.highest, bidders: m.bidders, endsAt: m.endsAt, reserveMet: m.reserveMet } : l));
}

/** One subscription for the whole page: every card reads the cache this keeps current. */
export function useLiveMyLots() {
  const qc = useQueryClient();
  return useStompTopic(
    AUCTIONS_DESTINATION,
    (payload) => {
      const m = auctionSummary.safeParse(payload);
      if (m.success) qc.setQueryData<SellerLot[]>(myLotsKey, (lots) => applySummary(lots, m.data));
    },
    { onReconnect: () => void qc.invalidateQueries({ queryKey: myLotsKey }) },
  );
}
