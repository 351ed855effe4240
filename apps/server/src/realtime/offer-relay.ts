import type { TopicHub } from './topic-hub.js';

/** The channel the `offers_notify` trigger (migration 0003) notifies, once per committed offer. */
export const OFFERS_CHANNEL = 'primeur_offers';

export interface LiveMessage {
  topic: string;
  payload: string;
}

export interface OfferRelayDeps {
  listen(channel: string, onNotify: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  hub: TopicHub;
  /** Builds the live messages of one committed offer from the database (the auctions module's). */
  build(productId: number, offerId: number): Promise<LiveMessage[]>;
  /** Notifications were missed (the LISTEN connection was lost): watchers must resync. */
  onGap(): void;
  log: { error(obj: object, msg: string): void };
  /** Called after each offer is delivered locally (metrics). */
  onDelivered?(lagMs: number): void;
}

/**
 * Delivers committed offers to this instance's own watchers (decision 521). PostgreSQL sends the
 * trigger's notification to every listening instance when the bid's transaction commits, so an offer
 * reaches every instance even if the one that took it dies right after the commit. Messages are
 * built and delivered one at a time, in commit order.
 */
export async function startOfferRelay(deps: OfferRelayDeps): Promise<() => Promise<void>> {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  const onNotify = (raw: string) => {
    const received = performance.now();
    chain = chain.then(async () => {
      if (stopped) return;
      let note: { productId?: unknown; offerId?: unknown };
      try {
        note = JSON.parse(raw) as typeof note;
      } catch {
        return;
      }
      const productId = Number(note.productId);
      const offerId = Number(note.offerId);
      if (!Number.isSafeInteger(productId) || !Number.isSafeInteger(offerId)) return;
      try {
        for (const m of await deps.build(productId, offerId)) deps.hub.deliverLocal(m.topic, m.payload);
        deps.onDelivered?.(performance.now() - received);
      } catch (err) {
        // The database went away between the commit and this read: watchers refetch after the gap.
        deps.log.error({ err, productId, offerId }, 'could not relay a committed offer');
        deps.onGap();
      }
    });
  };
  const unlisten = await deps.listen(OFFERS_CHANNEL, onNotify, deps.onGap);
  return async () => {
    stopped = true;
    await unlisten();
    await chain;
  };
}
