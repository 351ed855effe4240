import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/build-app.js';
import type { Executor } from '../../db/client.js';
import { cities, countries } from '../../db/schema/index.js';
import * as locationService from './location.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

class Rollback extends Error {}

describe('location checks inside a transaction', () => {
  it('take any executor, so a caller passes its transaction without a cast', () => {
    expectTypeOf(locationService.assertCountry).parameter(0).toEqualTypeOf<Executor>();
    expectTypeOf(locationService.assertCityInCountry).parameter(0).toEqualTypeOf<Executor>();
    expectTypeOf(locationService.citiesOf).parameter(0).toEqualTypeOf<Executor>();
    expectTypeOf(locationService.listCountries).parameter(0).toEqualTypeOf<Executor>();
  });

  it("read the transaction's own rows (a city added in it lies in its country)", async () => {
    const [fr] = await ctx.db.select().from(countries).where(eq(countries.alpha2, 'FR'));
    const checked = await ctx.db
      .transaction(async (tx) => {
        const [city] = await tx.insert(cities).values({ countryId: fr!.id, name: 'Rungis (test)' }).returning();
        const found = await locationService.assertCityInCountry(tx, fr!.id, city!.id);
        expect((await locationService.assertCountry(tx, fr!.id)).alpha2).toBe('FR');
        throw new Rollback(found.city.name);
      })
      .catch((err: unknown) => (err instanceof Rollback ? err.message : Promise.reject(err)));
    expect(checked).toBe('Rungis (test)');
  });
});
