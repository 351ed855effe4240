import type { SupplierVariant } from '@primeur/shared';
import { presentLinkedProduct } from '../../lib/linked-product.js';
import type { VariantWithRefs } from './supplier-products.repository.js';

const num = (v: string) => Number(v);

export const presentVariant = (r: VariantWithRefs): SupplierVariant => ({
  id: r.variant.id,
  supplier: { id: r.supplier.id, company: r.supplier.company },
  supplierProductList: {
    id: r.link.id,
    product: presentLinkedProduct(r.article),
  },
  origin: r.origin,
  packaging: r.packaging,
  box: r.box,
  caliber: r.variant.caliber,
  qualityClass: r.variant.qualityClass,
  weightPiece: r.variant.weightPiece === null ? null : num(r.variant.weightPiece),
  nbPiece: r.variant.nbPiece,
  priceKg: num(r.variant.priceKg),
  priceColis: num(r.variant.priceColis),
  pricePiece: num(r.variant.pricePiece),
  volume: num(r.variant.volume),
  startDate: r.variant.startDate,
  endDate: r.variant.endDate,
});
