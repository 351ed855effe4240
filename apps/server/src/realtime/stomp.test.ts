import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import type { Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { createAuction } from '../db/factories/listings.js';
import { login } from '../../test/build-app.js';
import { frame, liveApp, rawStomp, stompClient, type LiveApp, type RawStomp } from '../../test/stomp-client.js';
import { LiveConnection } from '../../../web/src/lib/stomp.js';

let live: LiveApp;
let app: FastifyInstance;
let database: Database;
let url: string;
let cookie: string;

const offer = (id: number, amount = '1.25') => ({
  id,
  date: new Date().toISOString(),
  amount,
  user: { companyName: 'Verger du Sud' },
});

beforeAll(async () => {
  live = await liveApp(
    // Short intervals so heart-beats can be observed within a test.
    { heartbeatSendMs: 200, heartbeatReceiveMs: 200, maxSubscriptions: 3, maxFrameBytes: 4096, sessionRecheckMs: 150, maxFramesPer10s: 40 },
  );
  ({ app, database, url, cookie } = live);
});
afterAll(() => live.close());

describe('STOMP over WebSocket at /ws', () => {
  it('delivers an offer published on the bus to a subscriber, as a JSON MESSAGE', async () => {
    const s = stompClient(url, cookie);
    await s.connected;
    const received: IMessage[] = [];
    const subscribed = new Promise<void>((r) => s.client.watchForReceipt('sub-ok', () => r()));
    s.client.subscribe('/topic/offers/42', (m) => received.push(m), { receipt: 'sub-ok' });
    await subscribed;

    await app.bus.publish('/topic/offers/42', JSON.stringify(offer(7)));
    await app.bus.publish('/topic/offers/43', JSON.stringify(offer(8)));
    await app.bus.publish('/topic/offers/42', JSON.stringify(offer(9, '1.30')));
    await expect.poll(() => received.length).toBe(2);

    expect(received.map((m) => JSON.parse(m.body).id)).toEqual([7, 9]);
    expect(JSON.parse(received[1]!.body)).toMatchObject({ amount: '1.30', user: { companyName: 'Verger du Sud' } });
    const h = received[0]!.headers;
    expect(h.destination).toBe('/topic/offers/42');
    expect(h['content-type']).toBe('application/json');
    expect(h.subscription).toBeTruthy();
    expect(h['message-id']).toBeTruthy();
    expect(received[0]!.headers['message-id']).not.toBe(received[1]!.headers['message-id']);
    await s.stop();
  });

  it('refuses CONNECT without a session with an ERROR frame and closes', async () => {
    const s = stompClient(url);
    const err = await s.error;
    expect(err.headers.message).toMatch(/not signed in/i);
    await s.closed;
    expect(s.client.connected).toBe(false);
    await s.stop();
  });

  it('refuses CONNECT with an unknown or revoked session cookie', async () => {
    const s = stompClient(url, 'primeur_sid=forged-token');
    expect((await s.error).headers.message).toMatch(/not signed in/i);
    await s.stop();
  });

  it('answers a subscription to any other destination with an ERROR frame', async () => {
    for (const destination of ['/topic/bids/1', '/topic/offers/abc', '/topic/offers/1/x', '/queue/offers/1', '/topic/offers/0']) {
      const s = stompClient(url, cookie);
      await s.connected;
      s.client.subscribe(destination, () => undefined);
      const err = await s.error;
      expect(err.headers.message, destination).toMatch(/unknown destination/i);
      await s.closed;
      await s.stop();
    }
  });

  it("takes lot ids by the API's strict rule: 2147483647 is a topic, 2147483648 and 0042 are not", async () => {
    const ok = await rawStomp(url, { cookie });
    ok.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost' }));
    await ok.waitFor((t) => t.startsWith('CONNECTED\n'));
    ok.send(frame('SUBSCRIBE', { id: 'a', destination: '/topic/offers/2147483647', receipt: 'max' }));
    await ok.waitFor((t) => t.includes('receipt-id:max\n'));
    ok.ws.close();
    for (const destination of ['/topic/offers/2147483648', '/topic/offers/9999999999999999', '/topic/offers/0042']) {
      const s = stompClient(url, cookie);
      await s.connected;
      s.client.subscribe(destination, () => undefined);
      expect((await s.error).headers.message, destination).toMatch(/unknown destination/i);
      await s.stop();
    }
  });

  it("keeps a disabled lot's offers from everyone but its seller and the operator, answering as for an unknown lot", async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    const admin = await createUser(database.db, { category: 'admin' });
    const lot = await createAuction(database.db, { supplierId: seller.id, status: 'DISABLED' });
    const topic = `/topic/offers/${lot.id}`;
    const watchers = await Promise.all(
      [cookie, await login(app, seller.email, seller.password), await login(app, admin.email, admin.password)].map(async (c) => {
        const raw = await rawStomp(url, { cookie: c });
        raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost' }));
        await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
        // The buyer gets its RECEIPT like for any lot id: the answer does not tell the lot exists.
        raw.send(frame('SUBSCRIBE', { id: 'a', destination: topic, receipt: 'sub' }));
        await raw.waitFor((t) => t.includes('receipt-id:sub\n'));
        return raw;
      }),
    );
    const [buyerWs, sellerWs, adminWs] = watchers as [RawStomp, RawStomp, RawStomp];
    await app.bus.publish(topic, '{"id":1}');
    await sellerWs.waitFor((t) => t.startsWith('MESSAGE\n'));
    await adminWs.waitFor((t) => t.startsWith('MESSAGE\n'));
    // eslint-disable-next-line no-restricted-syntax -- real clock: a message that must not arrive can only be missed over time.
    await new Promise((r) => setTimeout(r, 100));
    expect(buyerWs.received.filter((t) => t.startsWith('MESSAGE\n'))).toHaveLength(0);
    expect(buyerWs.received.some((t) => t.startsWith('ERROR\n'))).toBe(false);
    // Unsubscribing the silent subscription works as for any other.
    buyerWs.send(frame('UNSUBSCRIBE', { id: 'a', receipt: 'unsub' }));
    await buyerWs.waitFor((t) => t.includes('receipt-id:unsub\n'));
    for (const w of watchers) w.ws.close();
  });

  it('refuses SEND: the topics are read-only', async () => {
    const s = stompClient(url, cookie);
    await s.connected;
    s.client.publish({ destination: '/topic/offers/42', body: '{"id":1}' });
    expect((await s.error).headers.message).toMatch(/read-only/i);
    await s.stop();
  });

  it('sends a RECEIPT for SUBSCRIBE and UNSUBSCRIBE, and stops delivery after UNSUBSCRIBE', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost', receipt: 'c-1' }));
    await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
    await raw.waitFor((t) => t.startsWith('RECEIPT\n') && t.includes('receipt-id:c-1\n'));
    raw.send(frame('SUBSCRIBE', { id: 'a', destination: '/topic/offers/5', receipt: 'r-1' }));
    await raw.waitFor((t) => t.includes('receipt-id:r-1\n'));
    await app.bus.publish('/topic/offers/5', '{"id":1}');
    const msg = await raw.waitFor((t) => t.startsWith('MESSAGE\n'));
    expect(msg).toContain('subscription:a\n');
    expect(msg.endsWith('\n\n{"id":1}\0')).toBe(true);

    raw.send(frame('UNSUBSCRIBE', { id: 'a', receipt: 'r-2' }));
    await raw.waitFor((t) => t.includes('receipt-id:r-2\n'));
    expect(app.topicHub.topicCount).toBe(0);
    await app.bus.publish('/topic/offers/5', '{"id":2}');
    // eslint-disable-next-line no-restricted-syntax -- real clock: a message that must not arrive can only be missed over time.
    await new Promise((r) => setTimeout(r, 100));
    expect(raw.received.filter((t) => t.startsWith('MESSAGE\n'))).toHaveLength(1);
    raw.ws.close();
  });

  it('answers DISCONNECT with its RECEIPT and closes the connection', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('STOMP', { 'accept-version': '1.1,1.2', host: 'localhost' }));
    await raw.waitFor((t) => t.startsWith('CONNECTED\n') && t.includes('version:1.2\n'));
    raw.send(frame('DISCONNECT', { receipt: 'bye-7' }));
    await raw.waitFor((t) => t.startsWith('RECEIPT\n') && t.includes('receipt-id:bye-7\n'));
    expect(await raw.closed).toBe(1000);
  });

  it('negotiates heart-beats and sends them at the negotiated interval', async () => {
    // Client can send every 100 ms and wants one every 300 ms; the server offers 200,200.
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h', 'heart-beat': '100,300' }));
    const connected = await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
    expect(connected).toContain('heart-beat:200,200\n');
    const ping = setInterval(() => raw.ws.send('\n'), 100);
    // eslint-disable-next-line no-restricted-syntax -- real clock: heart-beats are counted over a real interval.
    await new Promise((r) => setTimeout(r, 1500));
    clearInterval(ping);
    // Server→client interval is max(200, 300) = 300 ms: at most 5 beats in 1.5 s (200 ms would give 7;
    // a loaded machine only delays timers, so fewer is possible but never more).
    const beats = raw.received.filter((t) => t === '\n').length;
    expect(beats).toBeGreaterThanOrEqual(2);
    expect(beats).toBeLessThanOrEqual(5);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.ws.close();
  });

  it('drops a client that promised heart-beats and went silent', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h', 'heart-beat': '100,0' }));
    await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
    const started = Date.now();
    await raw.closed;
    // Client→server interval max(100, 200) = 200 ms; dropped after three missed intervals. Without the
    // check the socket would stay open and the test end at its timeout; the delay is a benchmark's.
    expect(raw.ws.readyState).toBe(WebSocket.CLOSED);
    console.info(`stomp: a silent client dropped after ${Date.now() - started} ms`);
  });

  it('keeps a real @stomp/stompjs client with heart-beats connected', async () => {
    // Tolerance 5× so that a loaded CI machine's timer delays do not read as a dead server.
    const s = stompClient(url, cookie, { heartbeatIncoming: 100, heartbeatOutgoing: 100, heartbeatToleranceMultiplier: 5 });
    const connected = await s.connected;
    expect(connected.headers['heart-beat']).toBe('200,200');
    let closed = false;
    void s.closed.then(() => (closed = true));
    // eslint-disable-next-line no-restricted-syntax -- real clock: heart-beats are counted over a real interval.
    await new Promise((r) => setTimeout(r, 1500));
    expect(closed).toBe(false);
    await s.stop();
  });

  it('refuses a client that only speaks STOMP 1.0', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { host: 'h' }));
    const err = await raw.waitFor((t) => t.startsWith('ERROR\n'));
    expect(err).toContain('version:1.2,1.1\n');
    await raw.closed;
  });

  it('refuses a subscription over the limit with an ERROR for that frame alone, keeping the others', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h' }));
    await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
    for (const id of ['1', '2', '3']) raw.send(frame('SUBSCRIBE', { id, destination: `/topic/offers/${900 + Number(id)}`, receipt: `r${id}` }));
    await raw.waitFor((t) => t.includes('receipt-id:r3'));
    raw.send(frame('SUBSCRIBE', { id: '4', destination: '/topic/offers/904', receipt: 'r4' }));
    const err = await raw.waitFor((t) => t.startsWith('ERROR\n'));
    expect(err).toMatch(/at most 3 subscriptions/i);
    expect(err).toContain('receipt-id:r4\n');
    expect(err).toContain('subscription:4\n');
    // The connection and its three subscriptions go on: a message on one of them still arrives.
    await app.bus.publish('/topic/offers/902', JSON.stringify(offer(77)));
    expect(await raw.waitFor((t) => t.startsWith('MESSAGE\n'))).toContain('"id":77');
    // Freeing a place lets the next SUBSCRIBE in.
    raw.send(frame('UNSUBSCRIBE', { id: '1' }));
    raw.send(frame('SUBSCRIBE', { id: '4', destination: '/topic/offers/904', receipt: 'r4-again' }));
    await raw.waitFor((t) => t.includes('receipt-id:r4-again'));
    raw.send(frame('DISCONNECT', { receipt: 'bye' }));
    await raw.closed;
    await expect.poll(() => app.topicHub.topicCount).toBe(0);
  });

  it("the web app's live connection keeps its live topics when one more is refused", async () => {
    const conn = new LiveConnection(() => new Client({ webSocketFactory: () => new WebSocket(url, { headers: { cookie } }) as unknown as IStompSocket }));
    const events: string[] = [];
    const got: unknown[] = [];
    const stops = [911, 912, 913, 914].map((id) =>
      conn.subscribe(`/topic/offers/${id}`, {
        onMessage: (payload) => got.push(payload),
        onSubscribed: () => events.push(`live ${id}`),
        onLost: () => events.push(`lost ${id}`),
      }),
    );
    await expect.poll(() => events.filter((e) => e.startsWith('live')).length).toBe(3);
    await app.bus.publish('/topic/offers/911', JSON.stringify(offer(5)));
    await expect.poll(() => got.length).toBe(1);
    expect(events).not.toContain('live 914');
    expect(events.some((e) => e.startsWith('lost'))).toBe(false);
    for (const stop of stops) stop();
    await conn.stop();
  });

  it('answers a frame over the limit sent in one WebSocket message with an ERROR before the close', async () => {
    for (const size of [8 * 1024, 200 * 1024]) {
      const raw = await rawStomp(url, { cookie });
      raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h' }));
      await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
      raw.send(frame('SUBSCRIBE', { id: 'big', destination: '/topic/offers/1', filler: 'a'.repeat(size) }));
      const err = await raw.waitFor((t) => t.startsWith('ERROR\n'));
      expect(err, `${size} bytes`).toMatch(/frame too large/i);
      // Over the WebSocket message limit the transport's own code says why (1009 "message too big").
      expect(await raw.closed).toBe(size > 64 * 1024 ? 1009 : 1000);
    }
  });

  it('closes a connection that sends an oversized frame', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h' }));
    await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
    // Split over several WebSocket messages, each under the payload limit: the parser's own limit applies.
    for (let i = 0; i < 3; i++) raw.send(`SUBSCRIBE\nid:x\nfiller:${'a'.repeat(2000)}`);
    const err = await raw.waitFor((t) => t.startsWith('ERROR\n'));
    expect(err).toMatch(/too large/i);
    await raw.closed;
  });

  it('closes a connection that floods frames', async () => {
    const raw = await rawStomp(url, { cookie });
    raw.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h' }));
    await raw.waitFor((t) => t.startsWith('CONNECTED\n'));
    for (let i = 0; i < 30; i++) {
      raw.send(frame('SUBSCRIBE', { id: 'a', destination: '/topic/offers/1' }) + frame('UNSUBSCRIBE', { id: 'a' }));
    }
    expect(await raw.waitFor((t) => t.startsWith('ERROR\n'))).toMatch(/too many frames/i);
    await raw.closed;
    await expect.poll(() => app.topicHub.topicCount).toBe(0);
  });

  it('refuses frames before CONNECT and malformed escapes', async () => {
    const a = await rawStomp(url, { cookie });
    a.send(frame('SUBSCRIBE', { id: '1', destination: '/topic/offers/1' }));
    expect(await a.waitFor((t) => t.startsWith('ERROR\n'))).toMatch(/CONNECT frame first/);
    await a.closed;
    const b = await rawStomp(url, { cookie });
    b.send(frame('CONNECT', { 'accept-version': '1.2', host: 'h' }));
    await b.waitFor((t) => t.startsWith('CONNECTED\n'));
    b.send('SUBSCRIBE\nid:\\t\ndestination:/topic/offers/1\n\n\0');
    expect(await b.waitFor((t) => t.startsWith('ERROR\n'))).toMatch(/escape/i);
    await b.closed;
  });

  it('ends the feed when the session ends (sign-out elsewhere, deactivation)', async () => {
    const user = await createUser(database.db, { category: 'supplier' });
    const own = await login(app, user.email, user.password);
    const s = stompClient(url, own);
    await s.connected;
    const res = await app.inject({ method: 'GET', url: '/auth/logout', headers: { cookie: own } });
    expect(res.statusCode).toBeLessThan(400);
    expect((await s.error).headers.message).toMatch(/session ended/i);
    await s.closed;
    await s.stop();
  });

  it('answers the STOMP WebSocket subprotocol the browser client offers', async () => {
    const ws = new WebSocket(url, ['v10.stomp', 'v11.stomp', 'v12.stomp'], { headers: { cookie } });
    await new Promise((r) => ws.once('open', r));
    expect(ws.protocol).toBe('v12.stomp');
    ws.close();
  });

  it('refuses a cross-site upgrade and accepts a same-origin one', async () => {
    await expect(rawStomp(url, { cookie, origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const host = new URL(url).host;
    const ok = await rawStomp(url, { cookie, origin: `http://${host}` });
    ok.ws.close();
  });
});
