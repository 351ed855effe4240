import type { FastifyBaseLogger } from 'fastify';
import { MIN_BID_STEP_CENTS, type AuctionItem, type Offer, type ProductDetails } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { marketplaceService } from '../marketplace/marketplace.service.js';
import { auctionsRepository as repo } from './auctions.repository.js';

/** Money is compared in whole cents: 0.1 + 0.2 must not decide who wins. */
const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => c / 100;

export const offersTopic = (productId: number) => `/topic/offers/${productId}`;

const closed = (message: string) => new HttpError(409, 'AUCTION_CLOSED', message);

/** The smallest acceptable bid: the starting price, or the highest offer plus the minimum step. */
export function nextMinimumCents(priceCents: number, highest: number | null) {
  return highest === null ? priceCents : Math.max(priceCents, cents(highest) + MIN_BID_STEP_CENTS);
}

export interface BidDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

export const auctionsService = {
  /**
   * Takes a bid. The lot row is locked first, so bids on one lot run one after another on every
   * instance; the clock and the highest offer are read after the lock, so the rule is checked against
   * the state this bid will commit on. The offer is published only after the commit.
   */
  async placeBid({ db, bus, log }: BidDeps, user: SessionUser, productId: number, amount: number): Promise<Offer> {
    if (user.category === 'admin') throw new HttpError(403, 'ADMIN_CANNOT_BID', 'Administrators cannot bid.');
    const amountCents = cents(amount);
    const offer = await db.transaction(async (tx) => {
      const lot = await repo.lockLot(tx, productId);
      if (!lot || !lot.auctionStartDate || !lot.endsAt) throw notFound('Auction');
      if (lot.supplierId === user.id) throw new HttpError(403, 'OWN_PRODUCT', 'You cannot bid on your own lot.');
      const ctx = await repo.bidContext(tx, productId, user.id);
      if (!ctx.active) throw new HttpError(403, 'ACCOUNT_INACTIVE', 'Your account is not active.');
      if (lot.status !== 'IN_AUCTION' || ctx.now.getTime() >= lot.endsAt.getTime()) throw closed('The auction is closed.');
      if (ctx.now.getTime() < lot.auctionStartDate.getTime()) throw closed('The auction has not started yet.');
      const minimum = nextMinimumCents(cents(Number(lot.price)), ctx.highest);
      if (amountCents < minimum) {
        throw new HttpError(409, 'BID_TOO_LOW', `The bid must be at least ${(minimum / 100).toFixed(2)} €/kg.`, undefined, {
          highest: ctx.highest,
          minimum: euros(minimum),
        });
      }
      const row = await repo.insertOffer(tx, productId, user.id, (amountCents / 100).toFixed(2), ctx.now);
      return { id: row.id, date: row.createdAt.toISOString(), amount: Number(row.amount), user: { companyName: user.companyName } };
    });
    try {
      await bus.publish(offersTopic(productId), JSON.stringify(offer));
    } catch (err) {
      // The bid is committed and acknowledged; watchers catch up when they refetch the offers.
      log.error({ err, productId }, 'could not publish an offer');
    }
    return offer;
  },

  async offers(db: Db, productId: number): Promise<Offer[]> {
    if (!(await marketplaceService.productById(db, productId))) throw notFound('Product');
    return (await repo.offersOf(db, productId)).map((o) => ({
      id: o.id,
      date: o.date.toISOString(),
      amount: Number(o.amount),
      user: { companyName: o.companyName },
    }));
  },

  async listActive(db: Db): Promise<AuctionItem[]> {
    const open = await repo.openAuctions(db);
    const byId = await marketplaceService.productsByIds(
      db,
      open.map((o) => o.id),
    );
    return open.flatMap((o) => {
      const product = byId.get(o.id);
      return product ? [{ amount: o.highest === null ? null : Number(o.highest), product }] : [];
    });
  },

  async details(db: Db, productId: number): Promise<ProductDetails> {
    const product = await marketplaceService.productById(db, productId);
    if (!product) throw notFound('Product');
    const [serverTime, highest] = await Promise.all([repo.serverTime(db), repo.highest(db, productId)]);
    const isAuction = product.endsAt !== null;
    const open =
      isAuction &&
      product.status === 'IN_AUCTION' &&
      serverTime.getTime() >= Date.parse(product.auctionStartDate!) &&
      serverTime.getTime() < Date.parse(product.endsAt!);
    let winner: ProductDetails['winner'] = null;
    // Once over, the highest offer is the winner — also in the moments before the close job records it.
    if (isAuction && !open && serverTime.getTime() >= Date.parse(product.endsAt!) && highest !== null) {
      const offers = await repo.offersOf(db, productId).limit(1);
      if (offers[0]) winner = { companyName: offers[0].companyName, amount: Number(offers[0].amount) };
    }
    return {
      ...product,
      seller: { companyName: product.user.companyName },
      serverTime: serverTime.toISOString(),
      highest,
      nextMinimum: euros(nextMinimumCents(cents(product.price), highest)),
      open,
      winner,
    };
  },
};
