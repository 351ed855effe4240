import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUCTION_DURATION_MS, SOFT_CLOSE_MAX_EXTENSION_MS, softCloseEndMs } from '@primeur/shared';
import type { Executor } from '../src/db/client.js';
import { createAuction, type ProductFactoryInput } from '../src/db/factories/listings.js';
import { products } from '../src/db/schema/index.js';

/** An auction lot racing its end: when it started, its end at the start of the race, its cap. */
export interface ClosingLot {
  lot: Awaited<ReturnType<typeof createAuction>>;
  start: Date;
  initialEnd: number;
  cap: number;
}

/**
 * An auction whose soft close already moved its end: the cap (original end + 30 min) is `capInMs`
 * away and the current end `endsInMs` away, so bids now move the end up to the cap and no further.
 */
export async function softClosedAuction(db: Executor, input: ProductFactoryInput, capInMs: number, endsInMs: number): Promise<ClosingLot> {
  const start = new Date(Date.now() - AUCTION_DURATION_MS - SOFT_CLOSE_MAX_EXTENSION_MS + capInMs);
  const cap = start.getTime() + AUCTION_DURATION_MS + SOFT_CLOSE_MAX_EXTENSION_MS;
  const lot = await createAuction(db, { ...input, auctionStartDate: start, endsAt: new Date(Date.now() + endsInMs) });
  return { lot, start, initialEnd: lot.endsAt!.getTime(), cap };
}

/**
 * Replays the end as each stored offer (in id order) moved it: every offer came before the end of its
 * moment, the lot's stored end is the replayed one and never passes the cap, and the lot is closed.
 * Returns the lot row for the caller's own checks.
 */
export async function expectClosedAtReplayedEnd(db: Executor, { lot, start, initialEnd, cap }: ClosingLot, stored: Array<{ createdAt: Date }>) {
  let end = initialEnd;
  for (const o of stored) {
    expect(o.createdAt.getTime()).toBeLessThan(end);
    end = softCloseEndMs(end, o.createdAt.getTime(), start);
  }
  const [row] = await db.select().from(products).where(eq(products.id, lot.id));
  expect(row!.endsAt!.getTime()).toBe(end);
  expect(end).toBeLessThanOrEqual(cap);
  expect(row!.status).toBe('EXPIRED');
  return row!;
}
