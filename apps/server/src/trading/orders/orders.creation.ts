import { lineAmount, formatOrderNumber, todayInParis, type OrderActor } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import type { AddressSnapshot, LotSnapshot, PartySnapshot } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-error.js';
import { accountWithPlace } from '../../companies/users/users.read-model.js';
import * as auctionsView from '../auctions/auctions.read-model.js';
import * as marketplaceView from '../marketplace/marketplace.read-model.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { num } from './orders.presenter.js';

/** An order is born CONFIRMED: at an auction's close or when a seller accepts a purchase request. */

const round2 = (v: number) => Math.round(v * 100) / 100;

function partySnapshot(p: NonNullable<Awaited<ReturnType<typeof accountWithPlace>>>): PartySnapshot {
  return {
    userId: p.id,
    companyName: p.companyName,
    address: p.address,
    postalCode: p.postalCode,
    city: p.city ?? '',
    countryAlpha2: p.alpha2 ?? '',
    countryName: p.countryName ?? '',
    vatId: p.vatId,
    email: p.email,
  };
}

interface NewOrderInput {
  source: 'AUCTION' | 'PURCHASE_REQUEST';
  productId: number;
  buyerId: number;
  pallets: number;
  pricePerKg: number;
  offerId?: number;
  purchaseRequestId?: number;
  /** Who made the sale happen: the system (auction close), the seller (acceptance) or the buyer (a counter-offer accepted). */
  actor: OrderActor;
  actorUserId?: number;
  /** The first history line's code when not the source's own (a counter-offer accepted). */
  noteCode?: 'COUNTER_OFFER_ACCEPTED';
  noteParams?: Record<string, string | number | null>;
}

/**
 * Makes a CONFIRMED order inside the caller's transaction: number from the locked year counter,
 * snapshots of the lot and both companies, and the first history row, whose `order.confirmed` event
 * tells both parties (the order-messages processor: notices, e-mails with the sale confirmation).
 */
export async function createOrder(tx: Executor, input: NewOrderInput): Promise<OrderRow> {
  const lot = await marketplaceView.lotWithNames(tx, input.productId);
  if (!lot) throw notFound('Product');
  const [buyer, seller] = await Promise.all([accountWithPlace(tx, input.buyerId), accountWithPlace(tx, lot.product.supplierId)]);
  if (!buyer || !seller) throw notFound('User');
  const p = lot.product;
  const netKgPerPallet = num(p.netKgPerPallet);
  const lotSnapshot: LotSnapshot = {
    productId: p.id,
    articleId: p.articleId,
    article: lot.articleNames,
    title: p.name,
    caliber: p.caliber,
    originAlpha2: lot.originAlpha2,
    originName: lot.originName,
    packaging: lot.packaging,
    photo: p.photos[0] ?? null,
    netKgPerPallet,
    boxesPerPallet: p.boxesPerPallet,
    netKgPerBox: num(p.netKgPerBox),
    qualityClass: p.qualityClass,
    variety: p.variety,
    packedOn: p.packedOn,
    gtin: p.gtin,
  };
  const estimatedNetKg = netKgPerPallet === null ? null : round2(input.pallets * netKgPerPallet);
  const buyerSnap = partySnapshot(buyer);
  const sellerSnap = partySnapshot(seller);
  const delivery: AddressSnapshot = {
    address: buyerSnap.address,
    postalCode: buyerSnap.postalCode,
    city: buyerSnap.city,
    countryAlpha2: buyerSnap.countryAlpha2,
  };
  const year = Number(todayInParis().slice(0, 4));
  const seq = await repo.nextNumber(tx, year);
  const order = await repo.insertOrder(tx, {
    number: formatOrderNumber(year, seq),
    status: 'CONFIRMED',
    source: input.source,
    productId: p.id,
    purchaseRequestId: input.purchaseRequestId ?? null,
    offerId: input.offerId ?? null,
    buyerId: buyer.id,
    sellerId: seller.id,
    buyer: buyerSnap,
    seller: sellerSnap,
    lot: lotSnapshot,
    pallets: input.pallets,
    estimatedNetKg: estimatedNetKg === null ? null : estimatedNetKg.toFixed(2),
    pricePerKg: input.pricePerKg.toFixed(2),
    amount: estimatedNetKg === null ? null : lineAmount(estimatedNetKg, input.pricePerKg).toFixed(2),
    // Decision 722: goods are handed to the buyer's carrier at the seller's premises.
    incoterm: 'FCA',
    incotermPlace: [sellerSnap.city || sellerSnap.postalCode, sellerSnap.countryAlpha2].filter(Boolean).join(', '),
    deliveryAddress: delivery,
  });
  await repo.insertHistory(tx, {
    orderId: order.id,
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    companyName: input.actor === 'SELLER' ? sellerSnap.companyName : input.actor === 'BUYER' ? buyerSnap.companyName : null,
    fromStatus: null,
    toStatus: 'CONFIRMED',
    noteCode: input.noteCode ?? (input.source === 'AUCTION' ? 'AUCTION_CLOSED' : 'REQUEST_ACCEPTED'),
    noteParams: input.noteParams ?? {},
  });
  return order;
}

/**
 * The order of an auction closed with a winner, in the close's transaction (decision 720). The
 * lot's unique auction-order index makes a second one impossible even if a close were replayed.
 */
export async function createFromAuction(tx: Executor, productId: number, winningOfferId: number) {
  const existing = await repo.auctionOrderOf(tx, productId);
  if (existing) return existing;
  const offer = await auctionsView.offerById(tx, winningOfferId);
  if (!offer) throw new Error(`winning offer ${winningOfferId} of lot ${productId} not found`);
  const lot = await marketplaceView.lotWithNames(tx, productId);
  if (!lot) throw new Error(`lot ${productId} not found`);
  return createOrder(tx, {
    source: 'AUCTION',
    productId,
    buyerId: offer.userId,
    pallets: lot.product.quantity,
    pricePerKg: Number(offer.amount),
    offerId: offer.id,
    actor: 'SYSTEM',
  });
}
