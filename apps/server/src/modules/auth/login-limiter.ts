import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export interface LoginLimits {
  perEmail: number;
  perIp: number;
  windowMs: number;
}

/**
 * Counts failed sign-ins per email and per IP in the database, so every instance sees the same
 * counts. Only failures count: an office behind one IP is never locked out by its own successful
 * sign-ins, and a success clears its email's counter.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
  ) {}

  private keys(email: string, ip: string) {
    return { email: `email:${email}`, ip: `ip:${ip}` };
  }

  /** Seconds until the caller may try again, or 0 when allowed. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const k = this.keys(email, ip);
    const rows = await this.db.select().from(loginFailures).where(inArray(loginFailures.key, [k.email, k.ip]));
    const now = Date.now();
    let wait = 0;
    for (const r of rows) {
      const limit = r.key === k.email ? this.limits.perEmail : this.limits.perIp;
      const end = r.windowStart.getTime() + this.limits.windowMs;
      if (r.count >= limit && end > now) wait = Math.max(wait, Math.ceil((end - now) / 1000));
    }
    return wait;
  }

  async recordFailure(email: string, ip: string) {
    const k = this.keys(email, ip);
    const windowStart = new Date(Date.now() - this.limits.windowMs);
    for (const key of [k.email, k.ip]) {
      await this.db
        .insert(loginFailures)
        .values({ key, count: 1, windowStart: new Date() })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowStart} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
            windowStart: sql`case when ${loginFailures.windowStart} < ${windowStart.toISOString()}::timestamptz then now() else ${loginFailures.windowStart} end`,
          },
        });
    }
  }

  async clearEmail(email: string) {
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [this.keys(email, '').email]));
  }
}
