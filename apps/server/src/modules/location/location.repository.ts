import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cities, countries } from '../../db/schema/index.js';

export const locationRepository = {
  listCountries: (db: Db) =>
    db.select({ id: countries.id, name: countries.name, alpha2: countries.alpha2 }).from(countries).orderBy(asc(countries.name)),
  findCountryByAlpha2: async (db: Db, alpha2: string) =>
    (await db.select().from(countries).where(eq(countries.alpha2, alpha2.toUpperCase())).limit(1))[0],
  findCountry: async (db: Db, id: number) => (await db.select().from(countries).where(eq(countries.id, id)).limit(1))[0],
  findCity: async (db: Db, id: number) => (await db.select().from(cities).where(eq(cities.id, id)).limit(1))[0],
  listCities: (db: Db, countryId: number) =>
    db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.countryId, countryId)).orderBy(asc(cities.name)),
};
