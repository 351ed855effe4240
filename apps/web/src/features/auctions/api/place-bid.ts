import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { mergeOffers, offersKey } from './offers';
import { myBidKey } from './my-bid';
import type { BidResult } from '@primeur/shared';
import { detailsQuery } from './details';
import type { RoomDetails, RoomOffer } from './room';

export interface BidRequest {
  amount: number;
  /** The buyer's maximum for automatic bids (issue 14), kept secret by the server. */
  maxAmount?: number;
  /** Made by the client once per submission and sent again on its retries: the server stores one offer per key. */
  idempotencyKey: string;
}

export const postBid = (productId: number, { amount, maxAmount, idempotencyKey }: BidRequest) =>
  api.post<BidResult>(`/api/users/auction/offers/add/${productId}`, maxAmount === undefined ? { amount } : { amount, maxAmount }, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** A fresh key for one submission (crypto.randomUUID where the page is a secure context; a random v4 otherwise). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** No answer (network) or a server fault: the same submission may be sent again with the same key. */
export const isRetryable = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

/**
 * A bid; its stored offer joins the table at once (the answer comes only after commit). A lost
 * answer is retried twice with the SAME key, so the server answers the stored offer instead of
 * placing a second one.
 */
export function usePlaceBid(productId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: BidRequest) => postBid(productId, req),
    retry: (count, err) => count < 2 && isRetryable(err),
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: (offer, req) => {
      qc.setQueryData<RoomOffer[]>(offersKey(productId), (list) => mergeOffers(list, offer));
      // My pseudonym on the lot from my first bid on: live messages name me only by it.
      qc.setQueryData<{ details: RoomDetails; receivedAt: number }>(detailsQuery(productId).queryKey, (held) =>
        held && held.details.myBidderNumber !== offer.bidderNumber ? { ...held, details: { ...held.details, myBidderNumber: offer.bidderNumber } } : held,
      );
      // My own maximum and standing changed through my own action (not a watcher's refetch).
      if (req.maxAmount !== undefined) void qc.invalidateQueries({ queryKey: myBidKey(productId) });
    },
  });
}
