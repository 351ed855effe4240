import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A non-null column of another module's read model (a Drizzle subquery), as the infrastructure that is
 * given one types it: plugins/ and audit/ import no module, app.ts or the caller hands the read model in.
 */
export type ReadModelColumn<T> = AnyPgColumn<{ data: T; notNull: true }>;
