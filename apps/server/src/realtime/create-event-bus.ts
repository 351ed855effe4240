import type { AppConfig } from '../config/env.js';
import { InProcessEventBus, type EventBus } from './event-bus.js';

/** The bus for this process: Redis pub/sub when REDIS_URL is set (several instances), else in-process. */
export async function createEventBus(
  config: Pick<AppConfig, 'redisUrl' | 'busSecret'>,
  onError?: (err: Error) => void,
): Promise<{ bus: EventBus; kind: 'redis' | 'in-process' }> {
  if (config.redisUrl) {
    // ioredis only with a Redis to reach (decision 920: not loaded at start otherwise).
    const { RedisEventBus } = await import('./redis-event-bus.js');
    return { bus: await RedisEventBus.connect(config.redisUrl, { onError, secret: config.busSecret }), kind: 'redis' };
  }
  return { bus: new InProcessEventBus(), kind: 'in-process' };
}
