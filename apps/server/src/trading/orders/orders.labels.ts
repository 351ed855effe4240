import { lotNumberOf, type Language } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { countryName } from '../../documents/pdf/document.js';
import { documentText } from '../../documents/pdf/i18n.js';
import { renderPalletLabels, type PalletLabelModel } from '../../documents/pdf/pallet-label.js';
import { HttpError } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { despatchAdvice } from './orders.pallets.js';
import { packagingNameIn } from '../../platform/catalog/catalog.service.js';
import type { OrderRow } from './orders.repository.js';

/**
 * The GS1 logistic labels of an order's pallets (issue 37), one page each, in the reader's language:
 * they exist once the pallets do, at shipping.
 */
export function labelModel(order: OrderRow, items: PalletLabelModel['pallets'], lng: Language, packaging = order.lot.packaging): PalletLabelModel {
  const lot = order.lot;
  const klass = lot.qualityClass ? documentText('trace', lng, `class.${lot.qualityClass}`) : null;
  return {
    orderNumber: order.number,
    seller: { ...order.seller, countryName: countryName(order.seller.countryAlpha2, order.seller.countryName, lng) },
    shipTo: {
      companyName: order.buyer.companyName,
      ...order.deliveryAddress,
      countryName: countryName(order.deliveryAddress.countryAlpha2, order.buyer.countryName, lng),
    },
    lot: {
      lotNumber: lotNumberOf(lot.productId),
      gtin: lot.gtin ?? null,
      article: lot.article[lng] || lot.title,
      variety: lot.variety ?? null,
      caliber: lot.caliber,
      qualityClass: klass,
      packaging,
      originAlpha2: lot.originAlpha2,
      originName: countryName(lot.originAlpha2, lot.originName, lng),
      packedOn: lot.packedOn ?? null,
    },
    pallets: items,
  };
}

export async function palletLabelsPdf(db: Executor, user: SessionUser, id: number, lng: Language) {
  const { order, advice } = await despatchAdvice(db, user, id);
  if (advice.items.length === 0) {
    throw new HttpError(409, 'DOCUMENT_NOT_AVAILABLE', 'The pallets get their labels when the order is shipped.', [{ path: 'status', message: order.status }]);
  }
  const pdf = await renderPalletLabels(labelModel(order, advice.items, lng, await packagingNameIn(db, order.lot.packaging, lng)), lng);
  return { pdf, filename: `${documentText('pallets', lng, 'filename')}-${order.number}.pdf` };
}
