import type { Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import * as repo from './location.repository.js';

export function listCountries(db: Executor) {
  return repo.listCountries(db);
}

export async function citiesOf(db: Executor, alpha2: string) {
  const country = await repo.findCountryByAlpha2(db, alpha2);
  if (!country) throw notFound(`Country ${alpha2}`);
  return repo.listCities(db, country.id);
}

/** Checks that the country exists and the city lies in it; used by every form that takes both. */
export async function assertCityInCountry(db: Executor, countryId: number, cityId: number) {
  const [country, city] = await Promise.all([repo.findCountry(db, countryId), repo.findCity(db, cityId)]);
  if (!country) throw new HttpError(400, 'VALIDATION_FAILED', 'Unknown country.', [{ path: 'country', message: 'unknownCountry' }]);
  if (!city || city.countryId !== country.id) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The city does not belong to the country.', [{ path: 'city', message: 'cityNotInCountry' }]);
  }
  return { country, city };
}

export async function assertCountry(db: Executor, countryId: number) {
  const country = await repo.findCountry(db, countryId);
  if (!country) throw new HttpError(400, 'VALIDATION_FAILED', 'Unknown country.', [{ path: 'country', message: 'unknownCountry' }]);
  return country;
}
