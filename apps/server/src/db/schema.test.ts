import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { freshDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import * as schema from './schema/index.js';

/**
 * The migrations are SQL, partly hand-written (functions, folds, backfills); the queries are typed
 * from the TypeScript schema. This holds the two together: every table and column the schema declares
 * exists in the migrated database, with a matching nullability.
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const tables = (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableConfig(value)] : []));

describe('the migrated database', () => {
  it('finds tables in the schema', () => {
    expect(tables.length).toBeGreaterThan(20);
  });

  it('has every table and column the drizzle schema declares', async () => {
    const rows = await database.db.execute<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>(
      sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const actual = new Map(rows.rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable === 'YES']));
    const missing: string[] = [];
    const nullability: string[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        const key = `${table.name}.${column.name}`;
        const nullable = actual.get(key);
        if (nullable === undefined) missing.push(key);
        else if (nullable !== !column.notNull) nullability.push(`${key} (schema: ${column.notNull ? 'not null' : 'null'})`);
      }
    }
    expect(missing).toEqual([]);
    expect(nullability).toEqual([]);
  });
});
