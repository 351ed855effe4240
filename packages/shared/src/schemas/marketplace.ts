import { z } from 'zod';
import { CALIBER_MAX_LENGTH, FAMILIES } from '../constants/limits.js';
import { AUCTION_RESULTS, PRODUCT_STATUSES, QUALITY_CLASSES, VARIETY_MAX_LENGTH } from '../constants/marketplace.js';
import { todayInParis } from '../dates.js';
import { MAX_BOXES_PER_PALLET, MAX_NET_KG_PER_BOX, MAX_NET_KG_PER_PALLET, PURCHASE_REQUEST_STATUSES } from '../constants/orders.js';
import { isValidGtin, toGtin14 } from '../gs1.js';
import { dbId, isoDate, isoDateTime, multilineText, text } from './common.js';
import { orderRef } from './orders.js';
import { marketReferenceSummary } from './reference.js';

/** Money in €/kg: positive, at most 2 decimals. */
export const euroPerKg = z
  .number({ error: 'required' })
  .positive('mustBePositive')
  .max(1_000_000, 'tooLarge')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'atMostTwoDecimals');

const decimals = (n: number) => (v: number) => Math.abs(v * 10 ** n - Math.round(v * 10 ** n)) < 1e-6;

/** Net kg on one pallet of the lot (issue 21): required for every lot created or edited from now on. */
export const netKgPerPallet = z
  .number({ error: 'required' })
  .positive('mustBePositive')
  .max(MAX_NET_KG_PER_PALLET, 'tooLarge')
  .refine(decimals(2), 'atMostTwoDecimals');
export const boxesPerPallet = z.number().int('wholeBoxes').min(1, 'mustBePositive').max(MAX_BOXES_PER_PALLET, 'tooLarge');
export const netKgPerBox = z.number().positive('mustBePositive').max(MAX_NET_KG_PER_BOX, 'tooLarge').refine(decimals(3), 'atMostThreeDecimals');

/**
 * When boxes per pallet and kg per box are both given, their product must be the pallet's net weight
 * within 1 % (packing tolerance): two figures that disagree would make the order's weight a guess.
 */
export const weightsAgree = (w: { netKgPerPallet?: number | null; boxesPerPallet?: number | null; netKgPerBox?: number | null }) =>
  w.netKgPerPallet == null ||
  w.boxesPerPallet == null ||
  w.netKgPerBox == null ||
  Math.abs(w.boxesPerPallet * w.netKgPerBox - w.netKgPerPallet) <= w.netKgPerPallet * 0.01;

/** A lot's quality class (issue 25): one of the list, else UNKNOWN_QUALITY_CLASS ("required" when missing). */
export const qualityClass = z.enum(QUALITY_CLASSES, {
  error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'required' : 'unknownQualityClass'),
});

/** A lot's variety: optional free text, one line; empty means none. */
export const variety = text()
  .trim()
  .max(VARIETY_MAX_LENGTH, 'tooLong')
  .transform((v) => (v === '' ? null : v));

/**
 * The GTIN of the boxes the lot is packed in (issue 37), optional: 8, 12, 13 or 14 digits with their
 * check digit, stored as GTIN-14. Spaces are ignored; empty means none.
 */
export const lotGtin = text()
  .max(32, 'invalidGtin')
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => v === '' || isValidGtin(v), 'invalidGtin')
  .transform((v) => (v === '' ? null : toGtin14(v)));

/** Packing or harvest day: a calendar day not after today in Paris (the market's day, decision 580). */
export const packedOn = isoDate.refine((d) => d <= todayInParis(), 'packedInFuture');

/** The supplier's lot form (create and edit). Photos travel separately as multipart files. */
export const productInput = z
  .object({
    articleId: dbId,
    name: text().trim().min(1, 'required').max(120),
    description: multilineText().trim().max(2000).default(''),
    caliber: text().trim().max(CALIBER_MAX_LENGTH).default(''),
    originId: dbId,
    packagingId: dbId,
    price: euroPerKg,
    quantity: z.number().int('wholePallets').min(1, 'atLeastOnePallet').max(10_000),
    availableUntil: isoDate,
    /** Present (an ISO date-time) when the lot is sold at auction. */
    auctionStartDate: isoDateTime.nullable().optional(),
    /** Hidden reserve of an auction lot (€/kg, at or above the starting price); buyers see only whether it is met. */
    reservePrice: euroPerKg.nullable().optional(),
    netKgPerPallet,
    boxesPerPallet: boxesPerPallet.nullable().optional(),
    netKgPerBox: netKgPerBox.nullable().optional(),
    qualityClass,
    variety: variety.nullable().optional(),
    packedOn: packedOn.nullable().optional(),
    gtin: lotGtin.nullable().optional(),
  })
  .strict()
  .refine(weightsAgree, { message: 'weightsDisagree', path: ['netKgPerPallet'] });
export type ProductInput = z.input<typeof productInput>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** The admin product of spec §3, shared by every listing view. `photos` is a JSON-encoded list of file names. */
export const adminProduct = z.object({
  productId: z.number().int(),
  productName: z.string(),
  articleId: z.number().int(),
  family: z.enum(FAMILIES),
  name: z.string(),
  description: z.string(),
  photos: z.string(),
  user: z.object({ companyName: z.string() }),
  supplier: z.number().int(),
  created: z.string(),
  caliber: z.string(),
  origin: z.object({ id: z.number().int(), name: z.string(), alpha2: z.string() }),
  packaging: ref,
  status: z.enum(PRODUCT_STATUSES),
  auctionStartDate: z.string().nullable(),
  endsAt: z.string().nullable(),
  availableUntil: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  /** Weights (issue 21); null on lots created before weights were asked. */
  netKgPerPallet: z.number().nullable(),
  boxesPerPallet: z.number().int().nullable(),
  netKgPerBox: z.number().nullable(),
  /** Lot facts (issue 25): the class, the variety and the packing day (null when not given). */
  qualityClass: z.enum(QUALITY_CLASSES),
  variety: z.string().nullable(),
  packedOn: z.string().nullable(),
  /** The GTIN-14 of the lot's boxes (issue 37), null when not given. */
  gtin: z.string().nullable(),
  /** The seller's GLOBALG.A.P. number from its profile, null when it has none. */
  globalGapNumber: z.string().nullable(),
  /** The seller's certificates in the back office (its supplier record), GLOBALG.A.P. included when listed there. */
  certificates: z.array(
    z.object({ id: z.number().int(), name: z.string(), names: z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() }).nullable() }),
  ),
  /** The market reference line of the lot lists (issue 25); null when no market price matches, absent elsewhere. */
  reference: marketReferenceSummary.nullable().optional(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const purchaseRequestInput = z
  .object({
    pallets: z.number().int('wholePallets').min(1, 'atLeastOnePallet').max(10_000, 'tooLarge'),
    message: multilineText().trim().max(1000).default(''),
    /**
     * The €/kg the buyer saw (decision 982): the request keeps the lot's price of the moment, and when
     * the lot's price is no longer this one the request is refused (409 PRICE_CHANGED) rather than
     * made at a price the buyer did not read. Optional for older clients.
     */
    pricePerKg: euroPerKg.optional(),
  })
  .strict();
export type PurchaseRequestInput = z.input<typeof purchaseRequestInput>;

/** A seller's counter-offer, or a buyer's answer to one (decision 982). */
export const purchaseRequestCounter = z.object({
  pricePerKg: z.number(),
  note: z.string(),
  at: z.string(),
});
export type PurchaseRequestCounter = z.infer<typeof purchaseRequestCounter>;

export const purchaseRequest = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  buyer: z.object({ companyName: z.string(), email: z.string() }),
  pallets: z.number().int(),
  message: z.string(),
  created: z.string(),
  /** The lot's €/kg when the buyer asked: the order's price if the seller accepts (null on requests older than issue 32). */
  pricePerKg: z.number().nullable(),
  /** PENDING until the supplier answers or PURCHASE_REQUEST_TTL_HOURS pass (EXPIRED); COUNTERED while the buyer has the counter-offer. */
  status: z.enum(PURCHASE_REQUEST_STATUSES),
  /** The seller's counter-offer, when it made one. */
  counter: purchaseRequestCounter.nullable(),
  /** When a PENDING request, or a COUNTERED one's counter-offer, expires unanswered. */
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The order an accepted request became. */
  order: orderRef.nullable(),
  /** Pallets still on the lot now (an acceptance above it answers 409 NOT_ENOUGH_PALLETS). */
  available: z.number().int(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

/** A buyer's own purchase request (GET /api/users/product/myPurchaseRequests): the seller instead of the buyer. */
export const myPurchaseRequest = purchaseRequest.omit({ buyer: true }).extend({ seller: z.object({ companyName: z.string() }) });
export type MyPurchaseRequest = z.infer<typeof myPurchaseRequest>;

/** POST /api/users/product/purchaseRequest/{id}/counter (supplier): another €/kg, with an optional note. */
export const counterOfferInput = z
  .object({
    pricePerKg: euroPerKg,
    note: multilineText().trim().max(500).default(''),
  })
  .strict();
export type CounterOfferInput = z.input<typeof counterOfferInput>;

/** POST /api/users/product/purchaseRequest/{id}/declineCounter (buyer): an optional reason the seller reads. */
export const declineCounterInput = z.object({ reason: multilineText().trim().max(500).default('') }).strict();
export type DeclineCounterInput = z.input<typeof declineCounterInput>;

/** A supplier's own lot with what it may still do with it. */
export const supplierProduct = adminProduct.extend({
  offersCount: z.number().int(),
  highest: z.number().nullable(),
  /** The lot's own reserve (only its seller reads it). */
  reservePrice: z.number().nullable(),
  bidders: z.number().int(),
  /** Null when the lot has no reserve. */
  reserveMet: z.boolean().nullable(),
  editable: z.boolean(),
  /** The buyer and price of a sold auction (the seller may know its buyer). */
  winner: z.object({ companyName: z.string(), amount: z.number() }).nullable(),
  /**
   * How the auction ended, for "Sold at X €/kg to …", "Unsold — reserve not met", "No bids"; null
   * while it runs (or has not closed yet) and for a fixed-price lot. A sold lot's status stays EXPIRED.
   */
  result: z.enum(AUCTION_RESULTS).nullable(),
  /** Orders made from this lot (the auction's, or accepted purchase requests), newest first. */
  orders: z.array(orderRef),
});
export type SupplierProduct = z.infer<typeof supplierProduct>;

/** What the lot form offers: catalog articles (with their names in the four languages) and packagings. */
export const productFormOptions = z.object({
  articles: z.array(
    z.object({
      id: z.number().int(),
      article: z.string(),
      family: z.enum(FAMILIES),
      names: z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() }),
    }),
  ),
  packagings: z.array(ref),
  /** The certificates a lot list can be filtered by (issue 25). */
  certificates: z.array(
    z.object({ id: z.number().int(), name: z.string(), names: z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() }).nullable() }),
  ),
});
export type ProductFormOptions = z.infer<typeof productFormOptions>;
