import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Client, type IFrame, type IStompSocket, type StompConfig } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { buildApp, type AppDeps } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { createUser } from '../src/db/factories.js';
import { login, testConfig } from './build-app.js';
import { freshDatabase } from './database.js';

/** Listens on a real loopback port and returns the STOMP endpoint URL. */
export async function listenWs(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/ws`;
}

export interface LiveApp {
  app: FastifyInstance;
  database: Database;
  /** The STOMP endpoint. */
  url: string;
  /** The session cookie of a signed-in buyer. */
  cookie: string;
  close(): Promise<void>;
}

/** The app on a fresh database, listening for WebSocket clients, with a buyer signed in. */
export async function liveApp(stomp?: AppDeps['stomp']): Promise<LiveApp> {
  const database = await freshDatabase();
  const app = await buildApp({ config: testConfig(), database, ...(stomp && { stomp }) });
  const url = await listenWs(app);
  const user = await createUser(database.db, { category: 'client' });
  const cookie = await login(app, user.email, user.password);
  return {
    app,
    database,
    url,
    cookie,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestStomp {
  client: Client;
  /** Resolves with the CONNECTED frame. */
  connected: Promise<IFrame>;
  /** Resolves with the first ERROR frame. */
  error: Promise<IFrame>;
  /** Resolves with the close code when the WebSocket closes. */
  closed: Promise<number>;
  stop(): Promise<void>;
}

/** The real @stomp/stompjs client, over the `ws` WebSocket with the session cookie on the upgrade. */
export function stompClient(url: string, cookie?: string, config: StompConfig = {}): TestStomp {
  let onConnected!: (f: IFrame) => void;
  let onError!: (f: IFrame) => void;
  let onClosed!: (code: number) => void;
  const connected = new Promise<IFrame>((r) => (onConnected = r));
  const error = new Promise<IFrame>((r) => (onError = r));
  const closed = new Promise<number>((r) => (onClosed = r));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, { headers: cookie ? { cookie } : {} }) as unknown as IStompSocket,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onConnect: (f) => onConnected(f),
    onStompError: (f) => onError(f),
    onWebSocketClose: (evt: { code: number }) => onClosed(evt.code),
    ...config,
  });
  client.activate();
  return { client, connected, error, closed, stop: () => client.deactivate() };
}

/** A bare WebSocket speaking STOMP by hand, for what the client library hides (heart-beats, raw frames). */
export interface RawStomp {
  ws: WebSocket;
  /** Every text received, heart-beats included, in order. */
  received: string[];
  send(frame: string): void;
  /** Waits until a received text satisfies the predicate. */
  waitFor(pred: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  closed: Promise<number>;
}

export async function rawStomp(url: string, headers: Record<string, string> = {}): Promise<RawStomp> {
  const ws = new WebSocket(url, { headers });
  const received: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(data.toString());
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    ws,
    received,
    closed,
    send: (frame) => ws.send(frame),
    waitFor(pred, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(pred);
          if (hit === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; received: ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** A frame as written on the wire (NUL-terminated). */
export const frame = (command: string, headers: Record<string, string> = {}, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('')}\n${body}\0`;
