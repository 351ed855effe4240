import { and, count, desc, eq, inArray, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { ActivityAction, ActivityChange, ActivityEntity, ActivityValue } from '@primeur/shared';
import type { Executor } from '../db/client.js';
import type { ReadModelColumn } from '../db/read-model.js';
import { events } from '../db/schema/index.js';
import { emit, emitMany, type EventActor, type NewEvent } from './events.js';

/**
 * The change history as events (issue 33 §3, decision 1006): a service that creates, changes or deletes a
 * record writes `<subject>.created|updated|deleted` in its own transaction, with the fields that changed.
 * The history page reads these events (src/audit/); nothing else keeps a second copy.
 */

/**
 * Who makes a change: the signed-in user of the request (the route passes its session user), or
 * `SYSTEM` for a background job. Only the id is kept; the page shows the account as it is now.
 */
export interface Actor {
  id: number;
  /** Set when the request came with one of the company's API tokens (decision 1008): the history names it. */
  apiToken?: { id: number; name: string };
}
export const SYSTEM: Actor | null = null;

/** A record as the history sees it: its columns, before or after the change. */
export type Snapshot = Record<string, unknown>;

/** The events' subject of each recorded entity (an event name is lower case: product_link.updated). */
const SUBJECT: Record<ActivityEntity, string> = {
  supplier: 'supplier',
  client: 'client',
  contact: 'contact',
  carrier: 'carrier',
  productLink: 'product_link',
  variant: 'variant',
  clientVariant: 'client_variant',
  lot: 'lot',
  user: 'user',
  uncheckedProduct: 'unchecked_product',
};
const ENTITY = new Map(Object.entries(SUBJECT).map(([entity, subject]) => [subject, entity as ActivityEntity]));
const VERB: Record<ActivityAction, string> = { create: 'created', update: 'updated', delete: 'deleted' };
const ACTION = new Map(Object.entries(VERB).map(([action, verb]) => [verb, action as ActivityAction]));

/** The subject of an entity's change events. */
export const subjectOf = (entity: ActivityEntity) => SUBJECT[entity];
/** Every subject and every name of the change events, for the history's reader. */
export const CHANGE_SUBJECTS = Object.values(SUBJECT);
export const CHANGE_NAMES = CHANGE_SUBJECTS.flatMap((subject) => Object.values(VERB).map((verb) => `${subject}.${verb}`));
/** The entity and action a change event tells, from its name. */
export function changeOf(name: string): { entity: ActivityEntity; action: ActivityAction } | null {
  const [subject, verb] = name.split('.');
  const entity = ENTITY.get(subject ?? '');
  const action = ACTION.get(verb ?? '');
  return entity && action ? { entity, action } : null;
}

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

const actorOf = (actor: Actor | null): EventActor =>
  actor
    ? { kind: 'user', userId: actor.id, ...(actor.apiToken ? { apiToken: { id: actor.apiToken.id, name: actor.apiToken.name } } : {}) }
    : { kind: 'system' };

/**
 * The companies a change is theirs to see (the events' `company_ids`, the traders' own feed): an account's
 * change its own, a lot's its supplier; the back office's records (suppliers, clients, contacts, carriers,
 * links, variants) are the operator's alone.
 */
function companiesOf(entity: ActivityEntity, entityId: number, before: Snapshot | null, after: Snapshot | null): number[] {
  if (entity === 'user') return [entityId];
  const supplierId = after?.supplierId ?? before?.supplierId;
  return entity === 'lot' && typeof supplierId === 'number' ? [supplierId] : [];
}

/** One record's change: its kind and id, what was done, and the record before and after. */
interface Change {
  entity: ActivityEntity;
  entityId: number;
  action: ActivityAction;
  before: Snapshot | null;
  after: Snapshot | null;
}

function changeEvent(actor: Actor | null, { entity, entityId, action, before, after }: Change): NewEvent {
  const subject = SUBJECT[entity];
  return {
    name: `${subject}.${VERB[action]}`,
    subject,
    subjectId: entityId,
    payload: { changes: diff(before, after) },
    actor: actorOf(actor),
    companyIds: companiesOf(entity, entityId, before, after),
  };
}

/**
 * Records one change, in the caller's transaction so that it commits or rolls back with the change
 * itself. `before` is null for a create, `after` null for a delete. An update that changed no recorded
 * field writes nothing.
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
  const event = changeEvent(actor, { entity, entityId, action, before, after });
  if (action === 'update' && (event.payload.changes as ActivityChange[]).length === 0) return;
  await emit(tx, event);
}

/**
 * Records the creation of many records at once (a CSV import, issue 26), in the caller's transaction:
 * one event per record, as its single add would have written, in batched inserts.
 */
export async function recordCreations(tx: Executor, actor: Actor | null, entity: ActivityEntity, created: Array<{ id: number; after: Snapshot }>) {
  await emitMany(
    tx,
    created.map(({ id, after }) => changeEvent(actor, { entity, entityId: id, action: 'create', before: null, after })),
  );
}

/** Records many updates at once (the system's expiry of past lots), in the caller's transaction: one event per record that changed. */
export async function recordUpdates(
  tx: Executor,
  actor: Actor | null,
  entity: ActivityEntity,
  updated: Array<{ id: number; before: Snapshot; after: Snapshot }>,
) {
  await emitMany(
    tx,
    updated
      .map(({ id, before, after }) => changeEvent(actor, { entity, entityId: id, action: 'update', before, after }))
      .filter((e) => (e.payload.changes as ActivityChange[]).length > 0),
  );
}

// ---- the history's read side: the change events of a record, a kind, or all -------------------------

export interface ChangeFilter {
  entity?: ActivityEntity;
  entityId?: number;
}

const changesWhere = (f: ChangeFilter): SQL | undefined =>
  and(
    inArray(events.name, CHANGE_NAMES),
    f.entity ? eq(events.subject, SUBJECT[f.entity]) : undefined,
    f.entityId !== undefined ? eq(events.subjectId, f.entityId) : undefined,
  );

/**
 * The accounts the entries name, as their owner shows them: the read model `accountsView` of companies/users,
 * handed in by the caller (the infrastructure imports no module).
 */
export type Actors = Subquery & { id: ReadModelColumn<number>; email: ReadModelColumn<string>; companyName: ReadModelColumn<string> };

/** Change events, newest first, each with the account that made it (null: the system, or an account since deleted). */
export function listChanges(db: Executor, actors: Actors, f: ChangeFilter, limit: number, offset: number) {
  return db
    .select({ event: events, user: { id: actors.id, email: actors.email, companyName: actors.companyName } })
    .from(events)
    .leftJoin(actors, eq(actors.id, sql`(${events.actor}->>'userId')::int`))
    .where(changesWhere(f))
    .orderBy(desc(events.id))
    .limit(limit)
    .offset(offset);
}

/** How many change events the filter selects. */
export async function countChanges(db: Executor, f: ChangeFilter) {
  return (await db.select({ n: count() }).from(events).where(changesWhere(f)))[0]!.n;
}
