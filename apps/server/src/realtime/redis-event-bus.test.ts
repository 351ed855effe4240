import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { IMessage } from '@stomp/stompjs';
import { Redis } from 'ioredis';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { freshDatabase } from '../../test/database.js';
import { login, testConfig } from '../../test/build-app.js';
import { listenWs, stompClient } from '../../test/stomp-client.js';
import { BusSigner, encodeBusMessage, LIVE_CHANNEL, RedisEventBus } from './redis-event-bus.js';

/**
 * These tests need a real Redis (REDIS_URL), and the two-instance test also a real PostgreSQL
 * (TEST_DATABASE_URL) shared by both instances, as in production. .ci/run sets both; locally:
 *   REDIS_URL=redis://127.0.0.1:6379 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run src/realtime
 */
const REDIS_URL = process.env.REDIS_URL;
const PG_URL = process.env.TEST_DATABASE_URL;
if (!REDIS_URL) console.info('redis-event-bus.test: Redis tests skipped — REDIS_URL is not set');
else if (!PG_URL) console.info('redis-event-bus.test: two-instance test skipped — TEST_DATABASE_URL is not set');

/** A prefix per test run, so concurrent runs on one Redis never see each other's messages. */
const prefix = () => `primeur-test-${randomBytes(4).toString('hex')}:`;

/** Cuts one named connection from the Redis side, as a network failure or a Redis restart would. */
async function killConnection(name: string) {
  const probe = new Redis(REDIS_URL!);
  try {
    const list = (await probe.client('LIST')) as string;
    const line = list.split('\n').find((l) => l.includes(` name=${name} `));
    if (!line) throw new Error(`no Redis client named ${name}`);
    await probe.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);
  } finally {
    probe.disconnect();
  }
}

describe.runIf(REDIS_URL)('Redis event bus', () => {
  it('delivers a message published on one bus to the subscribers of another', async () => {
    const channelPrefix = prefix();
    const a = await RedisEventBus.connect(REDIS_URL!, { channelPrefix });
    const b = await RedisEventBus.connect(REDIS_URL!, { channelPrefix });
    try {
      const got: string[] = [];
      await b.subscribe('/topic/offers/1', (m) => got.push(m));
      await a.publish('/topic/offers/1', 'one');
      await a.publish('/topic/offers/2', 'other topic');
      await a.publish('/topic/offers/1', 'two');
      await expect.poll(() => got).toEqual(['one', 'two']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('with a secret, delivers signed messages and drops forged, unsigned or replayed ones', async () => {
    const channelPrefix = prefix();
    const secret = 'bus-secret-for-tests-0123';
    const a = await RedisEventBus.connect(REDIS_URL!, { channelPrefix, secret });
    const b = await RedisEventBus.connect(REDIS_URL!, { channelPrefix, secret });
    const attacker = new Redis(REDIS_URL!);
    try {
      const got: string[] = [];
      await b.subscribe('/topic/x', (m) => got.push(m));
      const channel = `${channelPrefix}${LIVE_CHANNEL}`;
      const msg = (payload: string) => encodeBusMessage('/topic/x', payload);
      await attacker.publish(channel, msg('{"forged":true}'));
      await attacker.publish(channel, `${'0'.repeat(64)}.${Date.now()}.${msg('{"forged":2}')}`);
      await attacker.publish(channel, new BusSigner('another-secret-0123456').sign(channel, msg('{"forged":3}')));
      // A genuine message recorded two minutes ago and replayed now.
      await attacker.publish(channel, new BusSigner(secret).sign(channel, msg('{"replayed":true}'), Date.now() - 120_000));
      // A genuine signature over another topic's message cannot be moved to this topic: the topic is signed.
      const signed = new BusSigner(secret).sign(channel, encodeBusMessage('/topic/y', '{"moved":true}'));
      await attacker.publish(channel, signed.replace('/topic/y', '/topic/x'));
      await a.publish('/topic/x', '{"genuine":true}');
      await expect.poll(() => got).toEqual(['{"genuine":true}']);
      expect(b.forgedCount).toBe(5);
    } finally {
      attacker.disconnect();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('after its connection is cut, subscribes again and reports the gap', async () => {
    const channelPrefix = prefix();
    const name = `t-${randomBytes(3).toString('hex')}`;
    const a = await RedisEventBus.connect(REDIS_URL!, { channelPrefix });
    const b = await RedisEventBus.connect(REDIS_URL!, { channelPrefix, connectionName: name });
    try {
      const got: string[] = [];
      let gaps = 0;
      b.onGap(() => gaps++);
      await b.subscribe('/topic/offers/4', (m) => got.push(m));
      await killConnection(`${name}:sub`);
      await expect.poll(() => gaps, { timeout: 30_000 }).toBe(1);
      await a.publish('/topic/offers/4', 'after the gap');
      await expect.poll(() => got).toEqual(['after the gap']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('closes the live sockets of an instance whose Redis subscription was cut, so that clients resync', async () => {
    const name = `t-${randomBytes(3).toString('hex')}`;
    const bus = await RedisEventBus.connect(REDIS_URL!, { channelPrefix: prefix(), connectionName: name });
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, bus });
    try {
      const url = await listenWs(app);
      const user = await createUser(database.db, { category: 'client' });
      const s = stompClient(url, await login(app, user.email, user.password));
      await s.connected;
      const subscribed = new Promise<void>((r) => s.client.watchForReceipt('ready', () => r()));
      s.client.subscribe('/topic/offers/8', () => undefined, { receipt: 'ready' });
      await subscribed;
      await killConnection(`${name}:sub`);
      // 1012 "service restart": the server closed it on purpose, so the client reconnects and refetches.
      expect(await s.closed).toBe(1012);
      await s.stop();
    } finally {
      await app.close();
      await bus.close();
      await database.close();
    }
  });

  it('never fails a publish (it runs after a commit): Redis errors go to onError', async () => {
    const errors: Error[] = [];
    const bus = await RedisEventBus.connect(REDIS_URL!, { channelPrefix: prefix(), onError: (e) => errors.push(e) });
    await bus.close();
    await expect(bus.publish('/topic/offers/1', '{}')).resolves.toBeUndefined();
    expect(errors.length).toBeGreaterThan(0);
  });

  it('holds one Redis subscription per instance, whatever the topics watched', async () => {
    const channelPrefix = prefix();
    const bus = await RedisEventBus.connect(REDIS_URL!, { channelPrefix });
    const probe = new Redis(REDIS_URL!);
    const numsub = async (channel: string) => Number(((await probe.pubsub('NUMSUB', channel)) as [string, number])[1]);
    try {
      const got: string[] = [];
      const offs = await Promise.all([1, 2, 3, 3].map((n) => bus.subscribe(`/topic/offers/${n}`, (m) => got.push(`${n}:${m}`))));
      expect(await numsub(`${channelPrefix}${LIVE_CHANNEL}`)).toBe(1);
      expect(await numsub(`${channelPrefix}/topic/offers/1`)).toBe(0);
      expect(bus.topicCount).toBe(3);
      await bus.publish('/topic/offers/3', 'x');
      await expect.poll(() => got).toEqual(['3:x', '3:x']);
      for (const off of offs) await off();
      expect(bus.topicCount).toBe(0);
      expect(await numsub(`${channelPrefix}${LIVE_CHANNEL}`)).toBe(1);
    } finally {
      probe.disconnect();
      await bus.close();
    }
  });
});

describe.runIf(REDIS_URL && PG_URL)('two server instances on one PostgreSQL and one Redis', () => {
  let dbA: Database;
  let dbB: Database;
  const apps: FastifyInstance[] = [];
  const buses: RedisEventBus[] = [];
  let urls: string[];
  let cookie: string;

  beforeAll(async () => {
    const channelPrefix = prefix();
    dbA = await freshDatabase();
    // Instance B has its own pool on the same database, as a second process would.
    dbB = await openDatabase({ databaseUrl: dbA.pool!.options.connectionString!, poolSize: 5 });
    urls = [];
    for (const database of [dbA, dbB]) {
      const bus = await RedisEventBus.connect(REDIS_URL!, { channelPrefix });
      const app = await buildApp({ config: testConfig(), database, bus });
      buses.push(bus);
      apps.push(app);
      urls.push(await listenWs(app));
    }
    const user = await createUser(dbA.db, { category: 'client' });
    // Signed in on instance A; the session lives in PostgreSQL, so instance B accepts it.
    cookie = await login(apps[0]!, user.email, user.password);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    await dbB?.close();
    await dbA?.close();
  });

  it('delivers an offer published on instance A to a STOMP subscriber on instance B', async () => {
    const s = stompClient(urls[1]!, cookie);
    await s.connected;
    const received: IMessage[] = [];
    const subscribed = new Promise<void>((r) => s.client.watchForReceipt('ready', () => r()));
    s.client.subscribe('/topic/offers/77', (m) => received.push(m), { receipt: 'ready' });
    await subscribed;

    const offer = { id: 1, date: new Date().toISOString(), amount: '2.10', user: { companyName: 'Primeurs de Loire' } };
    await apps[0]!.bus.publish('/topic/offers/77', JSON.stringify(offer));
    await expect.poll(() => received.length).toBe(1);
    expect(JSON.parse(received[0]!.body)).toEqual(offer);
    expect(received[0]!.headers.destination).toBe('/topic/offers/77');
    await s.stop();
  });
});
