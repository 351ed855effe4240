import http from 'node:http';
import { isIP, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { AppConfig } from '../src/config/env.js';
import type { Db } from '../src/db/client.js';
import type { HostResolver } from '../src/trading/webhooks/webhooks.address.js';
import { WebhookDeliverer } from '../src/trading/webhooks/webhooks.delivery.js';
import { webhookDepsOf } from '../src/trading/webhooks/webhooks.service.js';
import { createTestApp, jobsDrivenByTest, type TestContext } from './build-app.js';

/**
 * The webhooks tests' tools (decision 1012): a receiver on 127.0.0.1 that checks each request with the
 * `standardwebhooks` package as a real receiver would, an app with a fixed DNS table, a deliverer on a
 * clock the test drives, and feed entries written straight into a company's feed.
 */

/** An app whose webhook addresses resolve through `hosts` (a name missing there is unknown): no test reaches DNS. */
export async function webhookTestApp(hosts: Record<string, string[]> = {}, overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const resolveHost: HostResolver = async (name) => {
    const addresses = hosts[name.toLowerCase()];
    if (!addresses?.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  return createTestApp({ ...jobsDrivenByTest(), ...overrides }, { resolveHost });
}

/** The schedule's clock: the test moves `now` forward; signatures still carry the real time. */
export interface Clock {
  now: number;
}

const quiet = { info() {}, warn() {}, error() {} };

/** A deliverer of `ctx`'s app on the test's clock (its own instance name, as another server would have). */
export function testDeliverer(ctx: TestContext, clock: Clock, o: { timeoutMs?: number; concurrency?: number; instance?: string } = {}) {
  return new WebhookDeliverer({
    ...webhookDepsOf(ctx.app),
    bus: ctx.app.bus,
    log: quiet,
    timeoutMs: o.timeoutMs ?? 3_000,
    concurrency: o.concurrency ?? 4,
    now: () => new Date(clock.now),
    instance: o.instance,
  });
}

/**
 * Appends an entry to a company's feed as the `api-feed` processor would (the next sequence), for tests
 * whose subject is the delivery, not the trade: answers its sequence and its id (`evt_…`). Its event id
 * is the database's next one above 900 000 000 (kept in the database: no state in this module).
 */
export async function appendFeedEntry(db: Db, companyId: number, type: string, data: Record<string, unknown>) {
  const res = await db.execute<{ sequence: string | number; event_id: string | number }>(sql`
    insert into feed_entries (company_id, sequence, event_id, type, occurred_at, data)
    select ${companyId},
           coalesce((select max(sequence) from feed_entries where company_id = ${companyId}), 0) + 1,
           coalesce((select max(event_id) from feed_entries where event_id >= 900000000), 899999999) + 1,
           ${type}, now(), ${JSON.stringify(data)}::jsonb
    returning sequence, event_id`);
  return { sequence: Number(res.rows[0]!.sequence), id: `evt_${Number(res.rows[0]!.event_id)}` };
}

export interface Payload {
  id: string;
  type: string;
  timestamp: string;
  sequence: number;
  data: Record<string, unknown>;
}

/** One request the receiver got: its headers, body, whether a secret it knows verifies it, and the answer it gave. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: Payload;
  /** The secrets (by their place in `secrets`) under which `Webhook.verify` accepted it. */
  verifiedBy: number[];
  answer: number | 'hang' | 'close';
}

/** How the receiver answers a request: a status (302 with a Location), hang until the client gives up, or close the connection. */
export type Answer = number | 'hang' | 'close';

/**
 * A webhook receiver on 127.0.0.1. It answers `answer(request)` (200 unless told), records every
 * request, and checks each one with `new Webhook(secret).verify(body, headers)` for every secret it
 * was given. `stop()` closes its port (connections refused: the receiver is down); `start()` opens the
 * same port again.
 */
export class Receiver {
  readonly got: Received[] = [];
  secrets: string[] = [];
  answer: (p: Payload, n: number) => Answer = () => 200;
  /** Requests being held (`hang`). */
  open = 0;
  private server?: http.Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** The payloads it answered with a 2xx, in the order they came. */
  get delivered(): Payload[] {
    return this.got.filter((r) => typeof r.answer === 'number' && r.answer >= 200 && r.answer < 300).map((r) => r.payload);
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const payload = JSON.parse(body) as Payload;
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const verifiedBy = this.secrets.flatMap((s, i) => {
          try {
            new Webhook(s).verify(body, headers);
            return [i];
          } catch {
            return [];
          }
        });
        const answer = this.answer(payload, this.got.filter((r) => r.payload.id === payload.id).length + 1);
        this.got.push({ headers: req.headers, body, payload, verifiedBy, answer });
        if (answer === 'close') return req.socket.destroy();
        if (answer === 'hang') {
          this.open++;
          res.on('close', () => this.open--);
          return;
        }
        res.writeHead(answer, answer >= 300 && answer < 400 ? { location: 'http://127.0.0.1:9/elsewhere' } : { 'content-type': 'text/plain' });
        res.end(answer < 300 ? 'thanks' : 'no');
      });
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Down: the port refuses connections, and held requests are cut. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
