import { toCents } from '../money.js';
import type { VatCategory } from './vat.js';

/**
 * Invoice amounts by one rounding rule, the one of `toCents` (half up, without binary drift), in the
 * order EN 16931 checks them (decision 761):
 * - line net (BT-131) = round2(quantity × unit price) (BR-LIN-04 with the price per 1 kg);
 * - per VAT category and rate: taxable amount (BT-116) = Σ line nets, VAT (BT-117) =
 *   round2(taxable × rate / 100) (BR-CO-17) — on the sum, never a sum of rounded line VATs;
 * - totals: Σ line nets (BT-106, BR-CO-10), Σ category VAT (BT-110, BR-CO-14), grand total
 *   (BT-112 = BT-109 + BT-110, BR-CO-15), due (BT-115 = BT-112, BR-CO-16; nothing prepaid).
 * Amounts are kept in integer cents so sums never drift.
 */
export interface AmountLine {
  /** Net kg, up to 3 decimals. */
  quantity: number;
  /** € per kg, up to 2 decimals (spec §9; also what @e-invoice-eu/core accepts for BT-146). */
  unitPrice: number;
  vat: { category: VatCategory; ratePercent: number };
}

export interface VatBreakdown {
  category: VatCategory;
  ratePercent: number;
  taxableCents: number;
  vatCents: number;
}

export interface InvoiceAmounts {
  lineNetCents: number[];
  breakdown: VatBreakdown[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  dueCents: number;
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e')) return Infinity;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

export const QUANTITY_DECIMALS = 3;
export const UNIT_PRICE_DECIMALS = 2;

/** round2(quantity × unit price) in cents. */
export function lineNetCents(quantity: number, unitPrice: number): number {
  if (!Number.isFinite(quantity) || quantity < 0 || decimals(quantity) > QUANTITY_DECIMALS) throw new RangeError(`quantity ${quantity}`);
  if (!Number.isFinite(unitPrice) || unitPrice < 0 || decimals(unitPrice) > UNIT_PRICE_DECIMALS) throw new RangeError(`unit price ${unitPrice}`);
  return toCents(quantity * unitPrice);
}

/** round2(taxable × rate / 100) in cents. */
export function vatCents(taxableCents: number, ratePercent: number): number {
  return toCents((taxableCents * ratePercent) / 10_000);
}

export function computeInvoiceAmounts(lines: readonly AmountLine[]): InvoiceAmounts {
  const lineNet = lines.map((l) => lineNetCents(l.quantity, l.unitPrice));
  const groups = new Map<string, VatBreakdown>();
  lines.forEach((l, i) => {
    const key = `${l.vat.category}|${l.vat.ratePercent}`;
    const g = groups.get(key) ?? { category: l.vat.category, ratePercent: l.vat.ratePercent, taxableCents: 0, vatCents: 0 };
    g.taxableCents += lineNet[i]!;
    groups.set(key, g);
  });
  const breakdown = [...groups.values()].map((g) => ({ ...g, vatCents: vatCents(g.taxableCents, g.ratePercent) }));
  const netCents = lineNet.reduce((a, b) => a + b, 0);
  const vat = breakdown.reduce((a, b) => a + b.vatCents, 0);
  return { lineNetCents: lineNet, breakdown, netCents, vatCents: vat, grossCents: netCents + vat, dueCents: netCents + vat };
}
