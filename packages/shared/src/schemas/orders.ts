import { z } from 'zod';
import {
  ORDER_INCOTERMS,
  MAX_ORDER_NET_KG,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_SIDES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  ORDER_WEIGHT_BASES,
  PURCHASE_REQUEST_STATUSES,
} from '../constants/orders.js';
import { shipmentWeightIssues, shippedPalletInput } from './pallets.js';
import { dbId, dbIdText, isoDate, isoDateTime, multilineText, text } from './common.js';
import { ADMIN_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.js';

/**
 * The order API (issue 21; docs/api/orders.md). Money: €/kg and € with 2 decimals; the amount is
 * excl. VAT and computed once by the server (`lineAmountCents` in money.ts). Weights in kg.
 */

const names4 = z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() });

/** A party's company as it was at the sale (a snapshot: later profile edits do not change the order). */
export const orderParty = z.object({
  userId: z.number().int(),
  companyName: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2, '' when the account has no country. */
  countryAlpha2: z.string(),
  countryName: z.string(),
  vatId: z.string(),
  email: z.string(),
});
export type OrderParty = z.infer<typeof orderParty>;

export const deliveryAddress = z.object({
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryAlpha2: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

/** The lot as it was at the sale. Weights are null when the lot did not state them (lots older than issue 21). */
export const orderLot = z.object({
  productId: z.number().int(),
  articleId: z.number().int(),
  /** The catalog article in the four languages. */
  article: names4,
  title: z.string(),
  caliber: z.string(),
  originAlpha2: z.string(),
  originName: z.string(),
  packaging: z.string(),
  /** The lot's first photo file (served at /product-images/{productId}/{photo}), or null. */
  photo: z.string().nullable(),
  netKgPerPallet: z.number().nullable(),
  boxesPerPallet: z.number().int().nullable(),
  netKgPerBox: z.number().nullable(),
  qualityClass: z.string().nullable(),
  /** The lot's variety and packing day (issue 25); absent on orders made before they were asked. */
  variety: z.string().nullable().optional(),
  packedOn: z.string().nullable().optional(),
  /** The GTIN-14 of the lot's boxes (issue 37), when the seller gave one. */
  gtin: z.string().nullable().optional(),
});
export type OrderLot = z.infer<typeof orderLot>;

export const orderCarrier = z.object({ id: z.number().int(), name: z.string() });

export const orderShipment = z.object({
  pallets: z.number().int(),
  netKg: z.number(),
  departureDate: z.string(),
  vehiclePlate: z.string(),
  carrier: orderCarrier.nullable(),
  at: z.string(),
});

export const orderReceipt = z.object({
  pallets: z.number().int(),
  netKg: z.number(),
  receivedAt: z.string(),
  /** True when nobody confirmed and the order counted as received AUTO_RECEIVE_AFTER_HOURS after shipping. */
  automatic: z.boolean(),
  /** The buyer's note of differences at receipt (issue 22), null when none was flagged. */
  differences: z.string().nullable(),
});

/** The machine-readable history notes (decision 852); the web renders them through orders:history.<code>. */
export const ORDER_NOTE_CODES = [
  'AUCTION_CLOSED',
  'REQUEST_ACCEPTED',
  'COUNTER_OFFER_ACCEPTED',
  'AUTO_RECEIVED',
  'WEIGHT_DISPUTED',
  'RECEIVED_WITH_DIFFERENCES',
  'CLAIM_WINDOW_ENDED',
  'DELIVERY_CHANGED',
  'CLAIM_STEP',
  'CLAIM_SETTLED',
] as const;
export type OrderNoteCode = (typeof ORDER_NOTE_CODES)[number];

export const orderHistoryEntry = z.object({
  at: z.string(),
  actor: z.enum(ORDER_ACTORS),
  /** The company of the actor (BUYER/SELLER), null for the operator and the system. */
  companyName: z.string().nullable(),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  /** What a person wrote (a cancel reason, receipt differences, a claim note); on older entries the whole note in English. */
  note: z.string(),
  /** What happened, for the reader's language to say (null on older entries, whose note says it). */
  noteCode: z.enum(ORDER_NOTE_CODES).nullable(),
  noteParams: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/** An order as one of its parties or the operator sees it. */
export const order = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  source: z.enum(ORDER_SOURCES),
  /** The purchase request it came from (PURCHASE_REQUEST) or null. */
  purchaseRequestId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lot: orderLot,
  /** Pallets sold. */
  pallets: z.number().int(),
  /** Estimated at the sale: pallets × the lot's net kg per pallet (null when the lot had no weight). */
  estimatedNetKg: z.number().nullable(),
  /** The best known net weight: received, else shipped, else estimated. */
  netKg: z.number().nullable(),
  pricePerKg: z.number(),
  /** € excl. VAT = the invoiced weight × pricePerKg, rounded once (null while the weight is unknown). */
  amount: z.number().nullable(),
  /**
   * Which weight the amount and the invoice use (decision 981): RECEIVED for a receipt within the
   * tolerance, SHIPPED for the automatic receipt and for a receipt short beyond it (its difference is a
   * weight claim); null before receipt.
   */
  invoicedWeight: z.enum(ORDER_WEIGHT_BASES).nullable(),
  /** WEIGHT_TOLERANCE_PERCENT: the ship and receive forms draw their allowed ranges with it (weights.ts). */
  weightTolerancePercent: z.number(),
  currency: z.literal('EUR'),
  incoterm: z.enum(ORDER_INCOTERMS),
  incotermPlace: z.string(),
  buyer: orderParty,
  seller: orderParty,
  deliveryAddress,
  requestedDeliveryDate: z.string().nullable(),
  carrier: orderCarrier.nullable(),
  shipment: orderShipment.nullable(),
  receipt: orderReceipt.nullable(),
  cancelReason: z.string().nullable(),
  /** When DELIVERED: the end of the claim window, after which the order closes. */
  claimWindowEndsAt: z.string().nullable(),
  /** How the caller stands to the order, and what it may do now. */
  viewerSide: z.enum(ORDER_SIDES),
  nextActions: z.array(z.enum(ORDER_ACTIONS)),
  history: z.array(orderHistoryEntry),
  /** Its invoice and credit notes (GET /api/users/invoices/{id}); answered by GET …/orders/{id}. */
  invoiceIds: z.array(z.number().int()).optional(),
});
export type Order = z.infer<typeof order>;

/** A list item: the order without its history. */
export const orderSummary = order.omit({ history: true });
export type OrderSummary = z.infer<typeof orderSummary>;

const pageNumber = z.coerce.number().int().min(1);
const search = z.string().trim().max(100).optional();

/** GET /api/users/orders: the caller's orders, newest first. Without `side`, both sides. */
export const userOrderListQuery = z.object({
  side: z.enum(['buying', 'selling']).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Words in the number, lot title, article or the other party's company. */
  q: search,
  page: pageNumber.default(1),
  size: pageNumber.max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type UserOrderListQuery = z.infer<typeof userOrderListQuery>;

/** GET /api/admin/orders (and orders.csv, which ignores page/size): every order, newest first. */
export const adminOrderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** A user id: orders where it is the buyer or the seller. */
  party: dbIdText.optional(),
  /** Created on or after this day / on or before this day (Paris time). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: search,
  page: pageNumber.default(1),
  size: pageNumber.max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const orderPage = z.object({ items: z.array(orderSummary), page: z.number().int(), size: z.number().int(), total: z.number().int() });
export type OrderPage = z.infer<typeof orderPage>;

/** A whole number of pallets, at least one. */
export const palletCount = z.number({ error: 'required' }).int('wholePallets').min(1, 'atLeastOnePallet').max(10_000, 'tooLarge');

/** Net kg: positive, at most 2 decimals. */
export const netKgField = z
  .number({ error: 'required' })
  .positive('mustBePositive')
  .max(MAX_ORDER_NET_KG, 'tooLarge')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'atMostTwoDecimals');

/** POST /api/users/orders/{id}/ship (seller). */
export const shipOrderInput = z
  .object({
    pallets: palletCount,
    netKg: netKgField,
    departureDate: isoDate,
    vehiclePlate: text().trim().min(2, 'required').max(20),
    carrierId: dbId.nullable().optional(),
    /** The shipment's gross weight (net + packaging + pallets), kg; optional (issue 37). */
    grossKg: netKgField.optional(),
    /** Each pallet as weighed, in loading order; optional (the net weight is then shared evenly). */
    palletDetails: z.array(shippedPalletInput).max(10_000, 'tooLarge').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    for (const issue of shipmentWeightIssues(v)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type ShipOrderInput = z.input<typeof shipOrderInput>;

/** POST /api/users/orders/{id}/receive (buyer). `receivedAt` defaults to now. */
export const receiveOrderInput = z
  .object({
    pallets: palletCount,
    netKg: netKgField,
    receivedAt: isoDateTime.optional(),
    /** What differed from the shipment (issue 22): damaged or missing pallets, temperature… */
    differences: multilineText().trim().max(1000).optional(),
  })
  .strict();
export type ReceiveOrderInput = z.input<typeof receiveOrderInput>;

/** POST /api/users/orders/{id}/cancel (either party before shipping) and the operator's cancel. */
export const cancelOrderInput = z.object({ reason: multilineText().trim().min(3, 'required').max(500) }).strict();
export type CancelOrderInput = z.input<typeof cancelOrderInput>;

export const deliveryAddressInput = z
  .object({
    address: text().trim().min(1, 'required').max(200),
    postalCode: text().trim().min(1, 'required').max(20),
    city: text().trim().min(1, 'required').max(100),
    countryAlpha2: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'invalidCountry')
      .transform((s) => s.toUpperCase()),
  })
  .strict();

/** PATCH /api/users/orders/{id} (buyer, until shipped). */
export const updateOrderInput = z
  .object({
    deliveryAddress: deliveryAddressInput.optional(),
    requestedDeliveryDate: isoDate.nullable().optional(),
  })
  .strict()
  .refine((v) => v.deliveryAddress !== undefined || v.requestedDeliveryDate !== undefined, 'nothingToChange');
export type UpdateOrderInput = z.input<typeof updateOrderInput>;

/** POST /api/users/product/purchaseRequest/{id}/decline (supplier). */
export const declinePurchaseRequestInput = z.object({ reason: multilineText().trim().min(3, 'required').max(500) }).strict();
export type DeclinePurchaseRequestInput = z.input<typeof declinePurchaseRequestInput>;

export const purchaseRequestStatus = z.enum(PURCHASE_REQUEST_STATUSES);

/** The body of a /user/queue/orders message: refetch the order (and the lists) on receipt. */
export const orderEvent = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  previousStatus: z.enum(ORDER_STATUSES).nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/** An order's link on the lists that lead to it (won auctions, the seller's lots, purchase requests). */
export const orderRef = z.object({ id: z.number().int(), number: z.string(), status: z.enum(ORDER_STATUSES) });
export type OrderRef = z.infer<typeof orderRef>;
