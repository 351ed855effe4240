import type * as clientProductsService from '../../pricing/client-products/client-products.service.js';
import { variantKey, type RefData, type Row } from './import-reader.js';

/** The rows of a client's product list (one variant a row). */
export interface ClientProductItem {
  line: number;
  clientId: number;
  articleId: number;
  fields: clientProductsService.ClientVariantFields;
}

export function checkClientProducts(rows: Row[], refs: RefData): ClientProductItem[] {
  const items: ClientProductItem[] = [];
  const keys = new Set<string>();
  for (const row of rows) {
    const clientId = row.company('client', refs.clients, 'UNKNOWN_CLIENT');
    const articleId = row.ref('article', refs.articles, 'UNKNOWN_ARTICLE', true);
    const originId = row.ref('origin', refs.countries, 'UNKNOWN_ORIGIN');
    const packagingId = row.ref('packaging', refs.packagings, 'UNKNOWN_PACKAGING');
    const boxId = row.ref('box', refs.boxes, 'UNKNOWN_BOX');
    const caliber = row.caliber('caliber');
    const weightPiece = row.decimal('weight_piece', 3, null, 100_000);
    const nbPiece = row.integer('nb_piece', 1, 100_000, 1);
    if (row.errors.length || !clientId || !articleId || weightPiece === undefined || nbPiece === undefined) continue;
    const fields = { originId: originId ?? null, packagingId: packagingId ?? null, boxId: boxId ?? null, caliber: caliber ?? '', weightPiece, nbPiece };
    const key = variantKey(clientId, articleId, fields.originId, fields.packagingId, fields.boxId, fields.caliber, weightPiece, nbPiece);
    if (keys.has(key)) {
      row.fail('article', 'DUPLICATE');
      continue;
    }
    keys.add(key);
    items.push({ line: row.line, clientId, articleId, fields });
  }
  return items;
}
