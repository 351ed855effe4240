import { z } from 'zod';
import { dbIdText, MAX_DB_ID } from './common.js';
import { ADMIN_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.js';

/**
 * What the history of changes records (issue 26): the records the operator's staff edit. A company's
 * own settings (address, VAT id…) are recorded on the `user` entity, as is an account's status.
 */
export const ACTIVITY_ENTITIES = [
  'supplier',
  'client',
  'contact',
  'carrier',
  'productLink',
  'variant',
  'clientVariant',
  'lot',
  'user',
  'uncheckedProduct',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];
export const ACTIVITY_ACTIONS = ['create', 'update', 'delete'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A recorded value: what a JSON column holds (numbers in the database's text form stay strings). */
export type ActivityValue = string | number | boolean | null | ActivityValue[];
/**
 * Recursive, so the OpenAPI document names it (`#/components/schemas/ActivityValue`, decision 1007): a
 * recursive schema without an id is emitted as a reference to a component that does not exist.
 */
const value: z.ZodType<ActivityValue> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(value)]))
  .meta({ id: 'ActivityValue', description: 'A recorded value: a string, number, boolean, null or a list of these.' });

export const activityChange = z.object({ field: z.string(), from: value, to: value });
export type ActivityChange = z.infer<typeof activityChange>;

export const activityEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who made the change; null for the system (a background job) or an account deleted since. */
  user: z.object({ id: z.number().int(), email: z.string(), companyName: z.string() }).nullable(),
  /** The API token the change came through (decision 1008); null when made in the app or by the system. */
  apiToken: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entity: z.enum(ACTIVITY_ENTITIES),
  entityId: z.number().int().min(1).max(MAX_DB_ID),
  action: z.enum(ACTIVITY_ACTIONS),
  changes: z.array(activityChange),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const positiveInt = (max?: number) => {
  const n = z.coerce.number().int().min(1);
  return max ? n.max(max) : n;
};

/** `GET /api/admin/activity`: newest first, one page; `id` only together with `entity`. */
export const activityQuery = z
  .object({
    entity: z.enum(ACTIVITY_ENTITIES).optional(),
    id: dbIdText.optional(),
    page: positiveInt(100_000).default(1),
    size: positiveInt(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  })
  .refine((q) => q.id === undefined || q.entity !== undefined, { path: ['id'], message: 'entityRequired' });
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activityPage = z.object({ items: z.array(activityEntry), page: z.number().int(), size: z.number().int(), total: z.number().int() });
export type ActivityPage = z.infer<typeof activityPage>;
