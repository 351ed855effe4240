import { and, count, desc, eq, type SQL, type Subquery } from 'drizzle-orm';
import type { ActivityAction, ActivityChange, ActivityEntity } from '@primeur/shared';
import type { Executor } from '../db/client.js';
import type { ReadModelColumn } from '../db/read-model.js';
import { auditEvents } from '../db/schema/index.js';

export interface NewEvent {
  userId: number | null;
  entity: ActivityEntity;
  entityId: number;
  action: ActivityAction;
  changes: ActivityChange[];
}

export async function insert(db: Executor, event: NewEvent) {
  await db.insert(auditEvents).values(event);
}

/** Many entries in one statement per 1000 rows (an import's creations). */
export async function insertMany(db: Executor, events: NewEvent[]) {
  for (let i = 0; i < events.length; i += 1000) await db.insert(auditEvents).values(events.slice(i, i + 1000));
}

export interface EventFilter {
  entity?: ActivityEntity;
  entityId?: number;
}

const where = (f: EventFilter): SQL | undefined =>
  and(f.entity ? eq(auditEvents.entity, f.entity) : undefined, f.entityId !== undefined ? eq(auditEvents.entityId, f.entityId) : undefined);

/**
 * The accounts the entries name, as their owner shows them: the read model `accountsView` of companies/users,
 * handed in by the caller (audit/ imports no module).
 */
export type Actors = Subquery & { id: ReadModelColumn<number>; email: ReadModelColumn<string>; companyName: ReadModelColumn<string> };

/** Newest first; the id breaks ties of one transaction's timestamp. */
export function list(db: Executor, actors: Actors, f: EventFilter, limit: number, offset: number) {
  return db
    .select({ event: auditEvents, user: { id: actors.id, email: actors.email, companyName: actors.companyName } })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.userId))
    .where(where(f))
    .orderBy(desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countAll(db: Executor, f: EventFilter) {
  return (await db.select({ n: count() }).from(auditEvents).where(where(f)))[0]!.n;
}
