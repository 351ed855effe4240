/** Delivery documents and quality claims (issue 22, decisions 800–819). */

/** Why a buyer claims. The web shows one checkbox per code; a claim carries one or more. */
export const CLAIM_REASONS = ['DECAY', 'BRUISING', 'CALIBER', 'WRONG_PRODUCT', 'TEMPERATURE', 'SHORT', 'OTHER'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/**
 * A claim's life (decision 801). OPEN: the seller's turn. PROPOSED / REJECTED: the buyer's turn
 * (accept, or escalate to the operator). ESCALATED: the operator's turn. SETTLED is final.
 */
export const CLAIM_STATUSES = ['OPEN', 'PROPOSED', 'REJECTED', 'ESCALATED', 'SETTLED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Every status but SETTLED: an order has at most one of these at a time. */
export const OPEN_CLAIM_STATUSES = ['OPEN', 'PROPOSED', 'REJECTED', 'ESCALATED'] as const satisfies readonly ClaimStatus[];

/** The steps of a claim, each a history entry. */
export const CLAIM_STEPS = ['filed', 'accepted', 'proposed', 'rejected', 'escalated', 'decided'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** What the viewer may do now on a claim (`nextActions`); the web shows one button per action. */
export const CLAIM_ACTIONS = ['accept', 'propose', 'reject', 'escalate', 'decide'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

/** Photos per claim. */
export const MIN_CLAIM_PHOTOS = 1;
export const MAX_CLAIM_PHOTOS = 10;

/** Default of CLAIM_WINDOW_HOURS: how long after delivery a claim may be filed. */
export const DEFAULT_CLAIM_WINDOW_HOURS = 24;

/** The largest credit one claim may carry (€); the order's amount is the real bound. */
export const MAX_CLAIM_CREDIT = 100_000_000;
