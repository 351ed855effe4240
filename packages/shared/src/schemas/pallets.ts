import { z } from 'zod';
import { MAX_BOXES_PER_PALLET, MAX_NET_KG_PER_PALLET } from '../constants/orders.js';
import { text } from './common.js';
import { isValidGs1CompanyPrefix } from '../gs1.js';

/**
 * The pallets of a shipment (issue 37, decision 1014): what the seller may say of each at shipping,
 * the despatch advice as the API shows it, and a pallet's receipt at the buyer's dock.
 */

/** The most a pallet's packaging may weigh (the pallet itself, boxes, film, corners), in kg. */
export const MAX_TARE_KG_PER_PALLET = 300;

const kg = (max: number) =>
  z
    .number({ error: 'required' })
    .positive('mustBePositive')
    .max(max, 'tooLarge')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'atMostTwoDecimals');

/** One pallet as the seller weighed it (optional at shipping: without them the net weight is shared evenly). */
export const shippedPalletInput = z
  .object({
    netKg: kg(MAX_NET_KG_PER_PALLET),
    /** Net + packaging + the pallet itself. */
    grossKg: kg(MAX_NET_KG_PER_PALLET + MAX_TARE_KG_PER_PALLET).optional(),
    boxes: z.number({ error: 'required' }).int('wholeBoxes').min(1, 'atLeastOneBox').max(MAX_BOXES_PER_PALLET, 'tooLarge').optional(),
  })
  .strict();
export type ShippedPalletInput = z.input<typeof shippedPalletInput>;

const cents = (kgValue: number) => Math.round(kgValue * 100);

/**
 * The cross-field rules of a shipment's weights, shared by the ship form and the server: the gross
 * weight is at least the net and at most the net plus MAX_TARE_KG_PER_PALLET a pallet; the pallets
 * listed are as many as shipped and their net weights add up to the shipment's, to the cent.
 */
export function shipmentWeightIssues(v: {
  pallets: number;
  netKg: number;
  grossKg?: number | undefined;
  palletDetails?: ReadonlyArray<{ netKg: number; grossKg?: number | undefined }> | undefined;
}): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  if (v.grossKg !== undefined) {
    if (cents(v.grossKg) < cents(v.netKg)) issues.push({ path: ['grossKg'], message: 'grossBelowNet' });
    else if (cents(v.grossKg) > cents(v.netKg) + v.pallets * MAX_TARE_KG_PER_PALLET * 100) issues.push({ path: ['grossKg'], message: 'grossTooHigh' });
  }
  const details = v.palletDetails;
  if (details) {
    if (details.length !== v.pallets) issues.push({ path: ['palletDetails'], message: 'palletCountMismatch' });
    else if (details.reduce((s, p) => s + cents(p.netKg), 0) !== cents(v.netKg)) issues.push({ path: ['palletDetails'], message: 'palletSumMismatch' });
    details.forEach((p, i) => {
      if (p.grossKg === undefined) return;
      if (cents(p.grossKg) < cents(p.netKg)) issues.push({ path: ['palletDetails', i, 'grossKg'], message: 'grossBelowNet' });
      else if (cents(p.grossKg) > cents(p.netKg) + MAX_TARE_KG_PER_PALLET * 100)
        issues.push({ path: ['palletDetails', i, 'grossKg'], message: 'grossTooHigh' });
    });
    if (v.grossKg !== undefined && details.every((p) => p.grossKg !== undefined)) {
      const sum = details.reduce((s, p) => s + cents(p.grossKg!), 0);
      if (sum !== cents(v.grossKg)) issues.push({ path: ['grossKg'], message: 'palletSumMismatch' });
    }
  }
  return issues;
}

/**
 * An amount in kg shared over `n` pallets to the cent, the remainder cents on the first pallets: the
 * parts add up exactly to the whole (what the pallets say when the seller did not weigh each).
 */
export function splitKg(totalKg: number, n: number): number[] {
  const total = cents(totalKg);
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, i) => (base + (i < rest ? 1 : 0)) / 100);
}

/**
 * What a scanner or a person typed for a pallet, reduced to its code: a GS1-128 read of the SSCC
 * (`]C1`, `(00)` or a leading `00` before 18 digits, spaces) gives the 18 digits; an internal number
 * is upper-cased.
 */
export function normalisePalletCode(raw: string): string {
  const s = raw
    .trim()
    .replace(/^\]C1/, '')
    .split(String.fromCharCode(0x1d)) // the GS1 group separator a scanner may send
    .join('')
    .replace(/\s/g, '');
  const bracketed = /^\(00\)(\d{18})/.exec(s);
  if (bracketed) return bracketed[1]!;
  if (/^00\d{18}$/.test(s)) return s.slice(2);
  return s.toUpperCase();
}

/** A pallet of the despatch advice. */
export const orderPallet = z.object({
  seq: z.number().int(),
  /** The 18-digit SSCC when `gs1`, else Primeur's internal number (`PRM-…-Pnn`), which is not a GS1 number. */
  code: z.string(),
  gs1: z.boolean(),
  netKg: z.number(),
  grossKg: z.number().nullable(),
  boxes: z.number().int().nullable(),
  /** When the buyer scanned or ticked it at the dock; null until then. */
  receivedAt: z.string().nullable(),
});
export type OrderPallet = z.infer<typeof orderPallet>;

/** GET /api/users/orders/{id}/pallets: the despatch advice (empty before shipping). */
export const orderPallets = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** The batch printed on the labels (GS1 AI 10). */
  lotNumber: z.string(),
  items: z.array(orderPallet),
  received: z.number().int(),
});
export type OrderPallets = z.infer<typeof orderPallets>;

/** POST /api/users/orders/{id}/pallets/receive (buyer): one pallet scanned or typed at the dock. */
export const receivePalletInput = z.object({ code: text().trim().min(1, 'required').max(64, 'tooLong') }).strict();
export type ReceivePalletInput = z.input<typeof receivePalletInput>;

/** The lot's batch number on labels and documents (GS1 AI 10): Primeur's lot id, `L` + its number. */
export const lotNumberOf = (productId: number) => `L${productId}`;

/** GET/PUT /api/users/shipping-settings (seller): the GS1 company prefix its SSCCs are built from; empty text clears it. */
export const shippingSettingsInput = z
  .object({
    gs1CompanyPrefix: text()
      .max(32, 'invalidGs1Prefix')
      .transform((s) => s.replace(/\s+/g, ''))
      .refine((s) => s === '' || isValidGs1CompanyPrefix(s), 'invalidGs1Prefix')
      .transform((s) => (s === '' ? null : s))
      .nullable(),
  })
  .strict();
export type ShippingSettingsInput = z.input<typeof shippingSettingsInput>;

export const shippingSettings = z.object({ gs1CompanyPrefix: z.string().nullable() });
export type ShippingSettings = z.infer<typeof shippingSettings>;
