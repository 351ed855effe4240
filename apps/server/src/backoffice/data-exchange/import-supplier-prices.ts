import { round3 } from '@primeur/shared';
import type * as supplierProductsService from '../../pricing/supplier-products/supplier-products.service.js';
import { variantKey, type RefData, type Row } from './import-reader.js';

/** The rows of a supplier's price list (one variant a row, its three prices agreeing). */
export interface SupplierPriceItem {
  line: number;
  supplierId: number;
  articleId: number;
  input: Omit<supplierProductsService.NewVariantInput, 'productLinkId'>;
}

/** The three prices agree when the piece weight is known (decision 121): the missing ones follow from the first given. */
function supplierPrices(row: Row) {
  const weight = row.decimal('weight_piece', 3, null);
  const nb = row.integer('nb_piece', 1, 100_000, 1);
  const kg = row.decimal('price_kg', 3, null);
  const colis = row.decimal('price_colis', 3, null);
  const piece = row.decimal('price_piece', 3, null);
  if (weight === undefined || nb === undefined || kg === undefined || colis === undefined || piece === undefined) return undefined;
  if (weight === null || weight <= 0) return { weightPiece: weight, nbPiece: nb, priceKg: kg ?? 0, priceColis: colis ?? 0, pricePiece: piece ?? 0 };
  const perKg = kg ?? (colis !== null ? round3(colis / (weight * nb)) : piece !== null ? round3(piece / weight) : 0);
  const derivedPiece = round3(perKg * weight);
  const derivedColis = round3(perKg * weight * nb);
  // Rounding of a derived price is allowed; another price is a contradiction the operator must settle.
  if (kg !== null && piece !== null && Math.abs(piece - derivedPiece) > 0.0015) return row.fail('price_piece', 'BAD_VALUE');
  if (kg !== null && colis !== null && Math.abs(colis - derivedColis) > 0.0015) return row.fail('price_colis', 'BAD_VALUE');
  return { weightPiece: weight, nbPiece: nb, priceKg: perKg, priceColis: colis ?? derivedColis, pricePiece: piece ?? derivedPiece };
}

export function checkSupplierPrices(rows: Row[], refs: RefData): SupplierPriceItem[] {
  const items: SupplierPriceItem[] = [];
  const keys = new Set<string>();
  for (const row of rows) {
    const supplierId = row.company('supplier', refs.suppliers, 'UNKNOWN_SUPPLIER');
    const articleId = row.ref('article', refs.articles, 'UNKNOWN_ARTICLE', true);
    const originId = row.ref('origin', refs.countries, 'UNKNOWN_ORIGIN');
    const packagingId = row.ref('packaging', refs.packagings, 'UNKNOWN_PACKAGING');
    const boxId = row.ref('box', refs.boxes, 'UNKNOWN_BOX');
    const caliber = row.caliber('caliber');
    const qualityClass = row.qualityClass('quality_class');
    const prices = supplierPrices(row);
    const volume = row.decimal('volume', 3, 0);
    const startDate = row.date('start_date');
    const endDate = row.date('end_date');
    if (startDate && endDate && startDate > endDate) row.fail('end_date', 'DATE_ORDER');
    if (row.errors.length || !supplierId || !articleId || qualityClass === undefined || !prices || volume === undefined || !startDate || !endDate) continue;
    // Two lines that differ only by class are two offers at two prices (decision 915), not a duplicate.
    const key = variantKey(supplierId, articleId, originId, packagingId, boxId, caliber, qualityClass, startDate, endDate);
    if (keys.has(key)) {
      row.fail('article', 'DUPLICATE');
      continue;
    }
    keys.add(key);
    items.push({
      line: row.line,
      supplierId,
      articleId,
      input: { originId, packagingId, boxId, caliber: caliber ?? '', qualityClass, ...prices, volume, startDate, endDate },
    });
  }
  return items;
}
