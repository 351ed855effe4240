/**
 * The weight rules both parties and both sides (server and web form) apply to an order (issue 32 §3,
 * decision 980). Weights are kg with at most 2 decimals; every bound is computed in hundredths of a
 * kg with integers, so the page and the server draw the line at the same hundredth.
 */

/** The default of WEIGHT_TOLERANCE_PERCENT: how far the shipped weight may stray from the declared one. */
export const DEFAULT_WEIGHT_TOLERANCE_PERCENT = 15;

/** An allowed range of net kg, both ends included. */
export interface KgRange {
  minKg: number;
  maxKg: number;
}

const centiKg = (kg: number) => BigInt(Math.round(Number((kg * 100).toFixed(6))));
/** The tolerance in hundredths of a percent (15 → 1500; 2.5 → 250). */
const basisPoints = (percent: number) => BigInt(Math.round(percent * 100));
const ceilDiv = (n: bigint, d: bigint) => (n + d - 1n) / d;
const toKg = (centi: bigint) => Number(centi) / 100;

/**
 * The shipped net kg the seller may declare: the lot's declared net kg per pallet × the pallets
 * shipped, ± the tolerance (the low end rounded up, the high end down, to the hundredth). Null when
 * the lot declared no weight (lots older than issue 21): then only the absolute bounds apply.
 */
export function shippedWeightRange(netKgPerPallet: number | null, pallets: number, tolerancePercent: number): KgRange | null {
  if (netKgPerPallet === null || !(netKgPerPallet > 0) || !Number.isInteger(pallets) || pallets < 1) return null;
  const declared = centiKg(netKgPerPallet) * BigInt(pallets);
  const t = basisPoints(tolerancePercent);
  return { minKg: toKg(ceilDiv(declared * (10_000n - t), 10_000n)), maxKg: toKg((declared * (10_000n + t)) / 10_000n) };
}

export function withinRange(kg: number, range: KgRange): boolean {
  const v = centiKg(kg);
  return v >= centiKg(range.minKg) && v <= centiKg(range.maxKg);
}

/**
 * The lowest received net kg that does not dispute the shipped weight: below it the receipt is short
 * by more than the tolerance, and the seller confirms it or it becomes a claim.
 */
export function undisputedReceiptMinKg(shippedNetKg: number, tolerancePercent: number): number {
  const t = basisPoints(tolerancePercent);
  return toKg(ceilDiv(centiKg(shippedNetKg) * (10_000n - t), 10_000n));
}

/** How a receipt's net kg stands to the shipment: above it (refused), within the tolerance, or short beyond it. */
export function receiptWeightCheck(shippedNetKg: number, receivedNetKg: number, tolerancePercent: number): 'aboveShipped' | 'ok' | 'disputed' {
  const received = centiKg(receivedNetKg);
  if (received > centiKg(shippedNetKg)) return 'aboveShipped';
  return received < centiKg(undisputedReceiptMinKg(shippedNetKg, tolerancePercent)) ? 'disputed' : 'ok';
}
