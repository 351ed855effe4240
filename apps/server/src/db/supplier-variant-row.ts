import { todayInParis, type QualityClass } from '@primeur/shared';
import type { supplierVariants } from './schema/index.js';

/**
 * What a new variant may start with. Everything left out takes the spec §3 defaults: nbPiece 1,
 * prices 0, volume 0, empty caliber, both dates today on the market's clock (Paris, decision 580: not the database's
 * current_date, which is the server's UTC day between 22:00/23:00 and midnight UTC), no origin,
 * packaging, box or piece weight.
 */
export interface NewVariantInput {
  productLinkId: number;
  originId?: number | null;
  packagingId?: number | null;
  boxId?: number | null;
  caliber?: string;
  /** Null (the default): the supplier did not state a class. */
  qualityClass?: QualityClass | null;
  weightPiece?: number | null;
  nbPiece?: number;
  priceKg?: number;
  priceColis?: number;
  pricePiece?: number;
  volume?: number;
  startDate?: string;
  endDate?: string;
}

const dec = (v: number) => v.toFixed(3);

/**
 * The row a new variant is stored as, defaults filled in. Here rather than in the supplier-products
 * module so that the factories (which may not import modules) build their rows the way the app does.
 */
export function newVariantRow(input: NewVariantInput, today: string = todayInParis()): typeof supplierVariants.$inferInsert {
  return {
    productLinkId: input.productLinkId,
    originId: input.originId ?? null,
    packagingId: input.packagingId ?? null,
    boxId: input.boxId ?? null,
    caliber: input.caliber ?? '',
    qualityClass: input.qualityClass ?? null,
    weightPiece: input.weightPiece == null ? null : dec(input.weightPiece),
    nbPiece: input.nbPiece ?? 1,
    priceKg: dec(input.priceKg ?? 0),
    priceColis: dec(input.priceColis ?? 0),
    pricePiece: dec(input.pricePiece ?? 0),
    volume: dec(input.volume ?? 0),
    startDate: input.startDate || today,
    endDate: input.endDate || today,
  };
}
