import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IMessage } from '@stomp/stompjs';
import type { TopicListener } from './stomp';
import { useStompTopic } from './use-stomp-topic';

/** Records what the hook asks of the connection, and plays the connection's events back. */
function recordingConnection() {
  const active = new Map<string, TopicListener>();
  let subscribeCalls = 0;
  return {
    active,
    get subscribeCalls() {
      return subscribeCalls;
    },
    subscribe(destination: string, listener: TopicListener) {
      subscribeCalls++;
      active.set(destination, listener);
      return () => active.delete(destination);
    },
  };
}

const frame = (body: string) => ({ body, headers: { 'content-type': 'application/json' } }) as unknown as IMessage;

describe('useStompTopic', () => {
  it('calls onReconnect only when the subscription comes back after a loss, and reports the status', () => {
    const conn = recordingConnection();
    const onReconnect = vi.fn();
    const onMessage = vi.fn();
    const { result } = renderHook(() => useStompTopic('/topic/offers/1', onMessage, { onReconnect, connection: conn }));
    expect(result.current.status).toBe('connecting');
    const listener = conn.active.get('/topic/offers/1')!;

    act(() => listener.onSubscribed?.(false));
    expect(result.current.status).toBe('live');
    expect(onReconnect).not.toHaveBeenCalled();

    act(() => listener.onMessage({ id: 3 }, frame('{"id":3}')));
    expect(onMessage).toHaveBeenCalledWith({ id: 3 }, expect.anything());

    act(() => listener.onLost?.());
    expect(result.current.status).toBe('reconnecting');
    act(() => listener.onSubscribed?.(true));
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('live');
  });

  it('keeps one subscription across renders with new callbacks, and always calls the latest ones', () => {
    const conn = recordingConnection();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ cb }) => useStompTopic('/topic/offers/2', cb, { connection: conn }), {
      initialProps: { cb: first },
    });
    rerender({ cb: second });
    expect(conn.subscribeCalls).toBe(1);
    act(() => conn.active.get('/topic/offers/2')!.onMessage({ id: 1 }, frame('{"id":1}')));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('subscribes only when enabled with a destination, and unsubscribes on unmount or change', () => {
    const conn = recordingConnection();
    const { rerender, unmount } = renderHook(({ dest, enabled }) => useStompTopic(dest, () => undefined, { enabled, connection: conn }), {
      initialProps: { dest: null as string | null, enabled: true },
    });
    expect(conn.active.size).toBe(0);
    rerender({ dest: '/topic/offers/3', enabled: false });
    expect(conn.active.size).toBe(0);
    rerender({ dest: '/topic/offers/3', enabled: true });
    expect([...conn.active.keys()]).toEqual(['/topic/offers/3']);
    rerender({ dest: '/topic/offers/4', enabled: true });
    expect([...conn.active.keys()]).toEqual(['/topic/offers/4']);
    unmount();
    expect(conn.active.size).toBe(0);
  });
});
