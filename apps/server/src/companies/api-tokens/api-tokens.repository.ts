import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiTokens } from '../../db/schema/index.js';
import { accountsView } from '../users/users.read-model.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;

/** First key of the per-company advisory lock taken while a token is created ("apit" in ASCII). */
const CREATE_LOCK_KEY = 0x61706974;

/** Serialises the creations of one company's tokens until the transaction ends (the live-token limit holds). */
export async function lockCompany(tx: Executor, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_KEY}::int, ${companyId}::int)`);
}

export async function countLive(db: Executor, companyId: number): Promise<number> {
  return (
    await db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.companyId, companyId), isNull(apiTokens.revokedAt)))
  )[0]!.n;
}

export function listLive(db: Executor, companyId: number) {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), isNull(apiTokens.revokedAt)))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
}

export async function insert(db: Executor, values: NewApiToken): Promise<ApiTokenRow> {
  return (await db.insert(apiTokens).values(values).returning())[0]!;
}

/** A company's token, locked for the transaction; undefined when it is another company's or unknown. */
export async function findOwnedForUpdate(tx: Executor, id: number, companyId: number): Promise<ApiTokenRow | undefined> {
  return (
    await tx
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.companyId, companyId)))
      .for('update')
  )[0];
}

export async function revoke(tx: Executor, id: number, at: Date) {
  await tx.update(apiTokens).set({ revokedAt: at }).where(eq(apiTokens.id, id));
}

/**
 * The live token a secret's hash names, with its company as the accounts' read model shows it (one
 * indexed query, run on every request: nothing is cached, so a revocation holds at once everywhere).
 */
export async function findLiveByHash(db: Executor, tokenHash: string) {
  return (
    await db
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        scopes: apiTokens.scopes,
        lastUsedAt: apiTokens.lastUsedAt,
        companyId: accountsView.id,
        email: accountsView.email,
        category: accountsView.category,
        companyName: accountsView.companyName,
        active: accountsView.active,
      })
      .from(apiTokens)
      .innerJoin(accountsView, eq(accountsView.id, apiTokens.companyId))
      .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
      .limit(1)
  )[0];
}

/**
 * Records a use unless one was recorded less than `intervalMs` ago: the condition is in the statement,
 * so with several instances a token is still written at most once per interval.
 */
export async function touch(db: Executor, id: number, at: Date, ip: string, intervalMs: number) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: at, lastUsedIp: ip })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(at.getTime() - intervalMs)))));
}
