import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SEARCH_DELAY_MS, useListPage, useLocalListParams } from './list-params';

afterEach(() => vi.useRealTimers());

/** `useListPage` in a memory router opened at `path`: its last rendered state and the address it rendered with. */
function renderListPage(path: string) {
  let last: { page: ReturnType<typeof useListPage<'q' | 'family'>>; search: string } | undefined;
  function Page() {
    last = { page: useListPage(['q', 'family'] as const), search: useLocation().search };
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { page: () => last!.page, address: () => new URLSearchParams(last!.search) };
}

/** Lets the pending timers run and the router's navigations render. */
const elapse = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe('list state in the address', () => {
  it('writes the typed search after the pause', async () => {
    vi.useFakeTimers();
    const list = renderListPage('/?family=fruits');
    act(() => list.page().setSearch('apple'));
    await elapse(SEARCH_DELAY_MS - 1);
    expect(list.address().get('q')).toBeNull();
    await elapse(1);
    expect(list.address().get('q')).toBe('apple');
    expect(list.address().get('family')).toBe('fruits');
  });

  for (const [label, start] of [
    ['no search yet', '/?family=fruits'],
    ['a search already applied', '/?q=ap&family=fruits'],
  ] as const) {
    it(`a filter change that sets q drops the typing not yet applied (${label}): it never reaches the address`, async () => {
      vi.useFakeTimers();
      const list = renderListPage(start);
      act(() => list.page().setSearch('apple'));
      await elapse(SEARCH_DELAY_MS - 100);
      act(() => list.page().setFilters({ q: '', family: '' }));
      expect(list.page().search).toBe('');
      await elapse(SEARCH_DELAY_MS * 3);
      expect(list.address().get('q')).toBeNull();
      expect(list.address().get('family')).toBeNull();
      expect(list.page().search).toBe('');
    });
  }

  it('a filter change without q keeps the typing, which reaches the address after its pause', async () => {
    vi.useFakeTimers();
    const list = renderListPage('/');
    act(() => list.page().setSearch('apple'));
    await elapse(SEARCH_DELAY_MS - 100);
    act(() => list.page().setFilters({ family: 'fruits' }));
    await elapse(SEARCH_DELAY_MS);
    expect([list.address().get('q'), list.address().get('family')]).toEqual(['apple', 'fruits']);
    expect(list.page().search).toBe('apple');
  });
});

describe('list state in the page', () => {
  it('a filter change that sets q drops the typing not yet applied', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useLocalListParams(['q', 'status'] as const));
    act(() => result.current.setFilters({ status: 'ACTIVE' }));
    act(() => result.current.setSearch('apple'));
    await elapse(SEARCH_DELAY_MS - 100);
    act(() => result.current.setFilters({ q: '', status: '' }));
    await elapse(SEARCH_DELAY_MS * 3);
    expect(result.current.filters).toEqual({ q: '', status: '' });
    expect(result.current.search).toBe('');
  });
});
