import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import { migrationsApplied, type Database } from './client.js';

/** The start's migrations check (decision 920): one query when the journal is applied. */
describe('migrationsApplied', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  }, 120_000);
  afterAll(() => database.close());

  it('is true on a database with every migration of the journal, and migrate() then changes nothing', async () => {
    expect(await migrationsApplied(database.db)).toBe(true);
    const count = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!.n;
    const before = await count();
    await database.migrate();
    expect(await count()).toBe(before);
  });

  const ignoreRollback = (err: unknown) => {
    if (!(err instanceof TransactionRollbackError)) throw err;
  };
  /** Runs `fn` in a transaction that is rolled back: the shared database stays as it was. */
  const rolledBack = (fn: (tx: Database['db']) => Promise<void>) =>
    database.db
      .transaction(async (tx) => {
        await fn(tx as unknown as Database['db']);
        tx.rollback();
      })
      .catch(ignoreRollback);

  it('is false when the newest migration is not recorded (it would be applied)', async () => {
    await rolledBack(async (tx) => {
      await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await migrationsApplied(tx)).toBe(false);
    });
    expect(await migrationsApplied(database.db)).toBe(true);
  });

  it('is false on a new database (no migrations table yet)', async () => {
    await rolledBack(async (tx) => {
      await tx.execute(sql`drop table drizzle.__drizzle_migrations`);
      // In a savepoint rolled back: the failing query aborts it (on PostgreSQL and PGlite alike).
      await tx
        .transaction(async (sp) => {
          expect(await migrationsApplied(sp as unknown as Database['db'])).toBe(false);
          sp.rollback();
        })
        .catch(ignoreRollback);
    });
    expect(await migrationsApplied(database.db)).toBe(true);
  });
});
