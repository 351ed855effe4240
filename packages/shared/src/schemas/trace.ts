import { z } from 'zod';
import { CLAIM_STATUSES } from '../constants/claims.js';
import { ORDER_STATUSES } from '../constants/orders.js';
import { text } from './common.js';
import { LANGUAGES } from '../constants/limits.js';
import { orderPallet } from './pallets.js';

/**
 * The trace (issue 37, decision 1015): from a pallet (SSCC or internal number), a lot, an order or an
 * invoice, one step back (the grower or supplier and its lot) and one step forward (the orders, their
 * pallets, buyers, deliveries, claims and invoices) — Regulation (EC) 178/2002 art. 18.
 */

/** GET /api/admin/trace: exactly one of the four, as typed or scanned (a lot `L123` or `123`, an order `PRM-2026-000123`). */
const traceFields = {
  sscc: text().trim().min(1, 'required').max(64, 'tooLong').optional(),
  lot: text().trim().min(1, 'required').max(32, 'tooLong').optional(),
  order: text().trim().min(1, 'required').max(32, 'tooLong').optional(),
  invoice: text().trim().min(1, 'required').max(64, 'tooLong').optional(),
};
const exactlyOne = (q: { sscc?: string; lot?: string; order?: string; invoice?: string }) =>
  [q.sscc, q.lot, q.order, q.invoice].filter((v) => v !== undefined).length === 1;

export const traceQuery = z
  .object(traceFields)
  .strict()
  .refine(exactlyOne, { message: 'exactlyOne', path: ['sscc'] });
/** GET /api/admin/trace.pdf: the same, and the report's language. */
export const tracePdfQuery = z
  .object({ ...traceFields, lang: z.enum(LANGUAGES).optional() })
  .strict()
  .refine(exactlyOne, { message: 'exactlyOne', path: ['sscc'] });
export type TraceQuery = z.input<typeof traceQuery>;

export const TRACE_ENTRIES = ['sscc', 'lot', 'order', 'invoice'] as const;
export type TraceEntry = (typeof TRACE_ENTRIES)[number];

const names4 = z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() });

export const traceParty = z.object({
  userId: z.number().int().nullable(),
  companyName: z.string(),
  city: z.string(),
  countryAlpha2: z.string(),
  vatId: z.string(),
});

export const traceOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  buyer: traceParty,
  deliveryAddress: z.object({ address: z.string(), postalCode: z.string(), city: z.string(), countryAlpha2: z.string() }),
  pallets: z.number().int(),
  shipment: z
    .object({
      departureDate: z.string().nullable(),
      at: z.string(),
      vehiclePlate: z.string().nullable(),
      carrierName: z.string().nullable(),
      netKg: z.number(),
    })
    .nullable(),
  receipt: z.object({ at: z.string(), netKg: z.number(), automatic: z.boolean(), differences: z.string().nullable() }).nullable(),
  palletList: z.array(orderPallet),
  claims: z.array(z.object({ id: z.number().int(), status: z.enum(CLAIM_STATUSES), reasons: z.array(z.string()), at: z.string() })),
  invoices: z.array(z.object({ id: z.number().int(), kind: z.string(), number: z.string().nullable(), status: z.string(), issueDate: z.string().nullable() })),
});
export type TraceOrder = z.infer<typeof traceOrder>;

export const traceResult = z.object({
  entry: z.enum(TRACE_ENTRIES),
  value: z.string(),
  /** The order and pallet the search named, highlighted in the chain (null: the whole lot). */
  focus: z.object({ orderId: z.number().int().nullable(), palletCode: z.string().nullable() }),
  lot: z.object({
    productId: z.number().int(),
    lotNumber: z.string(),
    title: z.string(),
    article: names4,
    variety: z.string().nullable(),
    caliber: z.string(),
    qualityClass: z.string().nullable(),
    originAlpha2: z.string(),
    originName: z.string(),
    packedOn: z.string().nullable(),
    gtin: z.string().nullable(),
    /** Whether the lot is still listed (a lot deleted since keeps its orders' snapshots). */
    listed: z.boolean(),
  }),
  supplier: traceParty.extend({ globalGapNumber: z.string().nullable(), certificates: z.array(z.string()) }),
  orders: z.array(traceOrder),
  totals: z.object({ orders: z.number().int(), pallets: z.number().int(), buyers: z.number().int(), palletsReceived: z.number().int() }),
});
export type TraceResult = z.infer<typeof traceResult>;
