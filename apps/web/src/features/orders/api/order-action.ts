import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@primeur/shared';
import { orderKey, ordersKey } from './keys';

/**
 * A step on an order (ship, receive, cancel, delivery change): the server answers the order as it is
 * now, which replaces the cached one at once; the lists are read again (their status column moved).
 */
export function useOrderAction<V>(orderId: number, post: (id: number, body: V) => Promise<Order>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => post(orderId, body),
    onSuccess: (order) => {
      qc.setQueryData(orderKey(orderId), order);
      void qc.invalidateQueries({ queryKey: ordersKey, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}
