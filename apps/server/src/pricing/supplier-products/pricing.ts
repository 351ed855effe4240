import { round3 } from '@primeur/shared';

/**
 * The price consistency rule of a supplier variant (decision 121).
 *
 * A box ("colis") holds `nbPiece` pieces of `weightPiece` kg. When the piece weight is known (> 0),
 * the three prices describe one price and must agree:
 *   pricePiece = priceKg × weightPiece
 *   priceColis = priceKg × weightPiece × nbPiece
 * The field the operator just edited is the truth and the other two follow from it. Editing the
 * weight or the piece count keeps the price per kg (the price the overview compares) and recomputes
 * the box and piece prices. While the weight is unknown the three prices are independent: nothing can
 * be derived without it, and guessing would overwrite what the supplier quoted.
 * Every price is rounded to 3 decimals (spec §5 step 0.001).
 */
export interface VariantPrices {
  weightPiece: number | null;
  nbPiece: number;
  priceKg: number;
  priceColis: number;
  pricePiece: number;
}

export type PricingField = keyof VariantPrices;

export function reconcilePrices(current: VariantPrices, field: PricingField, value: number | null): VariantPrices {
  const next: VariantPrices = { ...current, [field]: value } as VariantPrices;
  const w = next.weightPiece;
  if (w === null || w <= 0) return next;
  const boxKg = w * next.nbPiece;
  let kg: number;
  switch (field) {
    case 'priceColis':
      kg = next.priceColis / boxKg;
      break;
    case 'pricePiece':
      kg = next.pricePiece / w;
      break;
    default:
      kg = next.priceKg;
  }
  return {
    ...next,
    // The edited price stays exactly as typed; only the derived ones are rounded.
    priceKg: field === 'priceKg' ? next.priceKg : round3(kg),
    pricePiece: field === 'pricePiece' ? next.pricePiece : round3(kg * w),
    priceColis: field === 'priceColis' ? next.priceColis : round3(kg * boxKg),
  };
}
