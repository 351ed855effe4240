import type { WebSocket } from 'ws';
import { AUCTIONS_SUMMARY_TOPIC, offersTopicProductId } from '@primeur/shared';
import type { SessionUser } from '../plugins/session.js';
import { encodeFrame, StompParser, StompProtocolError, type StompFrame } from './stomp-frame.js';
import type { TopicHub, TopicSink } from './topic-hub.js';
import type { LiveSessions } from '../plugins/live-sessions.js';
import { userDestinationTopic } from './user-destinations.js';

export interface StompLimits {
  maxFrameBytes: number;
  /**
   * The WebSocket message limit, above the frame limit: a message between the two is read by the
   * STOMP parser, which answers ERROR "Frame too large"; a larger one is cut by the transport, also
   * after that ERROR (decision 783). Bounds the memory one message can take.
   */
  wsMaxPayload: number;
  maxHeaders: number;
  maxSubscriptions: number;
  /** Outgoing bytes queued on a socket beyond which the consumer is too slow and is dropped. */
  maxBufferedBytes: number;
  /** Time allowed between the upgrade and a CONNECT frame. */
  connectTimeoutMs: number;
  /** Heart-beat intervals the server offers (CONNECTED heart-beat:sx,sy), in ms; 0 = none. */
  heartbeatSendMs: number;
  heartbeatReceiveMs: number;
  /** How often a connected session is checked again (logout, deactivation, expiry end the feed). */
  sessionRecheckMs: number;
  /** Client frames allowed per 10 s (heart-beats excluded): SUBSCRIBE churn would hammer Redis. */
  maxFramesPer10s: number;
}

export const DEFAULT_STOMP_LIMITS: StompLimits = {
  maxFrameBytes: 16 * 1024,
  wsMaxPayload: 64 * 1024,
  maxHeaders: 32,
  maxSubscriptions: 32,
  maxBufferedBytes: 1024 * 1024,
  connectTimeoutMs: 10_000,
  heartbeatSendMs: 10_000,
  heartbeatReceiveMs: 10_000,
  sessionRecheckMs: 5 * 60_000,
  maxFramesPer10s: 200,
};

const SUPPORTED_VERSIONS = ['1.2', '1.1'];
/** A peer is dead after this many missed heart-beat intervals (network jitter, GC pauses). */
const HEARTBEAT_GRACE = 3;
/** One options object for every send (this runs once per socket per message). */
const TEXT_FRAME = { binary: false } as const;

export interface ConnectionDeps {
  hub: TopicHub;
  limits: StompLimits;
  /** Resolves the session cookie read from the upgrade request; null when it is missing or invalid. */
  authenticate(): Promise<SessionUser | null>;
  log: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** This instance's live sockets by user: an ended session closes them at once (decision 523). */
  liveSessions?: LiveSessions;
  /**
   * Whether `user` may follow the offers of lot `productId` (the app injects the lots' visibility
   * rule: realtime/ holds no business rule). Absent: every lot may be followed.
   */
  mayFollowLot?(user: SessionUser, productId: number): Promise<boolean>;
}

/**
 * One STOMP session over one WebSocket: the protocol state machine. Read-only: clients may
 * subscribe to offer topics and receive MESSAGE frames; SEND and transactions are refused.
 */
export class StompConnection implements TopicSink {
  private readonly parser: StompParser;
  private state: 'awaiting-connect' | 'connecting' | 'connected' | 'closed' = 'awaiting-connect';
  private user: SessionUser | null = null;
  private readonly subscriptions = new Map<string, { destination: string; remove?: () => void; cancelled?: boolean }>();
  private timers: NodeJS.Timeout[] = [];
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private lastReceivedAt = Date.now();
  private lastSentAt = Date.now();
  /** Frames are processed one at a time, in order (SUBSCRIBE awaits the bus before its RECEIPT). */
  private queue: Promise<void> = Promise.resolve();
  private frameWindowStart = Date.now();
  private unregister: (() => void) | undefined;
  private framesInWindow = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.parser = new StompParser({ maxFrameBytes: deps.limits.maxFrameBytes, maxHeaders: deps.limits.maxHeaders });
    this.errorBeforeTransportClose(socket);
    socket.on('message', (data) => this.onData(toBuffer(data)));
    socket.on('close', () => this.cleanup());
    socket.on('error', () => this.cleanup());
    this.timers.push(
      setTimeout(() => {
        if (this.state === 'awaiting-connect') this.fail('No CONNECT frame received in time');
      }, deps.limits.connectTimeoutMs),
    );
  }

  /**
   * A WebSocket message over the transport's limit (wsMaxPayload) is cut by `ws` itself, which calls
   * close(1009) on the socket before telling anyone. STOMP clients report ERROR frames, not close
   * codes, so the close is preceded by the same ERROR a large frame gets from the parser (decision 783).
   */
  private errorBeforeTransportClose(socket: WebSocket) {
    const close = socket.close.bind(socket);
    socket.close = (code?: number, reason?: string | Buffer) => {
      if (code === 1009 && this.state !== 'closed' && socket.readyState === socket.OPEN) {
        this.send(encodeFrame('ERROR', { message: 'Frame too large', 'content-type': 'text/plain' }, 'Frame too large'));
        this.cleanup();
      }
      close(code, reason);
    };
  }

  deliver(frame: Buffer) {
    if (this.state !== 'connected') return;
    if (this.socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      // A consumer this far behind is dropped rather than buffered without bound; the web client
      // reconnects and refetches the offers it missed.
      this.deps.log.warn({ buffered: this.socket.bufferedAmount }, 'dropping slow STOMP consumer');
      this.socket.terminate();
      this.cleanup();
      return;
    }
    this.send(frame);
  }

  private send(frame: Buffer) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.lastSentAt = Date.now();
    // STOMP frames are text: send as WebSocket text frames (browsers hand those to stompjs as strings).
    this.socket.send(frame, TEXT_FRAME);
  }

  private onData(data: Buffer) {
    if (this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    let frames: StompFrame[];
    try {
      frames = this.parser.push(data);
    } catch (err) {
      this.fail(err instanceof StompProtocolError ? err.message : 'Malformed frame');
      return;
    }
    if (frames.length > 0 && this.overFrameRate(frames.length)) {
      this.fail('Too many frames: slow down');
      return;
    }
    for (const frame of frames) {
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((err: unknown) => {
          this.deps.log.warn({ err }, 'STOMP frame handling failed');
          this.fail('Internal error', frame.headers.receipt);
        });
    }
  }

  private overFrameRate(count: number): boolean {
    const t = Date.now();
    if (t - this.frameWindowStart >= 10_000) {
      this.frameWindowStart = t;
      this.framesInWindow = 0;
    }
    this.framesInWindow += count;
    return this.framesInWindow > this.deps.limits.maxFramesPer10s;
  }

  private async handle(frame: StompFrame) {
    if (this.state === 'closed') return;
    const { command, headers } = frame;
    if (this.state === 'awaiting-connect') {
      if (command !== 'CONNECT' && command !== 'STOMP') return this.fail('Expected a CONNECT frame first', headers.receipt);
      return this.connect(frame);
    }
    switch (command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(frame);
      case 'DISCONNECT':
        this.receipt(headers);
        return this.close();
      case 'SEND':
        return this.fail('Topics are read-only: SEND is not accepted', headers.receipt);
      case 'CONNECT':
      case 'STOMP':
        return this.fail('Already connected', headers.receipt);
      default:
        // ACK/NACK/BEGIN/COMMIT/ABORT: subscriptions are ack:auto and there is nothing to transact.
        return this.fail(`${command} is not supported`, headers.receipt);
    }
  }

  private async connect(frame: StompFrame) {
    const { headers } = frame;
    // Spec: without accept-version the client speaks 1.0, which this server does not.
    const offered = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => offered.includes(v));
    if (!version) {
      return this.fail('Supported protocol versions are 1.2 and 1.1', headers.receipt, {
        version: SUPPORTED_VERSIONS.join(','),
      });
    }
    this.state = 'connecting';
    const user = await this.deps.authenticate();
    if (this.state !== 'connecting') return;
    if (!user) return this.fail('Not signed in: a valid session is required', headers.receipt);
    this.user = user;

    const [cx, cy] = parseHeartbeat(headers['heart-beat']);
    const { heartbeatSendMs: sx, heartbeatReceiveMs: sy } = this.deps.limits;
    // Spec "Heart-beating": each direction uses the larger of what one side can do and the other wants.
    const outgoing = sx === 0 || cy === 0 ? 0 : Math.max(sx, cy);
    const incoming = cx === 0 || sy === 0 ? 0 : Math.max(cx, sy);

    this.state = 'connected';
    this.send(encodeFrame('CONNECTED', { version, 'heart-beat': `${sx},${sy}`, server: 'primeur' }));
    this.receipt(headers);
    this.startHeartbeats(outgoing, incoming);
    this.unregister = this.deps.liveSessions?.add(user.id, { sessionId: user.sessionId, end: (reason) => this.fail(reason) });
    // The safety net: an ended session is announced on the bus, but a lost announcement is caught here.
    this.timers.push(setInterval(() => void this.recheckSession(), this.deps.limits.sessionRecheckMs));
  }

  /**
   * A WebSocket outlives the request that opened it: without this, a signed-out or deactivated user
   * would keep receiving offers until the socket closed.
   */
  private async recheckSession() {
    if (this.state !== 'connected') return;
    const user = await this.deps.authenticate().catch(() => this.user);
    if (!user && this.state === 'connected') this.fail('Session ended: sign in again');
  }

  private startHeartbeats(outgoing: number, incoming: number) {
    if (outgoing > 0) {
      // Re-armed from the last frame sent: a beat goes out only after `outgoing` ms of silence, so
      // no gap exceeds the negotiated interval and busy connections send no beats at all.
      const beat = () => {
        if (this.state !== 'connected') return;
        const idle = Date.now() - this.lastSentAt;
        if (idle >= outgoing - 5) {
          this.lastSentAt = Date.now();
          if (this.socket.readyState === this.socket.OPEN) this.socket.send('\n');
        }
        this.heartbeatTimer = setTimeout(beat, Math.max(1, this.lastSentAt + outgoing - Date.now()));
      };
      this.heartbeatTimer = setTimeout(beat, outgoing);
    }
    if (incoming > 0) {
      const deadline = incoming * HEARTBEAT_GRACE;
      this.timers.push(
        setInterval(() => {
          if (Date.now() - this.lastReceivedAt > deadline) {
            this.deps.log.debug({}, 'STOMP peer missed its heart-beats');
            this.socket.terminate();
            this.cleanup();
          }
        }, incoming),
      );
    }
  }

  private async subscribe(frame: StompFrame) {
    const { destination, id, ack } = frame.headers;
    if (!id) return this.fail('SUBSCRIBE requires an id header', frame.headers.receipt);
    // A per-user queue reads the signed-in user's own bus topic (user-destinations.ts).
    const topic = destination ? (userDestinationTopic(destination, this.user) ?? destination) : undefined;
    // The offers topic of one lot, its id by the API's strict id rule (shared offersTopicProductId).
    const productId = topic === destination && destination ? offersTopicProductId(destination) : null;
    if (!destination || !topic || (topic === destination && productId === null && destination !== AUCTIONS_SUMMARY_TOPIC)) {
      return this.fail(
        'Unknown destination: only /topic/offers/{productId}, /topic/auctions and /user/queue/notifications may be subscribed',
        frame.headers.receipt,
      );
    }
    if (ack && ack !== 'auto') return this.fail('Only ack:auto is supported', frame.headers.receipt);
    if (this.subscriptions.has(id)) return this.fail(`Subscription id ${id} is already in use`, frame.headers.receipt);
    if (this.subscriptions.size >= this.deps.limits.maxSubscriptions) {
      // Refused alone (decision 783): the client keeps its connection and the subscriptions it has.
      return this.refuse(`At most ${this.deps.limits.maxSubscriptions} subscriptions per connection`, frame.headers.receipt, { subscription: id });
    }
    const entry: { destination: string; remove?: () => void; cancelled?: boolean } = { destination };
    this.subscriptions.set(id, entry);
    if (productId !== null && this.deps.mayFollowLot && !(await this.deps.mayFollowLot(this.user!, productId))) {
      // A lot hidden from this user (disabled) is answered like a lot that does not exist: the
      // subscription is accepted and stays silent, so the answer tells nothing about the lot.
      return this.receipt(frame.headers);
    }
    const remove = await this.deps.hub.subscribe(topic, this, id);
    // The connection may have closed while the bus subscription was being set up.
    if (this.state === 'closed' || entry.cancelled) return remove();
    entry.remove = remove;
    this.receipt(frame.headers);
  }

  private unsubscribe(frame: StompFrame) {
    const { id } = frame.headers;
    if (!id) return this.fail('UNSUBSCRIBE requires an id header', frame.headers.receipt);
    const entry = this.subscriptions.get(id);
    if (!entry) return this.fail(`No subscription with id ${id}`, frame.headers.receipt);
    this.subscriptions.delete(id);
    entry.remove?.();
    this.receipt(frame.headers);
  }

  private receipt(headers: Record<string, string>) {
    if (headers.receipt !== undefined) this.send(encodeFrame('RECEIPT', { 'receipt-id': headers.receipt }));
  }

  /**
   * An ERROR that refuses one frame and keeps the connection: only for a resource limit on an
   * otherwise valid frame (decision 783). STOMP 1.2 closes after every ERROR; here the client would
   * lose every subscription it holds for asking one too many.
   */
  private refuse(message: string, receipt: string | undefined, extra: Record<string, string>) {
    const headers: Record<string, string> = { message, 'content-type': 'text/plain', ...extra };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.send(encodeFrame('ERROR', headers, message));
  }

  /** Spec: the server sends ERROR and then closes the connection. */
  private fail(message: string, receipt?: string, extra: Record<string, string> = {}) {
    if (this.state === 'closed') return;
    const headers: Record<string, string> = { message, 'content-type': 'text/plain', ...extra };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.send(encodeFrame('ERROR', headers, message));
    this.close();
  }

  private close() {
    if (this.state === 'closed') return;
    this.cleanup();
    // A normal close after the last frame is flushed (ws sends the close frame after queued data).
    this.socket.close(1000);
  }

  private cleanup() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.unregister?.();
    for (const t of this.timers) clearTimeout(t);
    clearTimeout(this.heartbeatTimer);
    this.timers = [];
    for (const entry of this.subscriptions.values()) {
      entry.cancelled = true;
      entry.remove?.();
    }
    this.subscriptions.clear();
  }
}

function parseHeartbeat(value: string | undefined): [number, number] {
  if (!value) return [0, 0];
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
