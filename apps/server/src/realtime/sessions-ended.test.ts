import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { freshDatabase } from '../../test/database.js';
import { login, testConfig } from '../../test/build-app.js';
import { listenWs, rawStomp, frame } from '../../test/stomp-client.js';
import { RedisEventBus } from './redis-event-bus.js';

/**
 * Sign-out, password change and deactivation close the user's live sockets on every instance through
 * the bus (decision 523), not at the 5-minute recheck. Two instances on one PostgreSQL and one Redis
 * (REDIS_URL + TEST_DATABASE_URL), as in production. How fast they close is a benchmark's figure
 * (`npm run bench:resilience`, goal ≤ 1 s); the test asserts that they close: within its 30 s
 * timeout, far below the recheck, so through the bus, whatever the machine's load.
 */
const REDIS_URL = process.env.REDIS_URL;
const PG_URL = process.env.TEST_DATABASE_URL;
if (!REDIS_URL || !PG_URL) console.info('sessions-ended.test: skipped — needs REDIS_URL and TEST_DATABASE_URL');

describe.runIf(REDIS_URL && PG_URL)('ended sessions close live sockets on both instances', () => {
  let dbA: Database;
  let dbB: Database;
  const apps: FastifyInstance[] = [];
  const buses: RedisEventBus[] = [];
  let urls: string[];

  beforeAll(async () => {
    const channelPrefix = `primeur-resilience-${randomBytes(4).toString('hex')}:`;
    const secret = 'sessions-ended-test-secret';
    dbA = await freshDatabase();
    dbB = await openDatabase({ databaseUrl: dbA.pool!.options.connectionString!, poolSize: 5 });
    urls = [];
    for (const database of [dbA, dbB]) {
      const bus = await RedisEventBus.connect(REDIS_URL!, { channelPrefix, secret, publishTimeoutMs: 30_000 });
      const app = await buildApp({ config: testConfig(), database, bus });
      buses.push(bus);
      apps.push(app);
      urls.push(await listenWs(app));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    await dbB?.close();
    await dbA?.close();
  });

  /** A connected STOMP socket on each instance; resolves with the time each one was closed. */
  async function socketsOnBoth(cookie: string) {
    const socks = await Promise.all(urls.map((u) => rawStomp(u, { cookie })));
    for (const s of socks) {
      s.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost' }));
      await s.waitFor((t) => t.startsWith('CONNECTED'));
    }
    return socks;
  }

  async function closedWithin(socks: Awaited<ReturnType<typeof socketsOnBoth>>, started: number) {
    const times = await Promise.all(socks.map((s) => s.closed.then(() => performance.now() - started)));
    return times;
  }

  it('sign-out on instance A closes the session socket on A and B', async () => {
    const user = await createUser(dbA.db, { category: 'client' });
    const cookie = await login(apps[0]!, user.email, user.password);
    const socks = await socketsOnBoth(cookie);
    const started = performance.now();
    const res = await apps[0]!.inject({ method: 'GET', url: '/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const times = await closedWithin(socks, started);
    console.info(`sessions-ended: sign-out closed the sockets on A and B in ${times.map((t) => Math.round(t)).join(' and ')} ms`);
    expect(times).toHaveLength(2);
  });

  it('deactivation by an admin on instance B closes the user’s sockets on both instances', async () => {
    const user = await createUser(dbA.db, { category: 'client' });
    const admin = await createUser(dbA.db, { category: 'admin' });
    const cookie = await login(apps[0]!, user.email, user.password);
    const adminCookie = await login(apps[1]!, admin.email, admin.password);
    const socks = await socketsOnBoth(cookie);
    const started = performance.now();
    const res = await apps[1]!.inject({ method: 'PUT', url: `/api/admin/user/status/${user.id}`, headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedWithin(socks, started)).toHaveLength(2);
  });

  it('a password change closes the other sessions’ sockets on both instances and keeps the current one', async () => {
    const user = await createUser(dbA.db, { category: 'client', password: 'Password-123' });
    const here = await login(apps[0]!, user.email, 'Password-123');
    const elsewhere = await login(apps[1]!, user.email, 'Password-123');
    const others = await socketsOnBoth(elsewhere);
    const mine = await socketsOnBoth(here);
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { cookie: here },
      payload: { oldPassword: 'Password-123', newPassword: 'Quince-harbour-lantern-57' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Counted from the answer: the request itself checks and hashes passwords with a memory-hard
    // function (seconds on a loaded machine), which is not the sockets' closing.
    const started = performance.now();
    expect(await closedWithin(others, started)).toHaveLength(2);
    // eslint-disable-next-line no-restricted-syntax -- real clock: sockets that must stay open are watched for a while.
    await new Promise((r) => setTimeout(r, 300));
    for (const s of mine) expect(s.ws.readyState).toBe(s.ws.OPEN);
    for (const s of mine) s.ws.close();
  });
});
