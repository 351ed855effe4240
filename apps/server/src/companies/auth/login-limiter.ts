import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import type { LoginLimits } from '../../config/env.js';

export type { LoginLimits };

export type Verdict =
  { allowed: true; accountCount: number } | { allowed: false; retryAfter: number; key: 'account-address' | 'address' | 'account' | 'device' };

/**
 * Sign-in attempts counted in the database, so every instance sees the same counts (decision 501).
 * An attempt is counted BEFORE its password is checked, by one atomic upsert per key: of N parallel
 * guesses, at most the limit get a count within it, so at most the limit reach the hash check. The
 * keys are taken in order (account + address, address, account) and a refused attempt stops at the
 * key that refused it, so an attacker locked out at its own address does not use up the account's
 * global budget, and the owner keeps signing in from elsewhere. A success gives its attempt back.
 * A browser with a valid device cookie for the account is counted under its device alone (decision 780).
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    readonly limits: LoginLimits,
  ) {}

  private keys(email: string, ip: string, device: string | null) {
    // A browser that proved an earlier sign-in to this account (decision 780) answers for its own
    // failures only: what other addresses do to the account or to a shared address cannot lock it.
    if (device) return [{ name: 'device' as const, key: `device:${device}`, limit: this.limits.perAccountAddress, windowMs: this.limits.windowMs }];
    return [
      { name: 'account-address' as const, key: `acct-ip:${email}|${ip}`, limit: this.limits.perAccountAddress, windowMs: this.limits.windowMs },
      { name: 'address' as const, key: `ip:${ip}`, limit: this.limits.perIp, windowMs: this.limits.windowMs },
      { name: 'account' as const, key: `acct:${email}`, limit: this.limits.perAccount, windowMs: this.limits.accountWindowMs },
    ];
  }

  /** Counts one attempt on `key` (a new window when the last one is over) and answers the new count. */
  private async count(key: string, windowMs: number) {
    const expired = sql`${loginFailures.windowStart} < now() - ${windowMs} * interval '1 millisecond'`;
    const [row] = await this.db
      .insert(loginFailures)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`,
        },
      })
      .returning({ count: loginFailures.count, windowStart: loginFailures.windowStart });
    return row!;
  }

  /** Counts the attempt; refuses it (with the seconds to wait) when a key is past its limit. */
  async attempt(email: string, ip: string, device: string | null = null): Promise<Verdict> {
    let accountCount = 0;
    for (const k of this.keys(email, ip, device)) {
      const { count, windowStart } = await this.count(k.key, k.windowMs);
      if (count > k.limit) {
        const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + k.windowMs - Date.now()) / 1000));
        return { allowed: false, retryAfter, key: k.name };
      }
      if (k.name === 'account') accountCount = count;
    }
    return { allowed: true, accountCount };
  }

  /** The right password: this address starts afresh on the account; the other keys get this attempt back. */
  async succeeded(email: string, ip: string, device: string | null = null) {
    if (device) {
      await this.db.delete(loginFailures).where(eq(loginFailures.key, `device:${device}`));
      return;
    }
    const [accountAddress, address, account] = this.keys(email, ip, null);
    await this.db.delete(loginFailures).where(eq(loginFailures.key, accountAddress!.key));
    for (const k of [address!, account!]) {
      await this.db
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(eq(loginFailures.key, k.key));
    }
  }
}
