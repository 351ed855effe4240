import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, type IStompSocket } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/db/client.js';
import { testConfig } from '../../apps/server/test/build-app.js';
import { listenWs, liveApp, type LiveApp } from '../../apps/server/test/stomp-client.js';
// The browser's live client, driven here in Node against the real endpoint (only the WebSocket differs).
import { LiveConnection, stompUrl } from '../../apps/web/src/lib/stomp.js';

let server: LiveApp;
let app: FastifyInstance;
let database: Database;
let url: string;
let cookie: string;

beforeAll(async () => {
  server = await liveApp();
  ({ app, database, url, cookie } = server);
});
afterAll(() => server.close());

const live = () => new LiveConnection(() => new Client({ webSocketFactory: () => new WebSocket(url, { headers: { cookie } }) as unknown as IStompSocket }));

describe('web live client (apps/web/src/lib/stomp.ts)', () => {
  it('derives the endpoint from the page location', () => {
    expect(stompUrl({ protocol: 'https:', host: 'primeur.example:8443' })).toBe('wss://primeur.example:8443/ws');
    expect(stompUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });

  it('receives parsed offers, and after a dropped connection resubscribes and says so', async () => {
    const conn = live();
    const events: string[] = [];
    const payloads: unknown[] = [];
    const stop = conn.subscribe('/topic/offers/31', {
      onMessage: (p) => payloads.push(p),
      onSubscribed: (reconnected) => events.push(reconnected ? 'resubscribed' : 'subscribed'),
      onLost: () => events.push('lost'),
    });
    await expect.poll(() => events).toEqual(['subscribed']);
    await app.bus.publish('/topic/offers/31', JSON.stringify({ id: 1, amount: '1.10' }));
    await expect.poll(() => payloads).toEqual([{ id: 1, amount: '1.10' }]);

    // The server drops every socket (restart, proxy timeout): the client reconnects with back-off.
    for (const socket of app.websocketServer.clients) socket.terminate();
    await expect.poll(() => events, { timeout: 30_000 }).toEqual(['subscribed', 'lost', 'resubscribed']);
    await app.bus.publish('/topic/offers/31', JSON.stringify({ id: 2, amount: '1.20' }));
    await expect.poll(() => payloads).toHaveLength(2);

    stop();
    await expect.poll(() => app.topicHub.topicCount).toBe(0);
    await conn.stop();
  });

  it('after a graceful stop ("Server restarting"), reconnects to the instance that takes over and resubscribes', async () => {
    // An instance of its own on a fixed port: it is stopped as SIGTERM stops it, and a new one takes the port.
    const first = await buildApp({ config: testConfig(), database });
    const firstUrl = await listenWs(first);
    const port = Number(new URL(firstUrl).port);
    const conn = new LiveConnection(() => new Client({ webSocketFactory: () => new WebSocket(firstUrl, { headers: { cookie } }) as unknown as IStompSocket }));
    const events: string[] = [];
    const payloads: unknown[] = [];
    const stop = conn.subscribe('/topic/offers/34', {
      onMessage: (p) => payloads.push(p),
      onSubscribed: (reconnected) => events.push(reconnected ? 'resubscribed' : 'subscribed'),
      onLost: () => events.push('lost'),
    });
    await expect.poll(() => events).toEqual(['subscribed']);
    await first.close();
    await expect.poll(() => events).toEqual(['subscribed', 'lost']);
    const second = await buildApp({ config: testConfig(), database });
    try {
      await second.listen({ port, host: '127.0.0.1' });
      await expect.poll(() => events, { timeout: 30_000 }).toEqual(['subscribed', 'lost', 'resubscribed']);
      await second.bus.publish('/topic/offers/34', JSON.stringify({ id: 3 }));
      await expect.poll(() => payloads).toEqual([{ id: 3 }]);
      stop();
      await conn.stop();
    } finally {
      await second.close();
    }
  });

  it('shares one subscription between listeners and tells a late listener it is live', async () => {
    const conn = live();
    const a: unknown[] = [];
    const b: unknown[] = [];
    let lateLive = false;
    const stopA = conn.subscribe('/topic/offers/32', { onMessage: (p) => a.push(p) });
    let aLive = false;
    const stopA2 = conn.subscribe('/topic/offers/33', { onMessage: () => undefined, onSubscribed: () => (aLive = true) });
    await expect.poll(() => aLive).toBe(true);
    const stopB = conn.subscribe('/topic/offers/32', { onMessage: (p) => b.push(p), onSubscribed: () => (lateLive = true) });
    await expect.poll(() => lateLive).toBe(true);
    await app.bus.publish('/topic/offers/32', '{"id":5}');
    await expect.poll(() => [a.length, b.length]).toEqual([1, 1]);
    expect(app.topicHub.topicCount).toBe(2);
    stopA();
    stopB();
    stopA2();
    await conn.stop();
  });
});
