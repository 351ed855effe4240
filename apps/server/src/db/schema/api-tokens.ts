import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A company's API tokens (decision 1008). The secret is never stored: `token_hash` is its SHA-256 (a
 * 256-bit random secret needs no slow hash), `prefix` its first characters for the list. A revoked
 * token keeps its row (revoked_at), so its id and name stay in the history.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    /** The company account (a `users` row) the token acts for. */
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who created it (the company's own account today; kept for the day a company has several people). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Written at most once a minute per token (decision 1008), not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_uq').on(t.tokenHash),
    index('api_tokens_company_idx').on(t.companyId),
    check('api_tokens_name_length', sql`char_length(${t.name}) between 1 and 60`),
    // The scopes of API_SCOPES (packages/shared): a scope added there needs this list and a migration
    // (the api-tokens tests create a token with every scope, so a forgotten one fails them).
    check(
      'api_tokens_scopes_known',
      sql`cardinality(${t.scopes}) >= 1 and ${t.scopes} <@ array['orders:read','orders:write','invoices:read','lots:read','lots:write']::text[]`,
    ),
  ],
);
