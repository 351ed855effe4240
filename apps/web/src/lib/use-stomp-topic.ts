import { useEffect, useRef, useState } from 'react';
import type { IMessage } from '@stomp/stompjs';
import { liveConnection, type LiveStatus, type LiveSubscriber } from './stomp';

export interface UseStompTopicOptions {
  /**
   * Called when the subscription is live again after a connection loss: refetch what may have been
   * published meanwhile, and MERGE it by id with what is shown (the auction room's `mergeOffers`) — a live message may already
   * have arrived that the refetch does not contain.
   */
  onReconnect?: () => void;
  /** Called every time the subscription becomes live, the first time included (reconnected = false). */
  onSubscribed?: (reconnected: boolean) => void;
  /** false: no subscription (e.g. until the page knows its product id). Default true. */
  enabled?: boolean;
  /** For tests: the connection to use instead of the tab-wide one. */
  connection?: LiveSubscriber;
}

/**
 * Listens to a STOMP topic while the component is mounted, e.g.
 *
 *   const { status } = useStompTopic(`/topic/offers/${productId}`, (payload) => {
 *     const offer = offerSchema.safeParse(payload);
 *     if (offer.success) queryClient.setQueryData(key, (old) => mergeOffers(old, offer.data));
 *   }, { onReconnect: () => void refetchAndMerge() });
 *
 * `onMessage` gets the parsed JSON body as `unknown` (validate it) and the raw frame. The callbacks
 * may change on every render without resubscribing; only `destination` and `enabled` do.
 */
export function useStompTopic(
  destination: string | null | undefined,
  onMessage: (payload: unknown, message: IMessage) => void,
  options: UseStompTopicOptions = {},
): { status: LiveStatus } {
  const { enabled = true, connection } = options;
  const callbacks = useRef({ onMessage, options });
  useEffect(() => {
    callbacks.current = { onMessage, options };
  });
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!destination || !enabled) return;
    setStatus('connecting');
    const conn = connection ?? liveConnection();
    return conn.subscribe(destination, {
      onMessage: (payload, message) => callbacks.current.onMessage(payload, message),
      onSubscribed: (reconnected) => {
        setStatus('live');
        callbacks.current.options.onSubscribed?.(reconnected);
        if (reconnected) callbacks.current.options.onReconnect?.();
      },
      onLost: () => setStatus('reconnecting'),
    });
  }, [destination, enabled, connection]);

  return { status };
}
