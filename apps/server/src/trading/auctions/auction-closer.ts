import { todayInParis } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { emit } from '../../events/events.js';

import * as orders from '../orders/orders.service.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';

export interface ClosedLot {
  productId: number;
  winningOfferId: number | null;
  /** The order the sale became (in the same transaction as the close), when there is a winner. */
  orderId: number | null;
}

const BATCH = 100;

/**
 * Closes every auction past its end: EXPIRED with its winning offer recorded. Safe on any number of
 * instances at once: each lot is taken with FOR NO KEY UPDATE SKIP LOCKED, so two closers never take the
 * same lot, and a lot whose bid is still committing is left for the next round. The winner is read in
 * a statement after the lock, so the last accepted bid is always seen.
 */
export async function closeAuctions(db: Db): Promise<ClosedLot[]> {
  const closed: ClosedLot[] = [];
  for (;;) {
    // The close and its order commit together (decision 720): a crash leaves both or neither. The
    // order's `order.confirmed` event, in the same commit, tells both parties (order-messages).
    const batch = await db.transaction(async (tx) => {
      const ids = await marketplaceService.lockAuctionsDue(tx, BATCH);
      const out: ClosedLot[] = [];
      for (const id of ids) {
        const row = await marketplaceService.closeAuction(tx, id);
        if (!row) continue;
        const winningOfferId = row.winning_offer_id === null ? null : Number(row.winning_offer_id);
        const order = winningOfferId === null ? null : await orders.createFromAuction(tx, id, winningOfferId);
        // The lot's outcome, for its seller's change feed (the buyer learns of its win from order.confirmed).
        const supplierId = row.supplier_id === null ? null : Number(row.supplier_id);
        await emit(tx, {
          name: order ? 'lot.sold' : 'lot.unsold',
          subject: 'lot',
          subjectId: id,
          payload: { lotId: id, orderId: order?.id ?? null },
          companyIds: supplierId === null ? [] : [supplierId],
        });
        out.push({ productId: id, winningOfferId, orderId: order?.id ?? null });
      }
      return out;
    });
    closed.push(...batch);
    if (batch.length < BATCH) break;
  }
  await db.transaction((tx) => marketplaceService.expireFixedPrice(tx, todayInParis()));
  return closed;
}

/** Runs closeAuctions at start-up and then every intervalMs until stopped. */
export function startAuctionCloser(db: Db, intervalMs: number, onError: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = closeAuctions(db)
      .catch(onError)
      .finally(() => {
        if (!stopped && intervalMs > 0) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
