import { eq } from 'drizzle-orm';
import type { Category } from '@primeur/shared';
import type { Executor } from './client.js';
import { cities, countries, users } from './schema/index.js';
import { hashPassword } from '../lib/password.js';

/**
 * Builders of valid rows with their parents; tests and the demo seed both use them, so the demo
 * data is always data the app accepts.
 */
let seq = 0;
const next = () => ++seq;

export async function placeIn(db: Executor, alpha2: string, cityName?: string) {
  const [country] = await db.select().from(countries).where(eq(countries.alpha2, alpha2)).limit(1);
  if (!country) throw new Error(`No country ${alpha2} in reference data`);
  const list = await db.select().from(cities).where(eq(cities.countryId, country.id));
  const city = (cityName ? list.find((c) => c.name === cityName) : undefined) ?? list[0];
  if (!city) throw new Error(`No city in ${alpha2}`);
  return { country, city };
}

/** A valid `/auth/register` body for a buyer in a French city; `overrides` change any field. */
export async function registrationBody(db: Executor, overrides: Record<string, unknown> = {}) {
  const { country, city } = await placeIn(db, 'FR');
  return {
    email: `r${Math.random().toString(36).slice(2)}@example.test`,
    password: 'a-long Passphrase 42',
    companyName: 'Vergers du Sud',
    category: 'buyer',
    country: { id: country.id },
    city: { id: city.id },
    address: '1 rue',
    postalCode: '75001',
    vatId: 'FR1',
    conditions: true,
    ...overrides,
  };
}

export interface UserFactoryInput {
  email?: string;
  password?: string;
  category?: Category;
  companyName?: string;
  active?: boolean;
  country?: string;
  city?: string;
  address?: string;
  postalCode?: string;
  vatId?: string;
  globalGapNumber?: string | null;
  /** The company's legal facts (decision 968): SIREN/SIRET or national identifier, form, capital, registry city. */
  registrationId?: string | null;
  legalForm?: string | null;
  shareCapital?: string | null;
  registryCity?: string | null;
}

const hashCache = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let h = hashCache.get(password);
  if (!h) hashCache.set(password, (h = hashPassword(password)));
  return h;
};

export async function createUser(db: Executor, input: UserFactoryInput = {}) {
  const n = next();
  const { country, city } = await placeIn(db, input.country ?? 'FR', input.city);
  const password = input.password ?? 'Password-123';
  const [user] = await db
    .insert(users)
    .values({
      email: (input.email ?? `user${n}-${Date.now()}@example.test`).toLowerCase(),
      passwordHash: await cachedHash(password),
      category: input.category ?? 'client',
      companyName: input.companyName ?? `Company ${n}`,
      address: input.address ?? `${n} rue du Marché`,
      postalCode: input.postalCode ?? '94150',
      countryId: country.id,
      cityId: city.id,
      vatId: input.vatId ?? `FR${String(10_000_000_000 + n)}`,
      globalGapNumber: input.globalGapNumber ?? null,
      registrationId: input.registrationId ?? null,
      legalForm: input.legalForm ?? null,
      shareCapital: input.shareCapital ?? null,
      registryCity: input.registryCity ?? null,
      active: input.active ?? true,
    })
    .returning();
  return { ...user!, password };
}
