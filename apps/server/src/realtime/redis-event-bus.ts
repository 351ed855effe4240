import { createHmac, timingSafeEqual } from 'node:crypto';
import { Redis } from 'ioredis';
import { TopicDispatch, type BusHandler, type BusListener, type EventBus } from './event-bus.js';

export interface RedisEventBusOptions {
  /** Prefix of the Redis channel, so that several apps (or test runs) can share one Redis. */
  channelPrefix?: string;
  /** Redis CLIENT name of the two connections (`<name>:pub`, `<name>:sub`), for operators and tests. */
  connectionName?: string;
  onError?: (err: Error) => void;
  /**
   * Shared secret of the instances (BUS_SECRET). Every message then carries an HMAC-SHA256 over its
   * channel, time, topic and payload; a message without a valid one, or older than a minute, is dropped.
   */
  secret?: string;
  /**
   * How long a publish waits for Redis (default 2 s: it sits on the path of a bid's answer). Tests on a
   * loaded machine set it generously: their point is what arrives, not how fast.
   */
  publishTimeoutMs?: number;
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

/** The one Redis channel (after the prefix) that carries every topic. */
export const LIVE_CHANNEL = 'live';

/** A bus message on the wire, before signing: `<topic>\n<payload>` (a topic never holds a newline). */
export function encodeBusMessage(topic: string, payload: string) {
  return `${topic}\n${payload}`;
}

function decodeBusMessage(message: string): { topic: string; payload: string } | null {
  const nl = message.indexOf('\n');
  return nl <= 0 ? null : { topic: message.slice(0, nl), payload: message.slice(nl + 1) };
}

/**
 * EventBus over Redis pub/sub, for several instances behind a load balancer: a message published on
 * one instance reaches the subscribers of every instance. One connection publishes; a second one is
 * in subscriber mode (Redis requires it) and holds ONE subscription, to `<prefix>live`, made when the
 * bus connects: the topic travels inside the (signed) message and each instance dispatches locally.
 * Watching a lot therefore costs no Redis round trip and no Redis subscription. Pub/sub is
 * fire-and-forget: a message published while an instance is cut off from Redis is lost for its
 * watchers, which is why the web client refetches after any reconnect.
 */
/** A publish waits at most this long for Redis (it sits on the path of a bid's answer). */
const PUBLISH_TIMEOUT_MS = 2000;

export class RedisEventBus implements EventBus {
  private readonly handlers = new TopicDispatch();
  private readonly channel: string;
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
    this.channel = (opts.channelPrefix ?? 'primeur:') + LIVE_CHANNEL;
    this.signer = opts.secret ? new BusSigner(opts.secret) : null;
    this.onError = opts.onError ?? (() => undefined);
    sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const opened = this.signer ? this.signer.open(channel, message) : message;
      const m = opened === null ? null : decodeBusMessage(opened);
      if (m === null) {
        this.forgedCount++;
        this.onError(new Error(`dropped an unauthenticated message on ${channel}`));
        return;
      }
      this.handlers.dispatch(m.topic, m.payload);
    });
    pub.on('error', this.onError);
    sub.on('error', this.onError);
    // While the subscriber connection is down, messages for this instance are lost (pub/sub keeps
    // nothing). Once it is back: subscribe the channel again (idempotent, and awaited, unlike
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
    try {
      await this.sub.subscribe(this.channel);
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

  /** Connects both connections and subscribes the channel: once it resolves, every publish arrives. */
  static async connect(url: string, opts: RedisEventBusOptions = {}): Promise<RedisEventBus> {
    // ioredis reconnects by itself and re-subscribes the subscriber connection's channel.
    // A publish waits at most ~2 s for Redis: it sits on the path of a bid's HTTP answer.
    const name = opts.connectionName ?? 'primeur';
    // The limit applies once connected: with it from the start, a loaded machine's slow answer to the
    // connection's own first commands (its name, the ready check) failed the server's start.
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, connectionName: `${name}:pub` });
    const sub = new Redis(url, { lazyConnect: true, autoResubscribe: true, connectionName: `${name}:sub` });
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      pub.options.commandTimeout = opts.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS;
      // Once connected, a publish while Redis is away fails at once instead of waiting in ioredis's
      // offline queue: a queued message was written after the reconnection, late and out of its moment
      // (its caller already told it had failed), while the clients resync from the database anyway
      // when their instance's subscription comes back (seen in CI: a probe sent during the outage
      // reached a watcher after the restart).
      pub.options.enableOfflineQueue = false;
      const bus = new RedisEventBus(pub, sub, opts);
      await sub.subscribe(bus.channel);
      return bus;
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw err;
    }
  }

  /**
   * Never rejects: publishers call this after their transaction committed (a bid is already
   * accepted), so a Redis failure must not turn the answer into an error. It is reported through
   * onError; watchers repair gaps by refetching after reconnects (decision 222).
   */
  async publish(topic: string, payload: string) {
    try {
      const message = encodeBusMessage(topic, payload);
      await this.pub.publish(this.channel, this.signer ? this.signer.sign(this.channel, message) : message);
    } catch (err) {
      this.onError(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** Local only: the Redis subscription was made at connect, so every later publish reaches it. */
  async subscribe(topic: string, handler: BusHandler) {
    const off = this.handlers.add(topic, handler);
    return async () => off();
  }

  async subscribeAll(listener: BusListener) {
    const off = this.handlers.addAll(listener);
    return async () => off();
  }

  async ping() {
    await this.pub.ping();
  }

  /** Topics with a local handler (tests, metrics); Redis itself holds one subscription whatever it is. */
  get topicCount() {
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
