/** Marketplace and auction constants (spec §4, §9, issue 4). */
export const PRODUCT_STATUSES = ['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A bid must beat the highest offer by at least this much (€/kg). */
export const MIN_BID_STEP = 0.01;
export const MIN_BID_STEP_CENTS = 1;

export const MAX_PHOTOS_PER_PRODUCT = 8;
export const MIN_PHOTOS_PER_PRODUCT = 1;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Content types accepted for product photos (checked on the bytes, not the name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Carousel defaults of spec §9. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;

/** Error codes of the marketplace and auctions; the web maps each to a translated reason. */
export const MARKETPLACE_ERROR_CODES = [
  'BID_TOO_LOW',
  'AUCTION_CLOSED',
  'OWN_PRODUCT',
  'ADMIN_CANNOT_BID',
  'ACCOUNT_INACTIVE',
  'SUPPLIERS_ONLY',
  'BUYERS_ONLY',
  'PRODUCT_HAS_OFFERS',
  'PRODUCT_NOT_AVAILABLE',
  'STATUS_NOT_TOGGLEABLE',
  'TOO_MANY_PALLETS',
  'BAD_PHOTO',
  'TOO_MANY_PHOTOS',
  'LAST_PHOTO',
  'UNKNOWN_REFERENCE',
] as const;
export type MarketplaceErrorCode = (typeof MARKETPLACE_ERROR_CODES)[number];
