import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/factories.js';
import { createTestApp, type TestContext } from '../../test/build-app.js';
import type { AppConfig } from '../config/env.js';

/**
 * Forged X-Forwarded-For against each TRUST_PROXY form (decision 781). The per-account-and-address
 * sign-in limit shows which address the app took: five wrong passwords from one client lock that
 * address only, so a client able to choose its address would never be locked.
 */
const LIMIT = 5;
const PROXY = '10.1.2.3';
const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.20';

function suite(name: string, trustProxy: AppConfig['trustProxy'], via: { remoteAddress: string; forwardedFor: (forged: string, real: string) => string }) {
  describe(name, () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({
        trustProxy,
        loginLimits: { perAccountAddress: LIMIT, perIp: 1000, windowMs: 60_000, perAccount: 1000, accountWindowMs: 60_000 },
      });
    });
    afterAll(() => ctx.close());

    const signIn = (email: string, password: string, forged: string, real: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: via.remoteAddress === 'client' ? real : via.remoteAddress,
        headers: { 'x-forwarded-for': via.forwardedFor(forged, real) },
        payload: { email, password },
      });

    it('a client that writes a new X-Forwarded-For on every attempt is still locked at its own address', async () => {
      const user = await createUser(ctx.db, { password: 'Right-pass-1' });
      for (let i = 0; i < LIMIT; i++) expect((await signIn(user.email, `guess-${i}`, `6.6.6.${i}`, CLIENT)).statusCode).toBe(401);
      const locked = await signIn(user.email, 'guess-x', '6.6.6.99', CLIENT);
      expect(locked.statusCode).toBe(429);
      // Another real client (another address, as the trusted proxy reports it) is not locked.
      expect((await signIn(user.email, user.password, '6.6.6.1', OTHER_CLIENT)).statusCode).toBe(200);
    });
  });
}

// Behind one proxy: it appends the address it saw; whatever the client wrote stays on the left.
suite('TRUST_PROXY=1 (one hop)', 1, { remoteAddress: PROXY, forwardedFor: (forged, real) => `${forged}, ${real}` });
// Behind two proxies: the outer one appended the client, the inner one the outer proxy.
suite('TRUST_PROXY=2 (two hops)', 2, { remoteAddress: PROXY, forwardedFor: (forged, real) => `${forged}, ${real}, 10.1.2.4` });
// A list of proxy addresses: the right-most address that is not a trusted proxy is the client.
suite('TRUST_PROXY=10.0.0.0/8 (proxy range)', ['10.0.0.0/8'], { remoteAddress: PROXY, forwardedFor: (forged, real) => `${forged}, ${real}, 10.9.9.9` });
// The same list while the client reaches the app directly: its own header is not believed at all.
suite('TRUST_PROXY=10.0.0.0/8, client connecting directly', ['10.0.0.0/8'], { remoteAddress: 'client', forwardedFor: (forged) => `10.0.0.5, ${forged}` });
// No proxy trusted: the header is ignored, the socket's address counts.
suite('TRUST_PROXY=false', false, { remoteAddress: 'client', forwardedFor: (forged) => forged });
