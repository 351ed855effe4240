import { randomBytes } from 'node:crypto';
import type { EventBus } from './event-bus.js';
import { SharedMessageFrame } from './stomp-frame.js';

/** What the hub needs from a local STOMP connection. */
export interface TopicSink {
  /** Sends a finished frame; the sink decides what to do with a slow consumer. */
  deliver(frame: Buffer): void;
}

interface Subscriber {
  sink: TopicSink;
  subscriptionId: string;
}

interface TopicEntry {
  subscribers: Set<Subscriber>;
  /** Resolves once the bus subscription is live; holds the bus unsubscribe function. */
  ready: Promise<() => Promise<void>>;
}

/**
 * Local topic registry of one instance. It holds one bus subscription per topic, reference-counted
 * by the local STOMP subscriptions, and fans each bus message out to the local sockets with the
 * frame serialized once per message (not once per socket).
 */
export class TopicHub {
  private readonly topics = new Map<string, TopicEntry>();
  /** Message ids are unique per instance: a random instance tag plus a counter. */
  private readonly instanceTag = randomBytes(4).toString('hex');
  private seq = 0;

  constructor(private readonly bus: EventBus) {}

  /**
   * Adds a local subscriber. Resolves only once the bus subscription is live, so a RECEIPT sent after
   * it guarantees that every later publish reaches this subscriber (the web client refetches then).
   * Returns the function that removes the subscriber.
   */
  async subscribe(topic: string, sink: TopicSink, subscriptionId: string): Promise<() => void> {
    const subscriber: Subscriber = { sink, subscriptionId };
    let entry = this.topics.get(topic);
    if (!entry) {
      const subscribers = new Set<Subscriber>();
      const ready = this.bus.subscribe(topic, (payload) => this.fanOut(topic, subscribers, payload));
      entry = { subscribers, ready };
      this.topics.set(topic, entry);
      ready.catch(() => {
        // A failed bus subscription must not stay cached: the next subscriber tries again.
        if (this.topics.get(topic) === entry) this.topics.delete(topic);
      });
    }
    entry.subscribers.add(subscriber);
    try {
      await entry.ready;
    } catch (err) {
      entry.subscribers.delete(subscriber);
      throw err;
    }
    const current = entry;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0 && this.topics.get(topic) === current) {
        this.topics.delete(topic);
        void current.ready.then((unsubscribe) => unsubscribe()).catch(() => undefined);
      }
    };
  }

  /**
   * Delivers a message to this instance's subscribers only (no bus): for messages every instance
   * receives by itself, such as committed offers relayed from the database.
   */
  deliverLocal(topic: string, payload: string) {
    const entry = this.topics.get(topic);
    if (entry) this.fanOut(topic, entry.subscribers, payload);
  }

  /** Local subscribers across all topics (metrics). */
  get subscriberCount() {
    let n = 0;
    for (const e of this.topics.values()) n += e.subscribers.size;
    return n;
  }

  /** Number of topics with a live bus subscription (tests and metrics). */
  get topicCount() {
    return this.topics.size;
  }

  private fanOut(topic: string, subscribers: Set<Subscriber>, payload: string) {
    if (subscribers.size === 0) return;
    const frame = new SharedMessageFrame(topic, `${this.instanceTag}-${++this.seq}`, payload);
    for (const s of subscribers) {
      // One broken socket must not stop the others, nor surface as an error to the publisher.
      try {
        s.sink.deliver(frame.forSubscription(s.subscriptionId));
      } catch {
        /* the connection cleans itself up on its close/error event */
      }
    }
  }
}
