import { useQueryClient } from '@tanstack/react-query';
import { orderEvent, type OrderEvent } from '@primeur/shared';
import { useStompTopic } from '../../../lib/use-stomp-topic';
import { orderKey, ordersKey } from './keys';

/** The signed-in user's own order queue: the server binds it to the session's user. */
export const ORDERS_DESTINATION = '/user/queue/orders';

/**
 * Keeps every order query live: an event refetches the order it names and the lists (the event says
 * what changed, the order says how it is now). Once the subscription is live (the first time and after
 * a lost connection) everything is read again: an event published before it was live would otherwise
 * be missed. `onEvent` lets a page say what happened.
 */
export function useLiveOrders(onEvent?: (e: OrderEvent) => void, enabled = true) {
  const qc = useQueryClient();
  return useStompTopic(
    ORDERS_DESTINATION,
    (payload) => {
      const parsed = orderEvent.safeParse(payload);
      if (!parsed.success) return;
      void qc.invalidateQueries({ queryKey: orderKey(parsed.data.orderId) });
      void qc.invalidateQueries({ queryKey: ordersKey, predicate: (q) => q.queryKey[1] !== 'one' });
      onEvent?.(parsed.data);
    },
    { enabled, onSubscribed: () => void qc.invalidateQueries({ queryKey: ordersKey }) },
  );
}
