import type { ActivityChange, ActivityPage, ActivityQuery } from '@primeur/shared';
import type { Db } from '../db/client.js';
import { changeOf, countChanges, listChanges, type Actors } from '../events/changes.js';

/**
 * The history of changes (issue 26) is read from the change events the services write in their own
 * transactions (events/changes.ts, decision 1006): one page, each entry with its account as `actors`
 * (the users' read model, handed in by the route) shows it now.
 */
export async function page(db: Db, actors: Actors, q: ActivityQuery): Promise<ActivityPage> {
  const filter = { entity: q.entity, entityId: q.id };
  const [rows, total] = await Promise.all([listChanges(db, actors, filter, q.size, (q.page - 1) * q.size), countChanges(db, filter)]);
  return {
    items: rows.map(({ event, user }) => {
      const { entity, action } = changeOf(event.name)!;
      return {
        id: event.id,
        at: event.at.toISOString(),
        user: user ?? null,
        apiToken: event.actor?.apiToken ?? null,
        entity,
        entityId: event.subjectId,
        action,
        changes: (event.payload as { changes: ActivityChange[] }).changes,
      };
    }),
    page: q.page,
    size: q.size,
    total,
  };
}
