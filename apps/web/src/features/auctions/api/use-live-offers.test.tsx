import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Offer } from '@primeur/shared';
import { offersKey } from './offers';
import { useLiveOffers } from './use-live-offers';

const offer = (id: number, amount: number): Offer => ({ id, date: new Date(id * 1000).toISOString(), amount, user: { companyName: `B${id}` } });

describe('useLiveOffers (polling until the STOMP client replaces it)', () => {
  it('calls onOffer once per new offer, oldest first, never for the offers already there', async () => {
    let server: Offer[] = [offer(1, 1)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(server), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const seen: number[] = [];
    renderHook(() => useLiveOffers(5, (o) => seen.push(o.id)), { wrapper });
    await waitFor(() => expect(client.getQueryData(offersKey(5))).toHaveLength(1));
    expect(seen).toEqual([]);

    server = [offer(3, 1.2), offer(2, 1.1), offer(1, 1)];
    await act(() => client.refetchQueries({ queryKey: offersKey(5) }));
    await waitFor(() => expect(seen).toEqual([2, 3]));

    await act(() => client.refetchQueries({ queryKey: offersKey(5) }));
    expect(seen).toEqual([2, 3]);
  });
});
