import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { offersTopic } from '@primeur/shared';
import { useStompTopic, type UseStompTopicOptions } from '../../../lib/use-stomp-topic';
import { offersKey, offersQuery } from './offers';
import { parseLiveOffer, type RoomOffer as Offer } from './room';

/**
 * Live offers of one lot: calls onOffer once for every new offer published on
 * /topic/offers/{productId}. Each time the subscription becomes live (the first time and after every
 * reconnect) the offers are fetched again and the ones not yet shown are delivered too, so none is
 * missed while the connection was down and none is delivered twice.
 */
export function useLiveOffers(productId: number, onOffer: (offer: Offer) => void, connection?: UseStompTopicOptions['connection']) {
  const qc = useQueryClient();
  const callback = useRef(onOffer);
  useEffect(() => {
    callback.current = onOffer;
  });
  const seen = useRef(new Set<number>());
  useEffect(() => {
    seen.current = new Set();
  }, [productId]);

  const deliver = (o: Offer) => {
    if (seen.current.has(o.id)) return;
    seen.current.add(o.id);
    callback.current(o);
  };

  const catchUp = async () => {
    const shown = new Set((qc.getQueryData<Offer[]>(offersKey(productId)) ?? []).map((o) => o.id));
    const list = await qc.fetchQuery({ ...offersQuery(productId), staleTime: 0 });
    for (const o of [...list].reverse()) {
      if (shown.has(o.id)) seen.current.add(o.id);
      else deliver(o);
    }
  };

  const valid = Number.isInteger(productId) && productId > 0;
  return useStompTopic(
    valid ? offersTopic(productId) : null,
    (payload) => {
      const parsed = parseLiveOffer(payload);
      if (parsed) deliver(parsed);
    },
    { onSubscribed: () => void catchUp().catch(() => undefined), connection },
  );
}
