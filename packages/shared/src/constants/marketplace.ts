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

/** EU marketing standards' quality classes of fresh produce (issue 25): every new lot states one. */
export const QUALITY_CLASSES = ['EXTRA', 'I', 'II'] as const;
export type QualityClass = (typeof QUALITY_CLASSES)[number];
/** The longest variety name a lot takes ("Verna", "Nadorcott", "Cœur de bœuf"). */
export const VARIETY_MAX_LENGTH = 60;
/**
 * Orders of the lot lists (issue 25, decision 872): price up, price down, newest first, ending soonest
 * (an auction's end; a fixed-price lot's "available until"), most pallets first. Without one, the
 * marketplace shows the newest first and the auctions the soonest end first.
 */
export const LOT_SORTS = ['price', '-price', 'newest', 'endsAt', 'quantity'] as const;
export type LotSort = (typeof LOT_SORTS)[number];
/** The certificate filter's value for GLOBALG.A.P. (the seller's number or its back-office certificate). */
export const GLOBALGAP_CERTIFICATE = 'GLOBALG.A.P.';
