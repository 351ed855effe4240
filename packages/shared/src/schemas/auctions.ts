import { z } from 'zod';
import { bidAmountCents } from '../auctions/rules.js';
import { AUCTION_RESULTS } from '../constants/marketplace.js';
import { adminProduct } from './marketplace.js';
import { orderRef } from './orders.js';

/**
 * Who placed an offer, as the viewer may see it (issue 19, decision 700). Bidders are anonymous to one
 * another: on each lot every bidder has a stable number, 1 for the lot's first bidder, 2 for the
 * second… in the order of their first offer. Only the lot's seller and the operator learn companies.
 */
export const bidderView = z.object({
  /** The bidder's pseudonym number on this lot ("Bidder 2"); the web translates it. */
  bidderNumber: z.number().int().positive(),
  /**
   * What this viewer may read (English; the web shows its own translation from bidderNumber and
   * mine): "You" on the viewer's own rows, the company name for the lot's seller and the operator,
   * else "Bidder N".
   */
  bidderLabel: z.string(),
  /** The viewer placed this offer (or its maximum did). */
  mine: z.boolean(),
  /** The bidder's company: ONLY for the lot's seller and the operator, absent for every buyer. */
  user: z.object({ id: z.number().int(), companyName: z.string() }).optional(),
});
export type BidderView = z.infer<typeof bidderView>;

/** Offer of spec §3 as the viewer may see it; `auto`: the engine placed it for a maximum. */
export const offer = z
  .object({
    id: z.number().int(),
    date: z.string(),
    amount: z.number(),
    auto: z.boolean(),
  })
  .extend(bidderView.shape);
export type Offer = z.infer<typeof offer>;

/**
 * Body of a /topic/offers/{productId} message: the offer and the lot's state just after it. It goes to
 * every watcher, so it names the bidder only by its number (bidderLabel is always "Bidder N"); the page
 * marks its own rows by comparing bidderNumber with the details' `myBidderNumber` (or its bid answer's).
 */
export const offerMessage = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  auto: z.boolean(),
  bidderNumber: z.number().int().positive(),
  bidderLabel: z.string(),
  /** The lot's current end after this offer (soft close may have moved it). */
  endsAt: z.string(),
  /** The end the lot had before any soft close (start + 3 days): endsAt − originalEndsAt is the extension so far. */
  originalEndsAt: z.string(),
  /** This offer moved the end (soft close): by how many ms; 0 when it did not. */
  extendedByMs: z.number().int().nonnegative(),
  highest: z.number(),
  bidders: z.number().int(),
  /** Null when the lot has no reserve. */
  reserveMet: z.boolean().nullable(),
});
export type OfferMessage = z.infer<typeof offerMessage>;

/** Body of a /topic/auctions message: one per accepted offer, for the auctions list. */
export const auctionSummaryMessage = z.object({
  productId: z.number().int(),
  offerId: z.number().int(),
  date: z.string(),
  highest: z.number(),
  bidders: z.number().int(),
  endsAt: z.string(),
  reserveMet: z.boolean().nullable(),
});
export type AuctionSummaryMessage = z.infer<typeof auctionSummaryMessage>;

/** A bid amount (€/kg): finite, > 0, ≤ 2 decimals, ≤ MAX_BID_CENTS; refused with AMOUNT_INVALID otherwise. */
export const bidAmount = z.number({ error: 'AMOUNT_INVALID' }).refine((v) => bidAmountCents(v) !== null, 'AMOUNT_INVALID');

/** A bid; with maxAmount the engine bids for the buyer only as much as needed to lead, up to it. */
export const bidInput = z.object({ amount: bidAmount, maxAmount: bidAmount.optional() }).strict();
export type BidInput = z.input<typeof bidInput>;

/** Header of a bid: a key made by the client (a UUID), so a retried request places no second bid. */
export const idempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidKey');

/**
 * Answer to a bid (HTTP 200): the bidder's own offer (mine = true, bidderLabel "You"; `amount` is what
 * was stored for the bidder: a maximum bids only what it needs, the reserve may lift it) and where the
 * bidder stands after the whole bid, automatic answers included — one message per bid on the web.
 */
export const bidResult = offer.extend({
  /** The lot's current end after the bid. */
  endsAt: z.string(),
  originalEndsAt: z.string(),
  /** The lot's price now (may be above `amount` when an automatic bid answered). */
  highest: z.number(),
  bidders: z.number().int(),
  reserveMet: z.boolean().nullable(),
  /** The bidder leads after the bid. */
  leading: z.boolean(),
  /** The bidder's maximum in force on this lot, null without one (secret to everyone else). */
  maxAmount: z.number().nullable(),
  /** The smallest amount a next bid must carry (what to offer when not leading). */
  nextMinimum: z.number(),
});
export type BidResult = z.infer<typeof bidResult>;

/** The caller's own maximum on a lot (secret to everyone else) and whether it leads. */
export const myBid = z.object({ maxAmount: z.number().nullable(), leading: z.boolean() });
export type MyBid = z.infer<typeof myBid>;

/** Auction item of spec §3: the highest offer (or null) and the lot. */
export const auctionItem = z.object({ amount: z.number().nullable(), product: adminProduct });
export type AuctionItem = z.infer<typeof auctionItem>;

/**
 * Auction detail: the lot, its seller, its times, the server's clock (to correct the countdown), the
 * viewer's pseudonym and the result once over. `auctionStartDate` is the opening instant and `endsAt`
 * the CURRENT closing instant (ISO, UTC).
 */
export const productDetails = adminProduct.extend({
  seller: z.object({ companyName: z.string() }),
  serverTime: z.string(),
  highest: z.number().nullable(),
  /** The smallest amount a bid may carry now. */
  nextMinimum: z.number(),
  /** Distinct bidders so far. */
  bidders: z.number().int(),
  /** Whether the hidden reserve is met; null when the lot has no reserve. */
  reserveMet: z.boolean().nullable(),
  /** Auction phase at serverTime, against the CURRENT end; null for a lot that is not an auction. */
  phase: z.enum(['not_started', 'open', 'ended']).nullable(),
  open: z.boolean(),
  /** The closing instant before any soft close (start + 3 days); null for a lot that is not an auction. */
  originalEndsAt: z.string().nullable(),
  /** The viewer's pseudonym number on this lot, null until it bids (compare with live messages' bidderNumber). */
  myBidderNumber: z.number().int().positive().nullable(),
  /** How the auction ended; null while it is not over. */
  result: z.enum(AUCTION_RESULTS).nullable(),
  /** The winning offer once over and sold; `user` (the company) only for the seller and the operator. */
  winner: bidderView.extend({ amount: z.number() }).nullable(),
});
export type ProductDetails = z.infer<typeof productDetails>;

/** Body of a 409 BID_TOO_LOW answer. */
export const bidTooLowBody = z.object({
  error: z.string(),
  code: z.literal('BID_TOO_LOW'),
  highest: z.number().nullable(),
  minimum: z.number(),
});

/** Body of a bid refused against the lot's state: BID_TOO_LOW, ALREADY_HIGHEST (409) or MAX_BELOW_MINIMUM (400). */
export const bidRefusalBody = z.object({
  error: z.string(),
  code: z.enum(['BID_TOO_LOW', 'ALREADY_HIGHEST', 'MAX_BELOW_MINIMUM']),
  highest: z.number().nullable(),
  minimum: z.number(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** An auction the caller won: the lot and the winning amount (€/kg). */
export const wonAuction = z.object({ amount: z.number(), date: z.string(), product: adminProduct, order: orderRef.nullable() });
export type WonAuction = z.infer<typeof wonAuction>;
