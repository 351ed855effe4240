import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@primeur/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { cities, countries, users } from '../../db/schema/index.js';
import { foldedSearch } from '../../db/fold.js';

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

const DB_CATEGORY = { buyer: 'client', supplier: 'supplier', admin: 'admin' } as const;

/** The admin list's filters as SQL (the joins of withPlace are in scope). */
function userFilters(f: Omit<UserListQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    foldedSearch(f.q, [users.companyName, users.email, users.address, users.postalCode, cityT.name, countryT.name]),
    f.category ? eq(users.category, DB_CATEGORY[f.category]) : undefined,
    f.status ? eq(users.active, f.status === 'active') : undefined,
  );
}

export type UserWithPlace = Awaited<ReturnType<ReturnType<typeof withPlace>['execute']>>[number];

export async function findByEmail(db: Executor, email: string) {
  return (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
}

export async function findById(db: Executor, id: number) {
  return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
}

export async function findWithPlace(db: Executor, id: number) {
  return (await withPlace(db).where(eq(users.id, id)).limit(1))[0];
}

/** The user with its place, its row locked until the transaction ends (status changes). */
export async function lockWithPlace(tx: Executor, id: number) {
  return (await withPlace(tx).where(eq(users.id, id)).limit(1).for('update', { of: users }))[0];
}

export function listWithPlace(db: Executor) {
  return withPlace(db).orderBy(asc(users.companyName), asc(users.id));
}

/** The admin list, filtered (decision 641): company order, one page when a limit is given. */
export function searchWithPlace(db: Executor, f: Omit<UserListQuery, 'page' | 'size'>, limit?: number, offset = 0) {
  const q = withPlace(db).where(userFilters(f)).orderBy(asc(users.companyName), asc(users.id));
  return limit === undefined ? q : q.limit(limit).offset(offset);
}

/** The ids of the admin list's matches, in its order (bulk "select all matching"). */
export function searchIds(db: Executor, f: Omit<UserListQuery, 'page' | 'size'>, limit: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .leftJoin(cityT, eq(cityT.id, users.cityId))
    .leftJoin(countryT, eq(countryT.id, users.countryId))
    .where(userFilters(f))
    .orderBy(asc(users.companyName), asc(users.id))
    .limit(limit);
}

export async function countSearch(db: Executor, f: Omit<UserListQuery, 'page' | 'size'>) {
  return (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(cityT, eq(cityT.id, users.cityId))
      .leftJoin(countryT, eq(countryT.id, users.countryId))
      .where(userFilters(f))
  )[0]!.n;
}

export async function insert(db: Executor, values: NewUser) {
  return (await db.insert(users).values(values).returning())[0]!;
}

export function update(db: Executor, id: number, values: Partial<NewUser>) {
  return db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}
