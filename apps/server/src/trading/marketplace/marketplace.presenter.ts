import { auctionPhase, todayInParis, type AdminProduct, type ProductStatus } from '@primeur/shared';
import type { ProductRow } from './marketplace.repository.js';
import type { ProductView } from './product-view.js';

/**
 * The status a user sees: the stored one, except that time has already passed for a lot the close
 * job has not reached yet (an auction past its end, a fixed-price lot past its date) — those read EXPIRED.
 */
export function effectiveStatus(p: Pick<ProductRow, 'status' | 'endsAt' | 'availableUntil' | 'auctionStartDate'>, now = new Date()): ProductStatus {
  if (
    p.status === 'IN_AUCTION' &&
    p.endsAt &&
    p.auctionStartDate &&
    auctionPhase({ startsAt: p.auctionStartDate, endsAt: p.endsAt }, now.getTime()) === 'ended'
  ) {
    return 'EXPIRED';
  }
  if (p.status === 'ENABLED' && !p.auctionStartDate && p.availableUntil < todayInParis(now)) return 'EXPIRED';
  return p.status;
}

export type LotCertificate = AdminProduct['certificates'][number];

/** A lot as the API shows it; `certificates` are its seller's back-office certificates (sellerCertificates). */
export function presentProduct(
  { product: p, article, origin, packaging, seller }: ProductView,
  now = new Date(),
  certificates: LotCertificate[] = [],
): AdminProduct {
  return {
    productId: p.id,
    productName: article.article,
    articleId: article.id,
    family: article.family,
    name: p.name,
    description: p.description,
    photos: JSON.stringify(p.photos),
    user: { companyName: seller.companyName },
    supplier: seller.id,
    created: p.createdAt.toISOString(),
    caliber: p.caliber,
    origin,
    packaging,
    status: effectiveStatus(p, now),
    auctionStartDate: p.auctionStartDate?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    availableUntil: p.availableUntil,
    price: Number(p.price),
    quantity: p.quantity,
    netKgPerPallet: p.netKgPerPallet === null ? null : Number(p.netKgPerPallet),
    boxesPerPallet: p.boxesPerPallet,
    netKgPerBox: p.netKgPerBox === null ? null : Number(p.netKgPerBox),
    qualityClass: p.qualityClass,
    variety: p.variety,
    packedOn: p.packedOn,
    gtin: p.gtin,
    globalGapNumber: seller.globalGapNumber?.trim() || null,
    certificates,
  };
}
