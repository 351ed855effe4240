import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser } from '../../db/factories.js';
import { outbox } from '../../db/schema/index.js';
import { createTestApp, settle, type TestContext } from '../../../test/build-app.js';
import { DEVICE_COOKIE } from './device-cookie.js';

let ctx: TestContext;
const LIMIT = 5;

beforeAll(async () => {
  ctx = await createTestApp({
    loginLimits: { perAccountAddress: LIMIT, perIp: 1000, windowMs: 60_000, perAccount: 30, accountWindowMs: 120_000 },
  });
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string, ip: string, device?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: ip,
    payload: { email, password },
    ...(device !== undefined ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });

/** The device cookie a successful sign-in gave this browser. */
async function deviceOf(email: string, password: string, ip: string) {
  const res = await signIn(email, password, ip);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toMatchObject({ path: '/auth', httpOnly: true, sameSite: 'Strict' });
  expect(cookie!.maxAge).toBeGreaterThan(90 * 86_400);
  return cookie!.value;
}

/** A rival with many addresses: more wrong passwords than the account-wide limit, one per address. */
async function rivalLocksOut(email: string, prefix: string) {
  for (let i = 0; i < 31; i++) await signIn(email, `rival-${i}`, `${prefix}.${i}`);
  return signIn(email, 'rival-again', `${prefix}.200`);
}

describe('sign-in limits', () => {
  it('checks at most the limit of 100 parallel wrong passwords', async () => {
    const user = await createUser(ctx.db, { email: 'parallel@example.test', password: 'Right-pass-1' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(user.email, 'wrong-guess', '10.9.0.1')));
    const checked = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    console.log(`sign-in: 100 parallel wrong passwords, ${checked} checked against the hash (limit ${LIMIT}), ${refused} refused with 429`);
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(checked + refused).toBe(100);
    const r = answers.find((a) => a.statusCode === 429)!;
    expect(r.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner sign in from another address while an attacker is locked out', async () => {
    const user = await createUser(ctx.db, { email: 'owner@example.test', password: 'Right-pass-1' });
    for (let i = 0; i < LIMIT; i++) expect((await signIn(user.email, `guess-${i}`, '10.8.0.66')).statusCode).toBe(401);
    // The attacker is locked out, even with the right password.
    expect((await signIn(user.email, 'another-guess', '10.8.0.66')).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, '10.8.0.66')).statusCode).toBe(429);
    // The attacker keeps trying while locked out; none of it counts against the owner.
    for (let i = 0; i < 40; i++) await signIn(user.email, 'x', '10.8.0.66');
    const owner = await signIn(user.email, user.password, '192.0.2.10');
    expect(owner.statusCode).toBe(200);
  });

  it('e-mails the owner once, in the account language, after repeated failures', async () => {
    const user = await createUser(ctx.db, { email: 'warned@example.test', password: 'Right-pass-1', country: 'DE' });
    for (let i = 0; i < LIMIT + 3; i++) await signIn(user.email, `guess-${i}`, `10.7.0.${i}`);
    // The warning is sent after the answer (its timing must not tell whether the account exists).
    const rows = await vi.waitFor(
      async () => {
        const found = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
        expect(found.length).toBeGreaterThan(0);
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.language).toBe('de');
    expect(rows[0]!.subject).toContain('Anmeldeversuche');
    // Queued with its mail.queued event: the mail-delivery processor sends it (here: keeps it in the outbox).
    await settle(ctx);
    const [sent] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    expect(sent).toMatchObject({ id: rows[0]!.id, status: 'outbox' });
  });

  it('sends no e-mail for an address that has no account', async () => {
    for (let i = 0; i < LIMIT + 1; i++) await signIn('nobody@example.test', 'guess', `10.6.0.${i}`);
    // eslint-disable-next-line no-restricted-syntax -- real clock: a mail that is never sent can only be missed over time (the warning is sent after the answer).
    await new Promise((r) => setTimeout(r, 200));
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'nobody@example.test'))).toHaveLength(0);
  });

  describe('browsers that signed in before (device cookie)', () => {
    it('are not locked out by a rival failing from many addresses', async () => {
      const user = await createUser(ctx.db, { email: 'trader@example.test', password: 'Right-pass-1' });
      const device = await deviceOf(user.email, user.password, '192.0.2.50');
      const rival = await rivalLocksOut(user.email, '10.20.0');
      expect(rival.statusCode).toBe(429);
      // The owner's browser, from its usual address or another one, signs in.
      const owner = await signIn(user.email, user.password, '192.0.2.51', device);
      expect(owner.statusCode).toBe(200);
      expect(owner.cookies.some((c) => c.name === 'primeur_sid')).toBe(true);
      // A browser that never signed in is still held by the account-wide limit.
      expect((await signIn(user.email, user.password, '192.0.2.52')).statusCode).toBe(429);
    });

    it("give no exemption with a forged cookie, another account's cookie or an expired one", async () => {
      const user = await createUser(ctx.db, { email: 'target@example.test', password: 'Right-pass-1' });
      const other = await createUser(ctx.db, { email: 'rival-account@example.test', password: 'Right-pass-2' });
      const othersDevice = await deviceOf(other.email, other.password, '10.30.0.1');
      const own = await deviceOf(user.email, user.password, '192.0.2.60');
      expect((await rivalLocksOut(user.email, '10.30.1')).statusCode).toBe(429);
      const [issuedAt, nonce, sig] = own.split('.') as [string, string, string];
      const forged = [
        othersDevice,
        `${issuedAt}.${nonce}.${'A'.repeat(43)}`,
        `${Number(issuedAt) + 1}.${nonce}.${sig}`,
        `${issuedAt}.${'B'.repeat(22)}.${sig}`,
        `${Math.floor(Date.now() / 1000) - 400 * 86_400}.${nonce}.${sig}`,
        'garbage',
        `${'x'.repeat(5000)}`,
      ];
      for (const cookie of forged) expect((await signIn(user.email, user.password, '10.30.2.1', cookie)).statusCode, cookie.slice(0, 60)).toBe(429);
      expect((await signIn(user.email, user.password, '10.30.2.1', own)).statusCode).toBe(200);
    });

    it('count their own failures against the device only', async () => {
      const user = await createUser(ctx.db, { email: 'typo@example.test', password: 'Right-pass-1' });
      const device = await deviceOf(user.email, user.password, '192.0.2.70');
      for (let i = 0; i < LIMIT; i++) expect((await signIn(user.email, `typo-${i}`, '192.0.2.70', device)).statusCode).toBe(401);
      // That device waits, whatever the password and the address ...
      expect((await signIn(user.email, user.password, '192.0.2.71', device)).statusCode).toBe(429);
      // ... but its failures did not count against the account or the address.
      expect((await signIn(user.email, user.password, '192.0.2.70')).statusCode).toBe(200);
    });

    it('keep the cookies of several accounts signed in on one shared computer', async () => {
      const a = await createUser(ctx.db, { email: 'desk-a@example.test', password: 'Right-pass-1' });
      const b = await createUser(ctx.db, { email: 'desk-b@example.test', password: 'Right-pass-1' });
      const first = await deviceOf(a.email, a.password, '192.0.2.80');
      const res = await signIn(b.email, b.password, '192.0.2.80', first);
      const both = res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
      expect((await rivalLocksOut(a.email, '10.40.0')).statusCode).toBe(429);
      expect((await rivalLocksOut(b.email, '10.40.1')).statusCode).toBe(429);
      expect((await signIn(a.email, a.password, '192.0.2.81', both)).statusCode).toBe(200);
      expect((await signIn(b.email, b.password, '192.0.2.81', both)).statusCode).toBe(200);
    });
  });
});
