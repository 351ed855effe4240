import type { ActivityAction, ActivityChange, ActivityEntity, ActivityPage, ActivityQuery, ActivityValue } from '@primeur/shared';
import type { Db, Executor } from '../db/client.js';
import * as repo from './activity.repository.js';

/**
 * Who makes a change: the signed-in user of the request (the route passes its session user), or
 * `SYSTEM` for a background job. Only the id is kept; the page shows the account as it is now.
 */
export interface Actor {
  id: number;
}
export const SYSTEM: Actor | null = null;

/** A record as the history sees it: its columns, before or after the change. */
export type Snapshot = Record<string, unknown>;

/**
 * Never recorded, whatever the table (decision 890): secrets, and the bookkeeping columns every
 * row has. A field named here is left out of the diff even when it changed.
 */
const NOT_RECORDED = new Set(['id', 'passwordHash', 'password', 'token', 'tokenHash', 'secret', 'createdAt', 'updatedAt']);
const isSecret = (field: string) => NOT_RECORDED.has(field) || /password|token|secret/i.test(field);

function normalize(v: unknown): ActivityValue {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (Array.isArray(v)) return v.map(normalize);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return v.toString();
  return JSON.stringify(v);
}

const same = (a: ActivityValue, b: ActivityValue) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs between two snapshots (absent counts as null), in a stable order. */
export function diff(before: Snapshot | null, after: Snapshot | null): ActivityChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((f) => !isSecret(f)).sort();
  const changes: ActivityChange[] = [];
  for (const field of fields) {
    const from = normalize(before?.[field]);
    const to = normalize(after?.[field]);
    if (!same(from, to)) changes.push({ field, from, to });
  }
  return changes;
}

/**
 * Records one change in the history, in the caller's transaction so that it commits or rolls back
 * with the change itself. `before` is null for a create, `after` null for a delete. An update that
 * changed no recorded field writes nothing.
 */
export async function recordChange(
  tx: Executor,
  actor: Actor | null,
  entity: ActivityEntity,
  entityId: number,
  action: ActivityAction,
  before: Snapshot | null,
  after: Snapshot | null,
) {
  const changes = diff(before, after);
  if (action === 'update' && changes.length === 0) return;
  await repo.insert(tx, { userId: actor?.id ?? null, entity, entityId, action, changes });
}

/**
 * Records the creation of many records at once (a CSV import, issue 26), in the caller's transaction:
 * one entry per record, as its single add would have written, in batched inserts.
 */
export async function recordCreations(tx: Executor, actor: Actor | null, entity: ActivityEntity, created: Array<{ id: number; after: Snapshot }>) {
  await repo.insertMany(
    tx,
    created.map(({ id, after }) => ({ userId: actor?.id ?? null, entity, entityId: id, action: 'create' as const, changes: diff(null, after) })),
  );
}

/** One page of the history, each entry with its account as `actors` (the users' read model) shows it now. */
export async function page(db: Db, actors: repo.Actors, q: ActivityQuery): Promise<ActivityPage> {
  const filter = { entity: q.entity, entityId: q.id };
  const [rows, total] = await Promise.all([repo.list(db, actors, filter, q.size, (q.page - 1) * q.size), repo.countAll(db, filter)]);
  return {
    items: rows.map(({ event, user }) => ({
      id: event.id,
      at: event.at.toISOString(),
      user: user ?? null,
      entity: event.entity,
      entityId: event.entityId,
      action: event.action,
      changes: event.changes as ActivityChange[],
    })),
    page: q.page,
    size: q.size,
    total,
  };
}
