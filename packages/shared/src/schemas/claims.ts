import { z } from 'zod';
import { CLAIM_ACTIONS, CLAIM_REASONS, CLAIM_STATUSES, CLAIM_STEPS, MAX_CLAIM_CREDIT } from '../constants/claims.js';
import { ORDER_ACTORS, ORDER_STATUSES } from '../constants/orders.js';
import { dbIdText, multilineText } from './common.js';
import { ADMIN_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.js';
import { netKgField, palletCount } from './orders.js';

/**
 * Quality claims on a delivered order (issue 22; docs/api/claims.md). Money in € with 2 decimals.
 */

/** An amount of credit in €: zero or more, at most 2 decimals. */
export const creditField = z
  .number({ error: 'required' })
  .min(0, 'mustNotBeNegative')
  .max(MAX_CLAIM_CREDIT, 'tooLarge')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'atMostTwoDecimals');

/** The `data` field of POST /api/users/orders/{id}/claims (multipart, photos in `photos`). */
export const claimInput = z
  .object({
    reasons: z
      .array(z.enum(CLAIM_REASONS, { error: 'invalidReason' }))
      .min(1, 'required')
      .max(CLAIM_REASONS.length)
      .refine((a) => new Set(a).size === a.length, 'duplicateReason'),
    pallets: palletCount.nullable().optional(),
    netKg: netKgField.nullable().optional(),
    description: multilineText().trim().min(10, 'tooShort').max(2000, 'tooLong'),
    creditAsked: creditField.refine((v) => v > 0, 'mustBePositive'),
  })
  .strict()
  .refine((v) => (v.pallets ?? null) !== null || (v.netKg ?? null) !== null, { message: 'palletsOrKg', path: ['pallets'] });
export type ClaimInput = z.input<typeof claimInput>;

/** POST …/claims/{claimId}/accept|propose|reject|escalate and the operator's …/decide. */
export const claimStepInput = z
  .object({
    credit: creditField.optional(),
    note: multilineText().trim().max(1000, 'tooLong').optional(),
  })
  .strict();
export type ClaimStepInput = z.input<typeof claimStepInput>;

export const claimParams = z.object({ id: dbIdText, claimId: dbIdText });

/** One step of a claim, oldest first. */
export const claimHistoryEntry = z.object({
  at: z.string(),
  step: z.enum(CLAIM_STEPS),
  actor: z.enum(ORDER_ACTORS),
  /** The company of the actor (BUYER/SELLER), null for the operator. */
  companyName: z.string().nullable(),
  /** The credit asked (filed), proposed or decided; null for the other steps. */
  credit: z.number().nullable(),
  note: z.string(),
});
export type ClaimHistoryEntry = z.infer<typeof claimHistoryEntry>;

export const claimPhoto = z.object({
  /** Server-made file name. */
  name: z.string(),
  /** Served to the two parties and the operator only (private, no-store). */
  url: z.string(),
  /** The 480 px variant, for thumbnails. */
  thumbUrl: z.string(),
});

export const claim = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(CLAIM_STATUSES),
  reasons: z.array(z.enum(CLAIM_REASONS)),
  pallets: z.number().int().nullable(),
  netKg: z.number().nullable(),
  description: z.string(),
  /**
   * A weight dispute (decision 981): the buyer's receipt was short of the shipped weight by more than
   * the tolerance, so it asked for the missing kg (netKg) at the order's price. The seller accepting
   * it confirms the received weight; otherwise it follows the claim's usual path.
   */
  weightDispute: z.boolean(),
  photos: z.array(claimPhoto),
  creditAsked: z.number(),
  /** The seller's proposal while PROPOSED (and after, for the record). */
  creditProposed: z.number().nullable(),
  /** The settled credit (null until SETTLED); what the invoicing issues a credit note for. */
  credit: z.number().nullable(),
  settledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The order's amount excl. VAT: the highest credit allowed. */
  orderAmount: z.number().nullable(),
  viewerSide: z.enum(['buyer', 'seller', 'operator']),
  nextActions: z.array(z.enum(CLAIM_ACTIONS)),
  history: z.array(claimHistoryEntry),
});
export type Claim = z.infer<typeof claim>;

export const claimList = z.object({
  items: z.array(claim),
  /** Whether the buyer may file a claim now (delivered, within the window, no open claim). */
  canFile: z.boolean(),
  /** The end of the claim window, when the order is DELIVERED. */
  windowEndsAt: z.string().nullable(),
});
export type ClaimList = z.infer<typeof claimList>;

/** GET /api/admin/claims: the operator's queue. `open` = every status but SETTLED. */
export const adminClaimListQuery = z.object({
  status: z.union([z.enum(CLAIM_STATUSES), z.literal('open')]).optional(),
  reason: z.enum(CLAIM_REASONS).optional(),
  /** Words in the order number or either company. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminClaimListQuery = z.infer<typeof adminClaimListQuery>;

export const adminClaimItem = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  status: z.enum(CLAIM_STATUSES),
  reasons: z.array(z.enum(CLAIM_REASONS)),
  buyerCompany: z.string(),
  sellerCompany: z.string(),
  lotTitle: z.string(),
  creditAsked: z.number(),
  creditProposed: z.number().nullable(),
  credit: z.number().nullable(),
  orderAmount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminClaimItem = z.infer<typeof adminClaimItem>;

export const adminClaimPage = z.object({ items: z.array(adminClaimItem), page: z.number().int(), size: z.number().int(), total: z.number().int() });
export type AdminClaimPage = z.infer<typeof adminClaimPage>;
