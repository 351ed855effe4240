/** Marketplace and auction constants (spec §4, §9, issue 4). */
export const PRODUCT_STATUSES = ['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const MAX_PHOTOS_PER_PRODUCT = 8;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Content types accepted for product photos (checked on the bytes, not the name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Carousel defaults of spec §9. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;
