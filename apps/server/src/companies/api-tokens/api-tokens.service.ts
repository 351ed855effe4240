import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  API_TOKEN_BODY_LENGTH,
  API_TOKEN_PREFIX,
  API_TOKEN_VISIBLE_LENGTH,
  API_TOKENS_PER_COMPANY,
  isApiScope,
  type ApiToken,
  type CreatedApiToken,
  type createApiTokenInput,
} from '@primeur/shared';
import type { Db } from '../../db/client.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { ApiTokenResolver, SessionUser } from '../../plugins/session.js';
import * as repo from './api-tokens.repository.js';
import { type ApiTokenRow } from './api-tokens.repository.js';

/**
 * API tokens of a company (decision 1008): created, listed and revoked by the company on its profile,
 * and resolved on every request that carries one (`authenticator`, handed to the session plugin).
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[0-9A-Za-z]{${API_TOKEN_BODY_LENGTH}}$`);
/** A token's last use is written at most this often (a write per request would double the writes of a busy client). */
export const TOUCH_INTERVAL_MS = 60_000;

/** 32 random bytes in base62, left-padded to a fixed length (62^43 > 2^256). */
function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)]! + out;
    n /= 62n;
  }
  return out.padStart(API_TOKEN_BODY_LENGTH, '0');
}

/** A new secret: `prm_` and 256 random bits. */
export const newSecret = () => `${API_TOKEN_PREFIX}${base62(randomBytes(32))}`;

/**
 * What is stored of a secret. SHA-256, not a password hash: the secret is 256 random bits, so nobody can
 * guess it from its hash, and a slow hash on every API request would only cost CPU.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a string has the shape of a token (the check before any query, and for tokens in URLs). */
export const looksLikeToken = (value: string) => TOKEN_SHAPE.test(value);

const scopesOf = (row: Pick<ApiTokenRow, 'scopes'>) => row.scopes.filter(isApiScope);

const present = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: scopesOf(row),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: row.lastUsedIp,
});

/**
 * How the change history shows a token (decision 1008): on the company's own record (`user`), the field
 * `apiAccess` going from nothing to the token when it is created and back when it is revoked. Its name
 * says which, its id tells two of the same name apart; the secret and its hash are never recorded.
 */
const historyValue = (row: ApiTokenRow) => `“${row.name}” #${row.id}: ${scopesOf(row).join(', ')}`;

const actorOf = (user: SessionUser): Actor => ({ id: user.id });

export async function list(db: Db, user: SessionUser): Promise<ApiToken[]> {
  return (await repo.listLive(db, user.id)).map(present);
}

export async function create(db: Db, user: SessionUser, input: z.output<typeof createApiTokenInput>): Promise<CreatedApiToken> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, user.id);
    if ((await repo.countLive(tx, user.id)) >= API_TOKENS_PER_COMPANY) {
      throw new HttpError(409, 'TOO_MANY_API_TOKENS', `A company may hold ${API_TOKENS_PER_COMPANY} API tokens at once.`, undefined, {
        max: API_TOKENS_PER_COMPANY,
      });
    }
    const row = await repo.insert(tx, {
      companyId: user.id,
      name: input.name,
      tokenHash: hashSecret(secret),
      prefix: secret.slice(0, API_TOKEN_VISIBLE_LENGTH),
      scopes: input.scopes,
      createdBy: user.id,
    });
    await changes.recordChange(tx, actorOf(user), 'user', user.id, 'update', { apiAccess: null }, { apiAccess: historyValue(row) });
    return { ...present(row), secret };
  });
}

/** Revokes a company's token: at once for every instance (nothing caches tokens); revoking it again changes nothing. */
export async function revoke(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findOwnedForUpdate(tx, id, user.id);
    // Another company's token answers as an unknown one: nobody learns it exists.
    if (!row) throw notFound('API token');
    if (row.revokedAt) return;
    await repo.revoke(tx, id, new Date());
    await changes.recordChange(tx, actorOf(user), 'user', user.id, 'update', { apiAccess: historyValue(row) }, { apiAccess: null });
  });
}

/**
 * The session plugin's resolver of `Authorization: Bearer prm_…`: the token's company as a session user
 * marked with the token, or null for an unknown or revoked token, an inactive company or an operator's
 * account. Looked up on every request; the last use is written at most once a minute.
 */
export function authenticator(db: Db): ApiTokenResolver {
  return async (secret, ip) => {
    if (!looksLikeToken(secret)) return null;
    const row = await repo.findLiveByHash(db, hashSecret(secret));
    if (!row || !row.active || row.category === 'admin') return null;
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) await repo.touch(db, row.id, now, ip, TOUCH_INTERVAL_MS);
    return {
      id: row.companyId,
      email: row.email,
      category: row.category,
      companyName: row.companyName,
      sessionId: `api-token:${row.id}`,
      apiToken: { id: row.id, name: row.name, scopes: scopesOf(row) },
    };
  };
}
