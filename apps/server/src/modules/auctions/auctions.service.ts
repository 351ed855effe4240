import type { FastifyBaseLogger } from 'fastify';
import { MIN_BID_STEP_CENTS, type AuctionItem, type Offer, type ProductDetails, type WonAuction } from '@primeur/shared';
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
   * Takes a bid. The database function place_bid locks the lot row first, so bids on one lot run one
   * after another on every instance; the clock and the highest offer are read after the lock, so the
   * rule is checked against the state this bid commits on. The answer and the live message leave only
   * after the commit.
   */
  async placeBid({ db, bus, log }: BidDeps, user: SessionUser, productId: number, amount: number): Promise<Offer> {
    if (user.category === 'admin') throw new HttpError(403, 'ADMIN_CANNOT_BID', 'Administrators cannot bid.');
    const amountCents = cents(amount);
    const r = await repo.placeBid(db, productId, user.id, (amountCents / 100).toFixed(2), (MIN_BID_STEP_CENTS / 100).toFixed(2));
    switch (r.outcome) {
      case 'OK':
        break;
      case 'NOT_FOUND':
        throw notFound('Auction');
      case 'OWN_PRODUCT':
        throw new HttpError(403, 'OWN_PRODUCT', 'You cannot bid on your own lot.');
      case 'ACCOUNT_INACTIVE':
        throw new HttpError(403, 'ACCOUNT_INACTIVE', 'Your account is not active.');
      case 'AUCTION_CLOSED':
        throw closed('The auction is closed.');
      case 'NOT_STARTED':
        throw closed('The auction has not started yet.');
      case 'BID_TOO_LOW':
        throw new HttpError(409, 'BID_TOO_LOW', `The bid must be at least ${r.minimum!.toFixed(2)} €/kg.`, undefined, {
          highest: r.highest,
          minimum: r.minimum,
        });
    }
    const offer: Offer = { id: r.offerId!, date: r.at!.toISOString(), amount: amountCents / 100, user: { companyName: user.companyName } };
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

  listActive: (db: Db): Promise<AuctionItem[]> => marketplaceService.openAuctions(db),

  async won(db: Db, userId: number): Promise<WonAuction[]> {
    const rows = await repo.wonBy(db, userId);
    const byId = await marketplaceService.productsByIds(
      db,
      rows.map((r) => r.productId),
    );
    return rows.flatMap((r) => {
      const product = byId.get(r.productId);
      return product ? [{ amount: Number(r.amount), date: r.date.toISOString(), product }] : [];
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
