import { z } from 'zod';
import { FAMILIES } from '../constants/limits.js';
import { LOT_SORTS, QUALITY_CLASSES } from '../constants/marketplace.js';

/** Two screens of cards (4 per row on wide screens, 3 rows a screen). */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

const positiveInt = (max?: number) => {
  const n = z.coerce.number().int().min(1);
  return max ? n.max(max) : n;
};

/**
 * Query of the lot lists (/api/users/product/listActiveProducts, …/listActiveAuctionsWithBiggestOffer):
 * a page (1-based) of `size` lots, filtered in SQL. Without page and size the answer is the spec's
 * plain array holding the first page (docs/api/lists.md).
 */
export const lotListQuery = z.object({
  page: positiveInt().optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
  /** Words found in the lot's name, article (any language), description, caliber or seller. */
  q: z.string().trim().max(100).optional(),
  family: z.enum(FAMILIES).optional(),
  articleId: positiveInt().optional(),
  /** ISO alpha-2 of the origin country. */
  origin: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  /** The order (issue 25, decision 872); an unknown key answers 400 UNKNOWN_SORT. */
  sort: z.enum(LOT_SORTS, { error: 'unknownSort' }).optional(),
  qualityClass: z.enum(QUALITY_CLASSES, { error: 'unknownQualityClass' }).optional(),
  /** A certificate id (GET formOptions): lots whose seller holds it (GLOBALG.A.P.: also by the profile's number). */
  certificate: positiveInt(2_147_483_647).optional(),
});
export type LotListQuery = z.infer<typeof lotListQuery>;

/** One page of a list and the count of all matching items. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
export type Page<T> = { items: T[]; page: number; size: number; total: number };

/** Size of a page of the admin lists (users, lots): cards and table rows, three screens. */
export const ADMIN_PAGE_SIZE = 24;

/**
 * Query of the admin user list (/api/admin/getAllBP): words found, accent- and case-insensitively, in
 * the company, email, address, postal code, city or country; the card category (buyer, supplier,
 * admin); active or not. With page or size the answer is `{ items, page, size, total }`; without, the
 * spec's array of every matching card (decision 641).
 */
export const userListQuery = z.object({
  page: positiveInt().optional(),
  size: positiveInt(MAX_PAGE_SIZE).optional(),
  q: z.string().trim().max(100).optional(),
  category: z.enum(['buyer', 'supplier', 'admin']).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/**
 * Query of the admin lot list (/api/admin/product/search): words found in the lot's name, article (any
 * language), seller, origin or caliber; the status as the list shows it; the family. Always paged.
 */
export const adminProductQuery = z.object({
  page: positiveInt().default(1),
  size: positiveInt(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['ENABLED', 'DISABLED', 'EXPIRED', 'IN_AUCTION']).optional(),
  family: z.enum(FAMILIES).optional(),
});
export type AdminProductQuery = z.infer<typeof adminProductQuery>;
