export type BusHandler = (payload: string) => void;
/** Receives every message of the bus, whatever its topic. */
export type BusListener = (topic: string, payload: string) => void;

/**
 * Carries live messages (already serialized) from the instance that committed a change to every
 * instance that has watchers. In-process by default; Redis pub/sub when REDIS_URL is set.
 * Publishers call publish only after their transaction has committed.
 */
export interface EventBus {
  publish(topic: string, payload: string): Promise<void>;
  /** Handles the messages of one topic. Returns an unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Handles every message, with its topic: one subscription for a whole instance (the TopicHub
   * dispatches to its local sockets itself). Returns an unsubscribe function.
   */
  subscribeAll(listener: BusListener): Promise<() => Promise<void>>;
  /**
   * Buses that can lose messages (Redis, while its connection is down) call the listener once they
   * are subscribed again, so that watchers can be told to refetch what they may have missed.
   * Returns the function that removes the listener.
   */
  onGap?(listener: () => void): () => void;
  /** Buses with a server behind them (Redis) answer when it is reachable; readiness calls it. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Local dispatch by topic, shared by both buses: handlers of one topic, and listeners of all topics.
 */
export class TopicDispatch {
  private readonly byTopic = new Map<string, Set<BusHandler>>();
  private readonly all = new Set<BusListener>();

  add(topic: string, handler: BusHandler) {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  addAll(listener: BusListener) {
    this.all.add(listener);
    return () => {
      this.all.delete(listener);
    };
  }

  dispatch(topic: string, payload: string) {
    for (const listener of this.all) listener(topic, payload);
    const set = this.byTopic.get(topic);
    if (set) for (const handler of set) handler(payload);
  }

  /** Topics with at least one handler, plus one when anyone listens to all (tests, metrics). */
  get size() {
    return this.byTopic.size + (this.all.size > 0 ? 1 : 0);
  }

  clear() {
    this.byTopic.clear();
    this.all.clear();
  }
}

export class InProcessEventBus implements EventBus {
  private readonly handlers = new TopicDispatch();

  async publish(topic: string, payload: string) {
    this.handlers.dispatch(topic, payload);
  }

  async subscribe(topic: string, handler: BusHandler) {
    const off = this.handlers.add(topic, handler);
    return async () => off();
  }

  async subscribeAll(listener: BusListener) {
    const off = this.handlers.addAll(listener);
    return async () => off();
  }

  async close() {
    this.handlers.clear();
  }
}
