import { discountedPrice, round3 } from '@primeur/shared';

/**
 * The price of one client price-list line (decision 142). Units: every price is euros per kg unless
 * named per box; carrier prices are euros per pallet; a pallet carries PALLET_NET_KG of produce.
 *
 * 1. Offers considered: supplier variants of the same article that are valid on `day`
 *    (startDate ≤ day ≤ endDate) and have a price per kg above 0 (0 is the default of a variant
 *    nobody has priced yet). Where the client variant sets origin, box, packaging or caliber, the
 *    offer must have the same (caliber compared without case or spaces); an empty field means any.
 * 2. Each offer's purchase price is its supplier-discounted price per kg (spec §9:
 *    price − price × discount / 100). The best offer is the lowest; ties go to the bigger volume.
 * 3. The client's price per kg is that price with the client's own discount taken off the same way,
 *    then, for a CIF client (the operator delivers), its carrier's price per pallet spread over
 *    PALLET_NET_KG kg. FOB clients collect the goods: no transport.
 * 4. The price per box is the price per kg times the box weight: weightPiece × nbPiece of the
 *    client variant, or of the best offer when the client variant leaves the weight empty. Without a
 *    weight there is no box price.
 * Results are rounded to 3 decimals (the variant price step); the PDF shows 2 (spec §9).
 */
export const PALLET_NET_KG = 1000;

export interface SupplierOffer {
  variantId: number;
  supplierId: number;
  supplierDiscount: number;
  originId: number | null;
  boxId: number | null;
  packagingId: number | null;
  caliber: string;
  weightPiece: number | null;
  nbPiece: number;
  priceKg: number;
  volume: number;
  startDate: string;
  endDate: string;
}

/** What a client variant asks for: the identity fields of a supplier offer. */
export type ClientVariantSpec = Pick<SupplierOffer, 'originId' | 'boxId' | 'packagingId' | 'caliber' | 'weightPiece' | 'nbPiece'>;

export interface ClientTerms {
  ict: 'FOB' | 'CIF';
  discount: number;
  /** € per pallet of the client's carrier; null when a CIF client has no carrier yet. */
  carrierPrice: number | null;
}

export type LinePrice =
  | {
      status: 'priced';
      offer: SupplierOffer;
      /** Best supplier price per kg after the supplier's discount. */
      purchaseKg: number;
      /** € per kg of transport included (0 for FOB). */
      transportKg: number;
      priceKg: number;
      priceBox: number | null;
      /** kg per box used for priceBox. */
      boxKg: number | null;
      /** A CIF client without a carrier: priced without transport, said on the list. */
      transportMissing: boolean;
    }
  | { status: 'noOffer' };

const sameCaliber = (a: string, b: string) => a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

export function matches(want: ClientVariantSpec, offer: SupplierOffer, day: string): boolean {
  if (offer.startDate > day || offer.endDate < day || !(offer.priceKg > 0)) return false;
  if (want.originId !== null && offer.originId !== want.originId) return false;
  if (want.boxId !== null && offer.boxId !== want.boxId) return false;
  if (want.packagingId !== null && offer.packagingId !== want.packagingId) return false;
  if (want.caliber.trim() !== '' && !sameCaliber(want.caliber, offer.caliber)) return false;
  return true;
}

export function priceLine(want: ClientVariantSpec, offers: SupplierOffer[], terms: ClientTerms, day: string): LinePrice {
  let best: { offer: SupplierOffer; kg: number } | null = null;
  for (const offer of offers) {
    if (!matches(want, offer, day)) continue;
    const kg = discountedPrice(offer.priceKg, offer.supplierDiscount);
    if (!best || kg < best.kg - 1e-9 || (Math.abs(kg - best.kg) <= 1e-9 && offer.volume > best.offer.volume)) best = { offer, kg };
  }
  if (!best) return { status: 'noOffer' };
  const transportMissing = terms.ict === 'CIF' && terms.carrierPrice === null;
  const transportKg = terms.ict === 'CIF' && terms.carrierPrice !== null ? terms.carrierPrice / PALLET_NET_KG : 0;
  const priceKg = round3(discountedPrice(best.kg, terms.discount) + transportKg);
  const weight = want.weightPiece !== null && want.weightPiece > 0 ? want.weightPiece * want.nbPiece : null;
  const offerWeight = best.offer.weightPiece !== null && best.offer.weightPiece > 0 ? best.offer.weightPiece * best.offer.nbPiece : null;
  const boxKg = weight ?? offerWeight;
  return {
    status: 'priced',
    offer: best.offer,
    purchaseKg: round3(best.kg),
    transportKg: round3(transportKg),
    priceKg,
    priceBox: boxKg === null ? null : round3(priceKg * boxKg),
    boxKg: boxKg === null ? null : round3(boxKg),
    transportMissing,
  };
}
