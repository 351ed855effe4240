import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { syncCatalogOnChange } from './catalog.js';
import { createTestApp, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const bulkNames = async () =>
  (await ctx.db.execute<{ names: Record<string, string> | null }>(sql`select names from packagings where name = 'bulk'`)).rows[0]!.names;

describe('the catalog sync at start (decision 843)', () => {
  it('runs once, then is skipped while the file, its code and the migrations are unchanged', async () => {
    // Stamped by whichever sync came first (the test template's); a changed stamp makes it run.
    await ctx.db.execute(sql`comment on table articles is null`);
    expect(await syncCatalogOnChange(ctx.db)).toBe(true);
    expect(await syncCatalogOnChange(ctx.db)).toBe(false);

    // Skipped: a row changed in the database stays as it is.
    await ctx.db.execute(sql`update packagings set names = null where name = 'bulk'`);
    expect(await syncCatalogOnChange(ctx.db)).toBe(false);
    expect(await bulkNames()).toBeNull();

    // Any other stamp (another catalog file, sync code or migration) and the sync runs again.
    await ctx.db.execute(sql`comment on table articles is 'primeur catalog 0000'`);
    expect(await syncCatalogOnChange(ctx.db)).toBe(true);
    expect((await bulkNames())?.de).toBe('lose');
  });
});
