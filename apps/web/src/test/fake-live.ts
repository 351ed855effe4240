import { afterAll, beforeAll, beforeEach } from 'vitest';
import { replaceLiveConnection, type LiveSubscriber, type TopicListener } from '../lib/stomp';

/**
 * The tab's live connection, replaced by one the test drives: it subscribes at once, and keeps every
 * subscription so that the test delivers messages as the server would. At the top of a test file:
 *
 *   withFakeLive();
 *
 * and `live.subscriptions` holds what the page listens to (emptied before each test).
 */
export const live = { subscriptions: [] as Array<{ destination: string; listener: TopicListener }> };

const fake: LiveSubscriber = {
  subscribe: (destination, listener) => {
    live.subscriptions.push({ destination, listener });
    queueMicrotask(() => listener.onSubscribed?.(false));
    return () => undefined;
  },
};

/**
 * Puts `connection` (by default the fake above) in place of the tab's live connection for this file's
 * tests, and the real one back after them. No module is mocked: the web suite shares one document and
 * the loaded modules between files, and a mocked module means a second React and user-event attached
 * to that document (decision 962).
 */
export function withFakeLive(connection: LiveSubscriber = fake): void {
  beforeAll(() => replaceLiveConnection(connection));
  beforeEach(() => {
    live.subscriptions.length = 0;
  });
  afterAll(() => replaceLiveConnection(null));
}
