import type { ClientVariant } from '@primeur/shared';
import { presentLinkedProduct } from '../../lib/linked-product.js';
import type { ClientVariantWithRefs } from './client-products.repository.js';

export const presentClientVariant = (r: ClientVariantWithRefs): ClientVariant => ({
  id: r.variant.id,
  clientProductList: {
    id: r.link.id,
    product: presentLinkedProduct(r.article),
  },
  origin: r.origin,
  box: r.box,
  packaging: r.packaging,
  caliber: r.variant.caliber,
  weightPiece: r.variant.weightPiece === null ? null : Number(r.variant.weightPiece),
  nbPiece: r.variant.nbPiece,
});
