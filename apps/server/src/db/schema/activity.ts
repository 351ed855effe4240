import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The history of changes (issue 26, decision 890): one row per create, update or delete of a record
 * the operator's staff edit, written in the transaction of the change. The entity is a name, not a
 * foreign key, so the history of a deleted record stays. Secrets are never written (see recordChange).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who; null for the system, or once the account is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity', { enum: ['supplier', 'client', 'contact', 'carrier', 'productLink', 'variant', 'clientVariant', 'lot', 'user'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    /** `[{ field, from, to }]`, the fields that changed. */
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('audit_events_entity_idx').on(t.entity, t.entityId, t.id)],
);
