import { createHmac, timingSafeEqual } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusHandler, EventBus } from './event-bus.js';

interface ChannelEntry {
  set: Set<BusHandler>;
  ready: Promise<void>;
}

export interface RedisEventBusOptions {
  /** Prefix of the Redis channels, so that several apps (or test runs) can share one Redis. */
  channelPrefix?: string;
  /** Redis CLIENT name of the two connections (`<name>:pub`, `<name>:sub`), for operators and tests. */
  connectionName?: string;
  onError?: (err: Error) => void;
  /**
   * Shared secret of the instances (BUS_SECRET). Every message then carries an HMAC-SHA256 over its
   * channel, time and payload; a message without a valid one, or older than a minute, is dropped.
   */
  secret?: string;
}

/** How long close() waits for Redis to acknowledge QUIT before dropping the connections. */
const CLOSE_WAIT_MS = 1_000;

/** Messages older than this are refused (a recorded message replayed later). */
const MAX_AGE_MS = 60_000;

/** Signs and checks bus messages: `<hex hmac>.<unix ms>.<payload>`. */
export class BusSigner {
  constructor(private readonly secret: string) {}

  private mac(channel: string, at: string, payload: string) {
    return createHmac('sha256', this.secret).update(channel).update('\n').update(at).update('\n').update(payload).digest();
  }

  sign(channel: string, payload: string, now = Date.now()) {
    const at = String(now);
    return `${this.mac(channel, at, payload).toString('hex')}.${at}.${payload}`;
  }

  /** The payload of a genuine, fresh message; null otherwise. */
  open(channel: string, message: string, now = Date.now()): string | null {
    const m = /^([0-9a-f]{64})\.(\d{1,16})\./.exec(message);
    if (!m) return null;
    const at = m[2]!;
    if (Math.abs(now - Number(at)) > MAX_AGE_MS) return null;
    const payload = message.slice(m[0].length);
    return timingSafeEqual(Buffer.from(m[1]!, 'hex'), this.mac(channel, at, payload)) ? payload : null;
  }
}

/**
 * EventBus over Redis pub/sub, for several instances behind a load balancer: a message published on
 * one instance reaches the subscribers of every instance. One connection publishes; a second one is
 * in subscriber mode (Redis requires it) and holds one SUBSCRIBE per channel, reference-counted by
 * the local handlers. Pub/sub is fire-and-forget: a message published while an instance is cut off
 * from Redis is lost for its watchers, which is why the web client refetches after any reconnect.
 */
export class RedisEventBus implements EventBus {
  private readonly handlers = new Map<string, ChannelEntry>();
  private readonly prefix: string;
  private readonly onError: (err: Error) => void;
  private readonly gapListeners = new Set<() => void>();
  private subscriberLost = false;
  private readonly signer: BusSigner | null;
  /** Messages dropped because their signature was missing, wrong or stale (metrics, tests). */
  forgedCount = 0;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    opts: RedisEventBusOptions,
  ) {
    this.prefix = opts.channelPrefix ?? 'primeur:';
    this.signer = opts.secret ? new BusSigner(opts.secret) : null;
    this.onError = opts.onError ?? (() => undefined);
    sub.on('message', (channel: string, message: string) => {
      const entry = this.handlers.get(channel);
      if (!entry) return;
      const payload = this.signer ? this.signer.open(channel, message) : message;
      if (payload === null) {
        this.forgedCount++;
        this.onError(new Error(`dropped an unauthenticated message on ${channel}`));
        return;
      }
      for (const handler of entry.set) handler(payload);
    });
    pub.on('error', this.onError);
    sub.on('error', this.onError);
    // While the subscriber connection is down, messages for this instance are lost (pub/sub keeps
    // nothing). Once it is back: subscribe every channel again (idempotent, and awaited, unlike
    // ioredis' own resubscription) and only then report the gap.
    sub.on('close', () => {
      this.subscriberLost = true;
    });
    sub.on('ready', () => {
      if (!this.subscriberLost) return;
      this.subscriberLost = false;
      void this.resubscribeAndReportGap();
    });
  }

  private async resubscribeAndReportGap() {
    const channels = [...this.handlers.keys()];
    try {
      if (channels.length > 0) await this.sub.subscribe(...channels);
    } catch (err) {
      this.onError(err instanceof Error ? err : new Error(String(err)));
    }
    for (const listener of this.gapListeners) listener();
  }

  onGap(listener: () => void) {
    this.gapListeners.add(listener);
    return () => {
      this.gapListeners.delete(listener);
    };
  }

  static async connect(url: string, opts: RedisEventBusOptions = {}): Promise<RedisEventBus> {
    // ioredis reconnects by itself and re-subscribes the subscriber connection's channels.
    // A publish waits at most ~2 s for Redis: it sits on the path of a bid's HTTP answer.
    const name = opts.connectionName ?? 'primeur';
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, commandTimeout: 2000, connectionName: `${name}:pub` });
    const sub = new Redis(url, { lazyConnect: true, autoResubscribe: true, connectionName: `${name}:sub` });
    try {
      await Promise.all([pub.connect(), sub.connect()]);
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw err;
    }
    return new RedisEventBus(pub, sub, opts);
  }

  /**
   * Never rejects: publishers call this after their transaction committed (a bid is already
   * accepted), so a Redis failure must not turn the answer into an error. It is reported through
   * onError; watchers repair gaps by refetching after reconnects (decision 222).
   */
  async publish(topic: string, payload: string) {
    try {
      const channel = this.prefix + topic;
      await this.pub.publish(channel, this.signer ? this.signer.sign(channel, payload) : payload);
    } catch (err) {
      this.onError(err instanceof Error ? err : new Error(String(err)));
    }
  }

  async subscribe(topic: string, handler: BusHandler) {
    const channel = this.prefix + topic;
    let entry = this.handlers.get(channel);
    if (!entry) {
      // Commands on one connection run in order, so a SUBSCRIBE sent after an UNSUBSCRIBE of the same
      // channel always wins.
      const created: ChannelEntry = { set: new Set(), ready: this.sub.subscribe(channel).then(() => undefined) };
      entry = created;
      this.handlers.set(channel, created);
      created.ready.catch(() => {
        if (this.handlers.get(channel) === created) this.handlers.delete(channel);
      });
    }
    entry.set.add(handler);
    try {
      // Resolves when Redis has confirmed the subscription: every later publish reaches the handler.
      await entry.ready;
    } catch (err) {
      entry.set.delete(handler);
      throw err;
    }
    const registered = entry;
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      registered.set.delete(handler);
      if (registered.set.size === 0 && this.handlers.get(channel) === registered) {
        this.handlers.delete(channel);
        await this.sub.unsubscribe(channel);
      }
    };
  }

  async ping() {
    await this.pub.ping();
  }

  /** Channels this instance is subscribed to (tests check the reference counting). */
  get channelCount() {
    return this.handlers.size;
  }

  async close() {
    this.handlers.clear();
    this.gapListeners.clear();
    // QUIT waits for Redis; with Redis down (a stop during its outage) it would wait for ever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([this.pub.quit(), this.sub.quit()]), new Promise((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
