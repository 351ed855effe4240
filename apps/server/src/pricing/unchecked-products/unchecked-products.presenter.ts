import type { UncheckedProduct } from '@primeur/shared';
import type { UncheckedWithRefs } from './unchecked-products.repository.js';

const num = (v: string | null) => (v === null ? null : Number(v));

export function presentUnchecked({ row, message, supplier }: UncheckedWithRefs): UncheckedProduct {
  return {
    id: row.id,
    supplier: supplier ? { id: supplier.id, company: supplier.company } : null,
    productName: row.productName,
    origin: row.origin,
    packaging: row.packaging,
    box: row.box,
    caliber: row.caliber,
    qualityClass: row.qualityClass,
    priceKg: num(row.priceKg),
    priceColis: num(row.priceColis),
    pricePiece: num(row.pricePiece),
    volume: num(row.volume),
    startDate: row.startDate,
    lookalike: row.lookalike,
    line: row.line,
    message: {
      id: message.id,
      source: message.source,
      fromPhone: message.fromPhone,
      body: message.body,
      receivedAt: message.receivedAt.toISOString(),
    },
  };
}
