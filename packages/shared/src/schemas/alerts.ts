import { z } from 'zod';
import { AUCTION_RESULTS } from '../constants/marketplace.js';
import { adminProduct } from './marketplace.js';
import { dbBigIdText } from './common.js';
import { CLAIM_STEPS } from '../constants/claims.js';

/**
 * The kinds of notices: auction alerts (issue 14; `auction_result` goes to the seller), then orders
 * (issue 21: both parties at each step; `request_declined`/`request_expired` to the buyer whose
 * purchase request got no order).
 */
export const NOTIFICATION_KINDS = [
  'outbid',
  'ending_soon',
  'won',
  'lost',
  'auction_result',
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'request_declined',
  'request_expired',
  'order_claim',
  // To the operator's admins: an invoice could not be issued or rendered (decision 971).
  'invoice_attention',
  'request_countered',
  // To a company: one of its webhook endpoints failed for 72 hours and was disabled (decision 1012).
  'webhook_disabled',
  // To a buyer that received pallets of a recalled lot (issue 37 §5): always e-mailed too (decision 1016).
  'lot_recalled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How an auction ended, in notices: for the seller (auction_result) and, on `lost`, for the other bidders. */
export const AUCTION_OUTCOMES = ['sold', 'unsold_reserve', 'no_bids'] as const;
export type AuctionOutcome = (typeof AUCTION_OUTCOMES)[number];

/** One notice (the API item and the body of a /user/queue/notifications message). */
export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  productId: z.number().int().nullable(),
  productName: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  data: z.object({
    /**
     * outbid: the new highest offer; won/lost/auction_result: the final price (null when unsold without
     * offers); request_countered: the seller's counter-offer (€/kg).
     */
    amount: z.number().nullable().optional(),
    /** ending_soon: the lot's current end. */
    endsAt: z.string().optional(),
    /**
     * auction_result: how the seller's lot ended. lost: `sold` (another bidder won) or `unsold_reserve`
     * (nobody won: the reserve was not met — say "reserve not met", not "lost").
     */
    outcome: z.enum(AUCTION_OUTCOMES).optional(),
    /** outbid: how many times the user was outbid on this lot since it last read this notice (≥ 1). */
    count: z.number().int().positive().optional(),
    /**
     * lost (sold to another) and auction_result (sold): the winner's pseudonym number on the lot ("won by
     * Bidder 3"); auction_result also carries the buyer's company for the seller.
     */
    winnerBidderNumber: z.number().int().positive().optional(),
    buyerCompanyName: z.string().optional(),
    /** order_*: the order to open (/user/orders/{orderId}) and its number. */
    orderId: z.number().int().optional(),
    orderNumber: z.string().optional(),
    /** order_cancelled, request_declined: the reason given. */
    reason: z.string().optional(),
    /** order_claim: the claim, its step, and the credit asked, proposed or decided. */
    claimId: z.number().int().optional(),
    claimStep: z.enum(CLAIM_STEPS).optional(),
    credit: z.number().optional(),
    /** invoice_attention: the invoice (or credit note) and its reason code (INVOICE_ATTENTION_REASONS). */
    invoiceId: z.number().int().optional(),
    attention: z.string().optional(),
    /** webhook_disabled: the endpoint and its address. */
    webhookId: z.number().int().optional(),
    url: z.string().optional(),
    /** lot_recalled: the recall, whether it is a drill, and the SSCCs the buyer received. */
    recallId: z.number().int().optional(),
    exercise: z.boolean().optional(),
    codes: z.array(z.string()).optional(),
  }),
});
export type Notification = z.infer<typeof notification>;

/**
 * An outbid notice SUPERSEDES the earlier outbid notices of the same lot for its user: one entry per
 * lot (latest price, `data.count`). A client holding notices drops every other `outbid` entry of the
 * same productId when one arrives (live or listed); the list and the unread count already do.
 */
export const notificationList = z.object({ items: z.array(notification), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationList>;

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Older than this id (paging). */
  before: z.coerce.number().int().positive().optional(),
});

export const unreadCount = z.object({ unread: z.number().int() });

export const notificationIdParam = z.object({ id: dbBigIdText });

export const notificationPref = z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.boolean() }).strict();
export type NotificationPref = z.infer<typeof notificationPref>;
/** Every kind once, in NOTIFICATION_KINDS order in answers; a PUT may send any subset. */
export const notificationPrefs = z.array(notificationPref);
export const notificationPrefsInput = z
  .array(notificationPref)
  .max(NOTIFICATION_KINDS.length)
  .refine((a) => new Set(a.map((p) => p.kind)).size === a.length, 'duplicateKind');

/** Where the caller stands on an auction lot. */
/** `reserve_not_met`: the caller bid, the auction is over and nobody won (the reserve was not met). */
export const MY_AUCTION_STATES = ['watching', 'leading', 'outbid', 'won', 'lost', 'reserve_not_met'] as const;
export type MyAuctionState = (typeof MY_AUCTION_STATES)[number];

export const myAuction = z.object({
  product: adminProduct,
  state: z.enum(MY_AUCTION_STATES),
  watched: z.boolean(),
  highest: z.number().nullable(),
  bidders: z.number().int(),
  /** The caller's highest offer, and its secret maximum when it set one. */
  myBid: z.number().nullable(),
  myMax: z.number().nullable(),
  /** The final price once over (the winning offer), else null. */
  finalAmount: z.number().nullable(),
});
export type MyAuction = z.infer<typeof myAuction>;
export const myAuctions = z.array(myAuction);

/** A watched lot (GET /api/users/auction/watched). */
export const watchedAuction = z.object({ productId: z.number().int(), since: z.string(), product: adminProduct });
export type WatchedAuction = z.infer<typeof watchedAuction>;

/** A supplier's own auction lot, live figures (seller view on /user/products). */
export const sellerLot = z.object({
  productId: z.number().int(),
  highest: z.number().nullable(),
  bidders: z.number().int(),
  /** null when the lot has no reserve price. */
  reserveMet: z.boolean().nullable(),
  endsAt: z.string(),
  status: z.string(),
  /** How it ended once closed ("Sold at X to …", "Unsold — reserve not met", "No bids"), else null. */
  result: z.enum(AUCTION_RESULTS).nullable(),
  /** Sold: the winning price and the buyer's company (the seller may know its buyer); else null. */
  finalAmount: z.number().nullable(),
  buyer: z.object({ companyName: z.string() }).nullable(),
});
export type SellerLot = z.infer<typeof sellerLot>;
