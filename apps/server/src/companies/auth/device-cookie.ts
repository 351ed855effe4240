import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'primeur_device';
/** Accounts remembered per browser (a shared office computer signs in to a few). */
const MAX_ACCOUNTS = 5;
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * OWASP's device cookie (decision 780): a browser that signed in to an account before proves it at
 * the next sign-in, and failures from elsewhere cannot lock it out. A token is
 * `issuedAt.nonce.HMAC(secret, email, issuedAt, nonce)`; the account is bound by the HMAC, not
 * written in the cookie, so the cookie tells nobody which accounts were used on the computer. The
 * nonce names the device: its own failures are counted under it.
 */
export class DeviceCookies {
  constructor(
    private readonly secret: Buffer | string,
    readonly maxAgeMs: number,
  ) {}

  private sign(email: string, issuedAt: string, nonce: string) {
    return createHmac('sha256', this.secret).update(`primeur-device\n${email}\n${issuedAt}\n${nonce}`).digest();
  }

  private tokens(cookie: string | undefined) {
    if (!cookie || cookie.length > 1024) return [];
    return cookie
      .split('~')
      .slice(0, MAX_ACCOUNTS)
      .map((t) => TOKEN.exec(t))
      .filter((m): m is RegExpExecArray => m !== null);
  }

  private valid(m: RegExpExecArray, email: string, now: number) {
    const [, issuedAt, nonce, sig] = m as unknown as [string, string, string, string];
    if (Number(issuedAt) * 1000 + this.maxAgeMs < now || Number(issuedAt) * 1000 > now + 60_000) return false;
    // Both digests are 32 bytes: the comparison takes the same time whatever matched.
    return timingSafeEqual(this.sign(email, issuedAt, nonce), Buffer.from(sig, 'base64url'));
  }

  /** The device id (nonce) of a valid, unexpired token for this account in the cookie; null otherwise. */
  deviceFor(cookie: string | undefined, email: string, now = Date.now()): string | null {
    for (const m of this.tokens(cookie)) if (this.valid(m, email, now)) return m[2]!;
    return null;
  }

  /**
   * The cookie after a successful sign-in: a fresh token for this account first (the device keeps
   * its nonce, so its failure count follows it), then the other accounts' tokens that still hold.
   */
  issue(cookie: string | undefined, email: string, now = Date.now()): string {
    const device = this.deviceFor(cookie, email, now) ?? randomBytes(16).toString('base64url');
    const issuedAt = String(Math.floor(now / 1000));
    const fresh = `${issuedAt}.${device}.${this.sign(email, issuedAt, device).toString('base64url')}`;
    const others = this.tokens(cookie)
      .filter((m) => m[2] !== device && Number(m[1]) * 1000 + this.maxAgeMs >= now)
      .map((m) => m[0]);
    return [fresh, ...others].slice(0, MAX_ACCOUNTS).join('~');
  }
}
