/** Marketplace and auction constants (spec §4, §9, issue 4). */
export const PRODUCT_STATUSES = ['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** How an auction ended: sold to its leading offer, unsold because the reserve was not met, or no offer at all. */
export const AUCTION_RESULTS = ['SOLD', 'RESERVE_NOT_MET', 'NO_BIDS'] as const;
export type AuctionResult = (typeof AUCTION_RESULTS)[number];

export const MAX_PHOTOS_PER_PRODUCT = 8;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Content types accepted for product photos (checked on the bytes, not the name). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Carousel default of spec §9 (its 40 px swipe threshold is react-bootstrap's own default). */
export const CAROUSEL_INTERVAL_MS = 5000;
