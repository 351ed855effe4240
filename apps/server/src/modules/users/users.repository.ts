import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { cities, countries, users } from '../../db/schema/index.js';

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

const cityT = alias(cities, 'city');
const countryT = alias(countries, 'country');

/** A user with its city and country names, the shape every presenter starts from. */
const withPlace = (db: Executor) =>
  db
    .select({
      user: users,
      city: { id: cityT.id, name: cityT.name },
      country: { id: countryT.id, name: countryT.name, alpha2: countryT.alpha2 },
    })
    .from(users)
    .leftJoin(cityT, eq(cityT.id, users.cityId))
    .leftJoin(countryT, eq(countryT.id, users.countryId));

export type UserWithPlace = Awaited<ReturnType<ReturnType<typeof withPlace>['execute']>>[number];

export const usersRepository = {
  findByEmail: async (db: Executor, email: string) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],
  findById: async (db: Executor, id: number) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
  findWithPlace: async (db: Executor, id: number) => (await withPlace(db).where(eq(users.id, id)).limit(1))[0],
  listWithPlace: (db: Executor) => withPlace(db).orderBy(asc(users.companyName), asc(users.id)),
  insert: async (db: Executor, values: NewUser) => (await db.insert(users).values(values).returning())[0]!,
  update: (db: Executor, id: number, values: Partial<NewUser>) =>
    db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)),
};
