import type { ClientVariant } from '@primeur/shared';
import type { ClientVariantWithRefs } from './client-products.repository.js';

export const presentClientVariant = (r: ClientVariantWithRefs): ClientVariant => ({
  id: r.variant.id,
  clientProductList: {
    id: r.link.id,
    product: {
      id: r.article.id,
      code: r.article.code,
      family: r.article.family,
      subfamily: r.article.subfamily,
      article: r.article.article,
      names: r.article.names,
    },
  },
  origin: r.origin,
  box: r.box,
  packaging: r.packaging,
  caliber: r.variant.caliber,
  weightPiece: r.variant.weightPiece === null ? null : Number(r.variant.weightPiece),
  nbPiece: r.variant.nbPiece,
});
