import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser } from '../../db/factories.js';
import { outbox } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
const LIMIT = 5;

beforeAll(async () => {
  ctx = await createTestApp({
    loginLimits: { perAccountAddress: LIMIT, perIp: 1000, windowMs: 60_000, perAccount: 30, accountWindowMs: 120_000 },
  });
});
afterAll(() => ctx.close());

const signIn = (email: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: ip, payload: { email, password } });

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
      { timeout: 2_500, interval: 50 },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.language).toBe('de');
    expect(rows[0]!.subject).toContain('Anmeldeversuche');
  });

  it('sends no e-mail for an address that has no account', async () => {
    for (let i = 0; i < LIMIT + 1; i++) await signIn('nobody@example.test', 'guess', `10.6.0.${i}`);
    // eslint-disable-next-line no-restricted-syntax -- real clock: a mail that is never sent can only be missed over time (the warning is sent after the answer).
    await new Promise((r) => setTimeout(r, 200));
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'nobody@example.test'))).toHaveLength(0);
  });
});
