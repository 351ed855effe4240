import { EventEmitter } from 'node:events';

export type BusHandler = (payload: string) => void;

/**
 * Carries live messages (already serialized) from the instance that committed a change to every
 * instance that has watchers. In-process by default; Redis pub/sub when REDIS_URL is set.
 * Publishers call publish only after their transaction has committed.
 */
export interface EventBus {
  publish(topic: string, payload: string): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
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

export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(topic: string, payload: string) {
    this.emitter.emit(topic, payload);
  }

  async subscribe(topic: string, handler: BusHandler) {
    this.emitter.on(topic, handler);
    return async () => {
      this.emitter.off(topic, handler);
    };
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}
