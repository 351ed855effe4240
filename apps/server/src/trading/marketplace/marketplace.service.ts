import { PhotoStore } from '../../media/photos.js';

/**
 * The marketplace module's face for the routes and the other modules: the reads
 * (marketplace.reads.ts) and the writes (marketplace.writes.ts) of the lots.
 */
export * from './marketplace.reads.js';
export * from './marketplace.writes.js';

/** A lot as the admin lists show it (spec §3), for the other lot lists (the admin search). */
export { presentProduct } from './marketplace.presenter.js';

/** The lot photo pipeline (decisions 201, 506), also taken by claim photos (issue 22): checked, decoded, re-encoded, size-limited. */
export { PhotoStore, PHOTO_CONTENT_TYPES, PHOTO_VARIANT_WIDTHS, variantName, type CheckedPhoto } from '../../media/photos.js';
export { MULTIPART_LIMITS, readUpload } from './marketplace.uploads.js';

/** The lots' photo folders under DATA_DIR (other modules copy a lot's photos through it). */
export const lotPhotoStore = (dataDir: string) => new PhotoStore(dataDir);
