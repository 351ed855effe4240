import { z } from 'zod';
import { ERROR_CODES } from '../constants/errors.js';
import { dbId } from './common.js';

/**
 * Bulk actions on the admin lists (issue 26, decision 880): `POST /api/admin/bulk/{list}` with
 * `{ action, ids }`, each row done by the same service call as its single-row action, in its own
 * transaction, and reported one by one.
 */
export const BULK_LISTS = ['users', 'lots', 'variants'] as const;
export type BulkList = (typeof BULK_LISTS)[number];

/** The actions each list takes (decision 880): an account is activated, a lot enabled, a variant deleted. */
export const BULK_ACTIONS = {
  users: ['activate', 'deactivate'],
  lots: ['enable', 'disable'],
  variants: ['delete'],
} as const satisfies Record<BulkList, readonly string[]>;
export type BulkAction<L extends BulkList = BulkList> = (typeof BULK_ACTIONS)[L][number];

/** The action that undoes another; delete has none on the server (its undo is the toast's delay). */
export const BULK_INVERSE: Partial<Record<BulkAction, BulkAction>> = {
  activate: 'deactivate',
  deactivate: 'activate',
  enable: 'disable',
  disable: 'enable',
};

/** Most rows one request may name, and most ids "select all matching" gives. */
export const BULK_MAX_IDS = 1000;

/** Ids of a bulk request: integers in 1…2^31−1, at most BULK_MAX_IDS, duplicates dropped (first order kept). */
export const bulkIds = z
  .array(dbId)
  .min(1, 'required')
  .max(BULK_MAX_IDS, 'tooMany')
  .transform((ids) => [...new Set(ids)]);

export const bulkBody = <L extends BulkList>(list: L) =>
  z.object({
    action: z.enum(BULK_ACTIONS[list], { error: 'unknownAction' }),
    ids: bulkIds,
  });
export type BulkBody<L extends BulkList = BulkList> = { action: BulkAction<L>; ids: number[] };

/** One row's outcome: done (or already so), or refused with the code its single action would give. */
export const bulkResult = z.object({ id: z.number().int(), ok: z.boolean(), code: z.enum(ERROR_CODES).optional() });
export type BulkResult = z.infer<typeof bulkResult>;
export const bulkResponse = z.object({ results: z.array(bulkResult) });
export type BulkResponse = z.infer<typeof bulkResponse>;

/** "Select all matching the filter": the ids of the first BULK_MAX_IDS matches in list order, and how many match. */
export const bulkMatching = z.object({ ids: z.array(z.number().int()), total: z.number().int(), limit: z.number().int() });
export type BulkMatching = z.infer<typeof bulkMatching>;
