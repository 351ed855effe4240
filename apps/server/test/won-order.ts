import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { createAuction, createOffer } from '../src/db/factories/listings.js';
import { orders } from '../src/db/schema/index.js';
import { closeAuctions } from '../src/trading/auctions/auctions.service.js';
import { AUCTION_DURATION_MS } from '@primeur/shared';

/**
 * An order made the way a sale makes one: a lot of 4 pallets whose 3-day auction ended a second ago,
 * one offer from the buyer at `pricePerKg`, closed by the auction closer (snapshots, number and all).
 */
export async function wonOrderId(db: Db, sellerId: number, buyerId: number, pricePerKg: number, netKgPerPallet?: number): Promise<number> {
  // The declared kg per pallet bounds the shipped weight (WEIGHT_TOLERANCE_PERCENT): a test shipping a
  // given weight declares it per pallet.
  const lot = await createAuction(db, {
    supplierId: sellerId,
    startedMsAgo: AUCTION_DURATION_MS + 1000,
    quantity: 4,
    ...(netKgPerPallet === undefined ? {} : { netKgPerPallet }),
  });
  await createOffer(db, lot.id, buyerId, pricePerKg);
  const closed = await closeAuctions(db);
  const orderId = closed.find((c) => c.productId === lot.id)?.orderId;
  if (!orderId) throw new Error(`the closed lot ${lot.id} made no order`);
  return orderId;
}

/** The row of such an order. */
export async function wonOrder(db: Db, sellerId: number, buyerId: number, pricePerKg: number) {
  const id = await wonOrderId(db, sellerId, buyerId, pricePerKg);
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}
