import { z } from 'zod';
import { euroPerKg, adminProduct } from './marketplace.js';

/** Offer of spec §3 (also the live message body). */
export const offer = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  user: z.object({ companyName: z.string() }),
});
export type Offer = z.infer<typeof offer>;

export const bidInput = z.object({ amount: euroPerKg }).strict();
export type BidInput = z.input<typeof bidInput>;

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

/** An auction the caller won: the lot and the winning amount (€/kg). */
export const wonAuction = z.object({ amount: z.number(), date: z.string(), product: adminProduct });
export type WonAuction = z.infer<typeof wonAuction>;
