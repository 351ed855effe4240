import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OFFERS_POLL_MS, type Offer } from '@primeur/shared';
import { offersQuery } from './offers';

/**
 * THE spot where live offers arrive on the auction page: calls onOffer once for every new offer of
 * the lot, oldest first. For now it refetches the offers every OFFERS_POLL_MS; the STOMP subscription
 * to /topic/offers/{productId} replaces the polling here (and refetches after a reconnect), with no
 * change to the page.
 */
export function useLiveOffers(productId: number, onOffer: (offer: Offer) => void) {
  const callback = useRef(onOffer);
  useEffect(() => {
    callback.current = onOffer;
  });
  const seen = useRef<Set<number> | null>(null);
  const { data } = useQuery({ ...offersQuery(productId), refetchInterval: OFFERS_POLL_MS });
  useEffect(() => {
    seen.current = null;
  }, [productId]);
  useEffect(() => {
    if (!data) return;
    if (seen.current === null) {
      seen.current = new Set(data.map((o) => o.id));
      return;
    }
    for (const o of [...data].reverse()) {
      if (seen.current.has(o.id)) continue;
      seen.current.add(o.id);
      callback.current(o);
    }
  }, [data]);
}
