import { z } from 'zod';
import { bidAmountCents } from '../auctions/rules.js';
import { adminProduct } from './marketplace.js';
import { orderRef } from './orders.js';

/** Offer of spec §3, with its bidder's id (to mark one's own rows) and whether the engine placed it for a maximum. */
export const offer = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  user: z.object({ id: z.number().int(), companyName: z.string() }),
  auto: z.boolean(),
});
export type Offer = z.infer<typeof offer>;

/** Body of a /topic/offers/{productId} message: the offer and the lot's state just after it. */
export const offerMessage = offer.extend({
  /** The lot's current end after this offer (soft close may have moved it). */
  endsAt: z.string(),
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

/** Answer to a bid: the bidder's offer, the lot's state after the whole bid, and whether the bidder leads. */
export const bidResult = offerMessage.extend({ leading: z.boolean() });
export type BidResult = z.infer<typeof bidResult>;

/** The caller's own maximum on a lot (secret to everyone else) and whether it leads. */
export const myBid = z.object({ maxAmount: z.number().nullable(), leading: z.boolean() });
export type MyBid = z.infer<typeof myBid>;

/** Auction item of spec §3: the highest offer (or null) and the lot. */
export const auctionItem = z.object({ amount: z.number().nullable(), product: adminProduct });
export type AuctionItem = z.infer<typeof auctionItem>;

/** Auction detail: the lot, its seller, end time, the server's clock (to correct the countdown) and the result once over. */
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
  winner: z.object({ companyName: z.string(), amount: z.number() }).nullable(),
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
