import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cities, countries } from '../../db/schema/index.js';

export function listCountries(db: Executor) {
  return db.select({ id: countries.id, name: countries.name, alpha2: countries.alpha2 }).from(countries).orderBy(asc(countries.name));
}

export async function findCountryByAlpha2(db: Executor, alpha2: string) {
  return (await db.select().from(countries).where(eq(countries.alpha2, alpha2.toUpperCase())).limit(1))[0];
}

export async function findCountry(db: Executor, id: number) {
  return (await db.select().from(countries).where(eq(countries.id, id)).limit(1))[0];
}

export async function findCity(db: Executor, id: number) {
  return (await db.select().from(cities).where(eq(cities.id, id)).limit(1))[0];
}

export function listCities(db: Executor, countryId: number) {
  return db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.countryId, countryId)).orderBy(asc(cities.name));
}
