import { describe, expect, it } from 'vitest';
import { InProcessEventBus, type BusHandler, type BusListener, type EventBus } from './event-bus.js';
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
  async subscribeAll(listener: BusListener) {
    this.subscribeCalls++;
    this.live++;
    const off = await this.inner.subscribeAll(listener);
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
  it('holds one bus subscription for all topics, whatever the number of topics and local subscribers', async () => {
    const bus = new CountingBus();
    const hub = new TopicHub(bus);
    const removers = await Promise.all(Array.from({ length: 50 }, (_, i) => hub.subscribe(`/topic/offers/${i % 10}`, sink(), 'sub-0')));
    expect(bus.subscribeCalls).toBe(1);
    expect(hub.topicCount).toBe(10);
    for (const remove of removers) remove();
    expect(hub.topicCount).toBe(0);
    // The subscription stays for the life of the hub: a lot watched again costs no new one.
    await hub.subscribe('/topic/offers/1', sink(), 'sub-0');
    expect(bus.subscribeCalls).toBe(1);
    await hub.close();
    expect(bus.live).toBe(0);
  });

  it('delivers a bus message only to the subscribers of its topic', async () => {
    const bus = new InProcessEventBus();
    const hub = new TopicHub(bus);
    const [a, b] = [sink(), sink()];
    await hub.subscribe('/topic/offers/1', a, 's');
    await hub.subscribe('/user/7/queue/orders', b, 's');
    await bus.publish('/user/7/queue/orders', '{"orderId":3}');
    await bus.publish('/topic/offers/99', '{}');
    expect(a.frames).toHaveLength(0);
    expect(b.frames).toHaveLength(1);
    expect(b.frames[0]!.toString()).toContain('destination:/user/7/queue/orders\n');
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

  it('takes the bus subscription again after it failed, for the next subscriber', async () => {
    const bus = new CountingBus();
    let fail = true;
    const flaky: EventBus = {
      publish: (t, p) => bus.publish(t, p),
      subscribe: (t, h) => bus.subscribe(t, h),
      subscribeAll: (l) => (fail ? Promise.reject(new Error('Redis down')) : bus.subscribeAll(l)),
      close: () => bus.close(),
    };
    const hub = new TopicHub(flaky);
    await expect(hub.subscribe('/topic/offers/3', sink(), 's')).rejects.toThrow('Redis down');
    expect(hub.topicCount).toBe(0);
    fail = false;
    const s = sink();
    await hub.subscribe('/topic/offers/3', s, 's');
    await bus.publish('/topic/offers/3', '{}');
    expect(s.frames).toHaveLength(1);
  });
});
