import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Offer } from '@primeur/shared';
import { offersKey } from './offers';
import { useLiveOffers } from './use-live-offers';

const offer = (id: number, amount: number): Offer => ({
  id,
  date: new Date(id * 1000).toISOString(),
  amount,
  auto: false,
  bidderNumber: id,
  bidderLabel: `Bidder ${id}`,
  mine: false,
});

/** A connection whose subscriptions the test drives by hand (the real client is tested against the server). */
function fakeConnection() {
  const handlers: Array<{ destination: string; onMessage(p: unknown): void; onSubscribed?(r: boolean): void }> = [];
  return {
    handlers,
    subscribe(destination: string, h: { onMessage(p: unknown): void; onSubscribed?(r: boolean): void }) {
      handlers.push({ destination, ...h });
      return () => undefined;
    },
  };
}

describe('useLiveOffers', () => {
  it('delivers each live offer once, and after a reconnect the ones missed meanwhile', async () => {
    let server: Offer[] = [offer(1, 1)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(server), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const client = new QueryClient();
    client.setQueryData(offersKey(5), [offer(1, 1)]);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const conn = fakeConnection();
    const seen: number[] = [];
    renderHook(() => useLiveOffers(5, (o) => seen.push(o.id), conn as never), { wrapper });
    await waitFor(() => expect(conn.handlers).toHaveLength(1));
    const sub = conn.handlers[0]!;
    expect(sub.destination).toBe('/topic/offers/5');

    // First live: the offers already shown are not delivered again.
    await act(async () => sub.onSubscribed?.(false));
    expect(seen).toEqual([]);

    // A live message, then the same offer again (e.g. from a refetch): delivered once. Garbage is ignored.
    // A live message follows the shared contract (offerMessage): the bidder's number and the lot's state.
    const live = {
      ...offer(2, 1.1),
      mine: undefined,
      endsAt: new Date().toISOString(),
      originalEndsAt: new Date().toISOString(),
      extendedByMs: 0,
      highest: 1.1,
      bidders: 2,
      reserveMet: null,
    };
    act(() => sub.onMessage(live));
    act(() => sub.onMessage(live));
    // An offer without the lot's state is not a live message: ignored.
    act(() => sub.onMessage(offer(5, 1.5)));
    act(() => sub.onMessage({ nonsense: true }));
    expect(seen).toEqual([2]);

    // Connection lost; offers 3 and 4 were published meanwhile; the reconnect catches them up, oldest first.
    server = [offer(4, 1.3), offer(3, 1.2), offer(2, 1.1), offer(1, 1)];
    await act(async () => sub.onSubscribed?.(true));
    await waitFor(() => expect(seen).toEqual([2, 3, 4]));
  });
});
