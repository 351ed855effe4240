import { z } from 'zod';

/** A lot as the role homes list it: enough to show a line and link to its page. */
export const homeLot = z.object({
  productId: z.number().int(),
  name: z.string(),
  article: z.string(),
  /** The article's name in each catalog language (en, fr, de, es), for the reader's language. */
  articleNames: z.record(z.string(), z.string()),
  /** The lot's current end for an auction, null for a fixed-price lot. */
  endsAt: z.string().nullable(),
  /** Highest offer in €/kg, null without offers (auctions) or for a fixed-price lot. */
  highest: z.number().nullable(),
  bidders: z.number().int(),
  price: z.number(),
  quantity: z.number().int(),
  created: z.string(),
});
export type HomeLot = z.infer<typeof homeLot>;

/** An auction the user bid on: its own best offer and whether it still leads. */
export const homeBid = homeLot.extend({
  myBest: z.number(),
  leading: z.boolean(),
  ended: z.boolean(),
});
export type HomeBid = z.infer<typeof homeBid>;

/**
 * A purchase request as its sender sees it. `open`: the lot is still on sale; `closed`: the lot was
 * withdrawn from sale, sold out or expired since (the supplier answers by e-mail, outside the app).
 */
export const sentPurchaseRequest = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  supplier: z.string(),
  pallets: z.number().int(),
  message: z.string(),
  created: z.string(),
  state: z.enum(['open', 'closed']),
});
export type SentPurchaseRequest = z.infer<typeof sentPurchaseRequest>;

export const buyerHome = z.object({
  role: z.literal('buyer'),
  endingSoon: z.array(homeLot),
  myBids: z.array(homeBid),
  myRequests: z.array(sentPurchaseRequest),
  newLots: z.array(homeLot),
});

/** A recent offer on one of the supplier's auctions. */
export const receivedOffer = z.object({
  productId: z.number().int(),
  name: z.string(),
  amount: z.number(),
  companyName: z.string(),
  date: z.string(),
});

export const receivedRequest = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  buyer: z.string(),
  pallets: z.number().int(),
  message: z.string(),
  created: z.string(),
});

export const supplierHome = z.object({
  role: z.literal('supplier'),
  counts: z.object({ onSale: z.number().int(), inAuction: z.number().int(), ended: z.number().int() }),
  myLots: z.array(homeLot.extend({ status: z.enum(['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION']) })),
  offersReceived: z.array(receivedOffer),
  requestsReceived: z.array(receivedRequest),
});

export const roleHome = z.discriminatedUnion('role', [buyerHome, supplierHome]);
export type RoleHome = z.infer<typeof roleHome>;
export type BuyerHome = z.infer<typeof buyerHome>;
export type SupplierHome = z.infer<typeof supplierHome>;

/** How many lines each list of a role home shows. */
export const HOME_LIST_SIZE = 6;
