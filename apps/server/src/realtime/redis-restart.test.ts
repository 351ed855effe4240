import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, type IStompSocket } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { createAuction } from '../db/factories/listings.js';
import { freshDatabase } from '../../test/database.js';
import { login, testConfig } from '../../test/build-app.js';
import { listenWs } from '../../test/stomp-client.js';
import { freePort } from '../../test/server-process.js';
import { RedisEventBus } from './redis-event-bus.js';
// The browser's live client, driven in Node against the real endpoint (as web-live-client.test.ts).
import { LiveConnection } from '../../../web/src/lib/stomp.js';

/**
 * A Redis restart under two instances: this test starts its own redis-server (a free port, nothing
 * saved), two app instances use it as their bus, the browser's live client watches a lot on each;
 * the redis-server is killed and started again. The buses reconnect by themselves, each instance
 * closes its live sockets once it is subscribed again (the gap: pub/sub kept nothing meanwhile), and
 * the watchers reconnect, resubscribe and refetch — catching up with what happened during the
 * outage. On PGlite by default (both instances share the embedded database), on PostgreSQL with
 * TEST_DATABASE_URL. Skipped when redis-server is not installed.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.info('redis-restart.test: skipped — redis-server is not installed');

function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
    stdio: 'ignore',
  });
}

function untilListening(port: number) {
  return vi.waitFor(
    async () => {
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (!ok) throw new Error(`redis-server on ${port} is not listening yet`);
    },
    { timeout: 30_000, interval: 25 },
  );
}

describe.runIf(hasRedisServer)('Redis killed and restarted under two instances', () => {
  let redisPort: number;
  let redis: ChildProcess;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const buses: RedisEventBus[] = [];
  const urls: string[] = [];
  let cookie: string;
  let bidderCookies: string[];
  let productId: number;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = startRedis(redisPort);
    await untilListening(redisPort);
    const first = await freshDatabase();
    databases.push(first);
    // On PostgreSQL each instance has its own pool, as two processes would; PGlite is one per process.
    const second = first.pool ? await openDatabase({ databaseUrl: (first.pool.options as { connectionString: string }).connectionString, poolSize: 5 }) : first;
    const options = { channelPrefix: `primeur-redis-restart-${randomBytes(4).toString('hex')}:`, secret: 'redis-restart-test-secret' };
    for (const database of [first, second]) {
      const bus = await RedisEventBus.connect(`redis://127.0.0.1:${redisPort}`, options);
      const app = await buildApp({ config: testConfig(), database, bus });
      buses.push(bus);
      apps.push(app);
      urls.push(await listenWs(app));
    }
    if (second !== first) databases.push(second);
    const seller = await createUser(first.db, { category: 'supplier' });
    productId = (await createAuction(first.db, { supplierId: seller.id, price: 1 })).id;
    const watcher = await createUser(first.db, { category: 'client' });
    cookie = await login(apps[0]!, watcher.email, watcher.password);
    bidderCookies = [];
    for (let i = 0; i < 2; i++) {
      const bidder = await createUser(first.db, { category: 'client' });
      bidderCookies.push(await login(apps[0]!, bidder.email, bidder.password));
    }
  }, 120_000);

  afterAll(async () => {
    // A stop while Redis is down must not hang either (a failed test may leave it down).
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    for (const d of databases) await d.close();
    redis?.kill('SIGKILL');
  });

  it('the buses reconnect, live sockets resync, and the watchers on both instances catch up', async () => {
    const topic = `/topic/offers/${productId}`;
    const offerIds = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: `/api/users/auction/offers/${productId}`, headers: { cookie } })).json<Array<{ id: number }>>().map((o) => o.id);
    let bids = 0;
    const bid = async (amount: number) => {
      const res = await apps[0]!.inject({
        method: 'POST',
        url: `/api/users/auction/offers/add/${productId}`,
        headers: { cookie: bidderCookies[bids++ % 2]! },
        payload: { amount },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number }>().id;
    };

    /** One watcher per instance: the web client, refetching (and merging) whenever it resubscribes. */
    const watchers = apps.map((app, i) => {
      const w = { events: [] as string[], seen: new Set<number>(), bus: [] as string[], caughtUpAt: 0 };
      const conn = new LiveConnection(
        () => new Client({ webSocketFactory: () => new WebSocket(urls[i]!, { headers: { cookie } }) as unknown as IStompSocket }),
      );
      const stop = conn.subscribe(topic, {
        onMessage: (p) => {
          const m = p as { id?: number; probe?: string };
          if (typeof m.id === 'number') w.seen.add(m.id);
          if (m.probe) w.bus.push(m.probe);
        },
        onSubscribed: (reconnected) => {
          w.events.push(reconnected ? 'resubscribed' : 'subscribed');
          if (reconnected) {
            void offerIds(app).then((ids) => {
              for (const id of ids) w.seen.add(id);
              w.caughtUpAt = performance.now();
            });
          }
        },
        onLost: () => w.events.push('lost'),
      });
      return { w, conn, stop };
    });
    // Connecting, subscribing and the bus's answer take seconds on a loaded CI machine, not the poll's 1 s default.
    await expect.poll(() => watchers.map(({ w }) => w.events.join()), { timeout: 15_000 }).toEqual(['subscribed', 'subscribed']);

    // Before: a bus message from A reaches the watchers of both instances.
    await apps[0]!.bus.publish(topic, JSON.stringify({ probe: 'before' }));
    await expect.poll(() => watchers.map(({ w }) => w.bus.join()), { timeout: 15_000 }).toEqual(['before', 'before']);
    const first = await bid(1.5);

    // Redis dies. The readiness check says so; bids go on (offers travel through the database).
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    await expect.poll(async () => (await apps[1]!.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, { timeout: 30_000 }).toBe(503);
    const during = await bid(1.6);
    await apps[0]!.bus.publish(topic, JSON.stringify({ probe: 'lost' })); // pub/sub keeps nothing: never delivered

    const restartedAt = performance.now();
    redis = startRedis(redisPort);
    await untilListening(redisPort);
    // Each instance closes its sockets once its subscription is back; the web client comes back.
    await expect
      .poll(() => watchers.map(({ w }) => w.events.join()), { timeout: 15_000 })
      .toEqual(['subscribed,lost,resubscribed', 'subscribed,lost,resubscribed']);
    await expect.poll(() => watchers.every(({ w }) => w.caughtUpAt > 0), { timeout: 30_000 }).toBe(true);
    const caughtUpMs = Math.max(...watchers.map(({ w }) => w.caughtUpAt)) - restartedAt;

    // After: the bus carries messages between the instances again, and the ready check is green.
    const probeAt = performance.now();
    await apps[1]!.bus.publish(topic, JSON.stringify({ probe: 'after' }));
    await expect.poll(() => watchers.map(({ w }) => w.bus.join()), { timeout: 15_000 }).toEqual(['before,after', 'before,after']);
    const busMs = performance.now() - probeAt;
    expect((await apps[0]!.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const after = await bid(1.7);
    await expect.poll(() => watchers.every(({ w }) => [first, during, after].every((id) => w.seen.has(id))), { timeout: 15_000 }).toBe(true);

    console.info(
      `redis-restart: watchers on both instances reconnected and caught up ${Math.round(caughtUpMs)} ms after redis-server restarted ` +
        `(the web client's back-off included); a bus message then crossed instances in ${Math.round(busMs)} ms`,
    );
    for (const { stop, conn } of watchers) {
      stop();
      await conn.stop();
    }
  }, 60_000);
});
