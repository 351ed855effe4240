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

/**
 * Local topic registry of one instance. It holds ONE bus subscription for all topics (taken when the
 * first socket subscribes, kept for the life of the hub), dispatches each bus message to the local
 * subscribers of its topic, and serializes the frame once per message (not once per socket). With
 * Redis, that is one Redis subscription per instance, however many lots are watched.
 */
export class TopicHub {
  private readonly topics = new Map<string, Set<Subscriber>>();
  /** The one bus subscription; null until the first subscriber, or after it failed (retried). */
  private busReady: Promise<() => Promise<void>> | null = null;
  /** Message ids are unique per instance: a random instance tag plus a counter. */
  private readonly instanceTag = randomBytes(4).toString('hex');
  private seq = 0;

  constructor(private readonly bus: EventBus) {}

  private listen() {
    if (!this.busReady) {
      const ready = this.bus.subscribeAll((topic, payload) => this.deliverLocal(topic, payload));
      this.busReady = ready;
      ready.catch(() => {
        // A failed bus subscription must not stay cached: the next subscriber tries again.
        if (this.busReady === ready) this.busReady = null;
      });
    }
    return this.busReady;
  }

  /**
   * Adds a local subscriber. Resolves only once the bus subscription is live, so a RECEIPT sent after
   * it guarantees that every later publish reaches this subscriber (the web client refetches then).
   * Returns the function that removes the subscriber.
   */
  async subscribe(topic: string, sink: TopicSink, subscriptionId: string): Promise<() => void> {
    const subscriber: Subscriber = { sink, subscriptionId };
    let subscribers = this.topics.get(topic);
    if (!subscribers) this.topics.set(topic, (subscribers = new Set()));
    const current = subscribers;
    const remove = () => {
      current.delete(subscriber);
      if (current.size === 0 && this.topics.get(topic) === current) this.topics.delete(topic);
    };
    current.add(subscriber);
    try {
      await this.listen();
    } catch (err) {
      remove();
      throw err;
    }
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      remove();
    };
  }

  /** Stops listening to the bus (the app closes). */
  async close() {
    const ready = this.busReady;
    this.busReady = null;
    this.topics.clear();
    if (ready) await ready.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  /**
   * Delivers a message to this instance's subscribers only (no bus): for messages every instance
   * receives by itself, such as committed offers relayed from the database; also where bus
   * messages land.
   */
  deliverLocal(topic: string, payload: string) {
    const subscribers = this.topics.get(topic);
    if (subscribers) this.fanOut(topic, subscribers, payload);
  }

  /** Local subscribers across all topics (metrics). */
  get subscriberCount() {
    let n = 0;
    for (const subscribers of this.topics.values()) n += subscribers.size;
    return n;
  }

  /** Number of topics with at least one local subscriber (tests and metrics). */
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
