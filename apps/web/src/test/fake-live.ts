import type { TopicListener } from '../lib/stomp';

/**
 * The tab's live connection, replaced by one the test drives: it subscribes at once, and keeps every
 * subscription so that the test delivers messages as the server would. In a test file:
 *
 *   vi.hoisted(() => vi.resetModules());
 *   afterAll(() => vi.resetModules());
 *   vi.mock('../../../lib/stomp', async (importOriginal) => (await import('../../../test/fake-live')).fakeStomp(importOriginal));
 *
 * and `import { live } from '../../../test/fake-live'` reads `live.subscriptions`.
 */
export const live = { subscriptions: [] as Array<{ destination: string; listener: TopicListener }> };

/** The real `lib/stomp` module with the fake connection. */
export async function fakeStomp(importOriginal: <M>() => Promise<M>) {
  const real = await importOriginal<typeof import('../lib/stomp')>();
  return {
    ...real,
    liveConnection: () => ({
      subscribe: (destination: string, listener: TopicListener) => {
        live.subscriptions.push({ destination, listener });
        queueMicrotask(() => listener.onSubscribed?.(false));
        return () => undefined;
      },
    }),
  };
}
