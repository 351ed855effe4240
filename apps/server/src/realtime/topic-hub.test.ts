import { describe, expect, it } from 'vitest';
import { InProcessEventBus, type BusHandler, type EventBus } from './event-bus.js';
import { TopicHub } from './topic-hub.js';

/** Counts the bus subscriptions the hub holds. */
class CountingBus implements EventBus {
  readonly inner = new InProcessEventBus();
  subscribeCalls = 0;
  live = 0;
  publish(topic: string, payload: string) {
    return this.inner.publish(topic, payload);
  }
  async subscribe(topic: string, handler: BusHandler) {
    this.subscribeCalls++;
    this.live++;
    const off = await this.inner.subscribe(topic, handler);
    return async () => {
      this.live--;
      await off();
    };
  }
  close() {
    return this.inner.close();
  }
}

const sink = () => {
  const frames: Buffer[] = [];
  return { frames, deliver: (f: Buffer) => frames.push(f) };
};

describe('topic hub', () => {
  it('holds one bus subscription per topic, whatever the number of local subscribers', async () => {
    const bus = new CountingBus();
    const hub = new TopicHub(bus);
    const removers = await Promise.all(Array.from({ length: 50 }, () => hub.subscribe('/topic/offers/1', sink(), 'sub-0')));
    expect(bus.subscribeCalls).toBe(1);
    for (const remove of removers.slice(1)) remove();
    expect(bus.live).toBe(1);
    removers[0]!();
    await expect.poll(() => bus.live).toBe(0);
    expect(hub.topicCount).toBe(0);
  });

  it('serializes a message once and hands the same bytes to every socket with the same subscription id', async () => {
    const bus = new InProcessEventBus();
    const hub = new TopicHub(bus);
    const sinks = [sink(), sink(), sink()];
    await hub.subscribe('/topic/offers/2', sinks[0]!, 'sub-0');
    await hub.subscribe('/topic/offers/2', sinks[1]!, 'sub-0');
    await hub.subscribe('/topic/offers/2', sinks[2]!, 'other');
    await bus.publish('/topic/offers/2', '{"id":5}');
    expect(sinks[0]!.frames[0]).toBe(sinks[1]!.frames[0]);
    expect(sinks[2]!.frames[0]!.toString()).toContain('subscription:other\n');
  });

  it('subscribes the bus again when a topic comes back after its last subscriber left', async () => {
    const bus = new CountingBus();
    const hub = new TopicHub(bus);
    (await hub.subscribe('/topic/offers/3', sink(), 's'))();
    const s = sink();
    await hub.subscribe('/topic/offers/3', s, 's');
    await bus.publish('/topic/offers/3', '{}');
    expect(s.frames).toHaveLength(1);
    expect(bus.subscribeCalls).toBe(2);
  });
});
