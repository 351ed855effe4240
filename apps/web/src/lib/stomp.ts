import { Client, ReconnectionTimeMode, type IMessage, type StompSubscription } from '@stomp/stompjs';

/**
 * The one live connection of this tab: STOMP 1.2 over WebSocket at /ws on the app's own origin,
 * shared by every live view. The session cookie rides on the upgrade (same origin), so no
 * credentials are handled here.
 */

export interface PageLocation {
  protocol: string;
  host: string;
}

/** ws(s)://<this host>/ws, derived from where the app is served: nothing hard-coded. */
export function stompUrl(location: PageLocation = pageLocation()): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

// Read through globalThis (not `window`) so that the module also loads in Node, where the server's
// tests drive it against the real STOMP endpoint.
function pageLocation(): PageLocation {
  const location = (globalThis as { location?: PageLocation }).location;
  if (!location) throw new Error('stompUrl: no page location; pass one explicitly');
  return location;
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface TopicListener {
  /** A MESSAGE on the topic: the parsed JSON body (unknown: validate it) and the raw frame. */
  onMessage(payload: unknown, message: IMessage): void;
  /**
   * The subscription is live on the server (its RECEIPT came back): every message published from now
   * on will arrive. `reconnected` is false the first time, true after each connection loss.
   */
  onSubscribed?(reconnected: boolean): void;
  /** The connection dropped; messages may be missed until the next onSubscribed(true). */
  onLost?(): void;
}

interface ListenerState {
  listener: TopicListener;
  subscribedBefore: boolean;
}

interface TopicState {
  listeners: Set<ListenerState>;
  subscription?: StompSubscription;
  live: boolean;
  /** The receipt asked with the last SUBSCRIBE: an ERROR naming it refused this topic alone. */
  receipt?: string;
}

/** Reconnect back-off: 0.5 s doubling up to 30 s (stompjs exponential mode). */
const RECONNECT_DELAY_MS = 500;
const MAX_RECONNECT_DELAY_MS = 30_000;
const HEARTBEAT_MS = 10_000;
/** Keep the socket a moment after the last view leaves: route changes would otherwise reconnect. */
const IDLE_CLOSE_MS = 5_000;
/** Spread reconnections after a server restart: every open tab would otherwise come back at once. */
const RECONNECT_JITTER_MS = 1_000;

let receiptSeq = 0;

export class LiveConnection {
  private readonly topics = new Map<string, TopicState>();
  private client: Client | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly createClient: () => Client = () => new Client({ brokerURL: stompUrl() })) {}

  /** Listens to a destination; returns the function that stops listening. */
  subscribe(destination: string, listener: TopicListener): () => void {
    clearTimeout(this.idleTimer);
    let topic = this.topics.get(destination);
    if (!topic) {
      topic = { listeners: new Set(), live: false };
      this.topics.set(destination, topic);
    }
    const state: ListenerState = { listener, subscribedBefore: false };
    topic.listeners.add(state);
    const client = this.ensureClient();
    if (client.connected && !topic.subscription) this.subscribeOnServer(destination, topic);
    else if (topic.live) this.notifySubscribed(state);

    return () => {
      const current = this.topics.get(destination);
      if (!current) return;
      current.listeners.delete(state);
      if (current.listeners.size > 0) return;
      this.topics.delete(destination);
      if (this.client?.connected) current.subscription?.unsubscribe();
      if (this.topics.size === 0) {
        this.idleTimer = setTimeout(() => {
          if (this.topics.size === 0) void this.stop();
        }, IDLE_CLOSE_MS);
      }
    };
  }

  async stop() {
    const client = this.client;
    this.client = null;
    if (client) await client.deactivate();
  }

  private ensureClient(): Client {
    if (this.client) return this.client;
    const client = this.createClient();
    let connectedBefore = false;
    client.configure({
      beforeConnect: async () => {
        if (connectedBefore) await new Promise((r) => setTimeout(r, Math.random() * RECONNECT_JITTER_MS));
      },
      reconnectDelay: RECONNECT_DELAY_MS,
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: MAX_RECONNECT_DELAY_MS,
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      // stompjs does not resubscribe by itself: every (re)connection subscribes every topic again.
      // Callbacks of a client that stop() already replaced must not touch the current topics.
      onConnect: () => {
        if (this.client !== client) return;
        connectedBefore = true;
        for (const [destination, topic] of this.topics) this.subscribeOnServer(destination, topic);
      },
      onWebSocketClose: () => {
        if (this.client === client) this.markLost();
      },
      onStompError: (frame) => {
        if (this.client !== client) return;
        // The server refuses one SUBSCRIBE over its limit with an ERROR naming the receipt and keeps
        // the connection (server decision 783): only that topic is off, until the next connection.
        // Any other ERROR is followed by the close, which marks every topic lost.
        const refused = frame.headers['receipt-id'];
        const topic = refused ? [...this.topics.values()].find((t) => t.receipt === refused) : undefined;
        if (topic) {
          topic.subscription = undefined;
          topic.live = false;
          return;
        }
        this.markLost();
      },
    });
    this.client = client;
    client.activate();
    return client;
  }

  private subscribeOnServer(destination: string, topic: TopicState) {
    const client = this.client;
    if (!client) return;
    const receipt = `sub-${++receiptSeq}`;
    topic.receipt = receipt;
    // The server answers the receipt only once its bus subscription is live, so a refetch started
    // after it cannot miss a message published in between.
    client.watchForReceipt(receipt, () => {
      if (this.topics.get(destination) !== topic) return;
      topic.live = true;
      for (const state of topic.listeners) this.notifySubscribed(state);
    });
    topic.subscription = client.subscribe(
      destination,
      (message) => {
        const payload = parseBody(message);
        for (const { listener } of topic.listeners) listener.onMessage(payload, message);
      },
      { receipt },
    );
  }

  private notifySubscribed(state: ListenerState) {
    const reconnected = state.subscribedBefore;
    state.subscribedBefore = true;
    state.listener.onSubscribed?.(reconnected);
  }

  private markLost() {
    for (const topic of this.topics.values()) {
      const wasLive = topic.live;
      topic.live = false;
      topic.subscription = undefined;
      if (wasLive) for (const { listener } of topic.listeners) listener.onLost?.();
    }
  }
}

function parseBody(message: IMessage): unknown {
  const type = message.headers['content-type'] ?? '';
  if (!type.startsWith('application/json')) return message.body;
  try {
    return JSON.parse(message.body) as unknown;
  } catch {
    return undefined;
  }
}

/** What a page needs of the live connection: topics to listen to. */
export type LiveSubscriber = Pick<LiveConnection, 'subscribe'>;

let shared: LiveSubscriber | null = null;

/** The tab-wide connection, created on first use. */
export function liveConnection(): LiveSubscriber {
  shared ??= new LiveConnection();
  return shared;
}

/**
 * Puts another connection in the tab-wide one's place (a test's fake, which the test drives); null lets
 * the next use create a real one. Tests use this rather than mocking the module: the web suite shares
 * one document between files, and a mocked module means reloading React and user-event beside the
 * copies already attached to that document (decision 962).
 */
export function replaceLiveConnection(next: LiveSubscriber | null): void {
  shared = next;
}
