import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './list-params';

type Params = ReturnType<typeof useListParams<'q' | 'qualityClass' | 'sort'>>;

/** A list page's state in a real (memory) router: what the address says after each change. */
function renderList(path: string) {
  const seen: { current?: Params } = {};
  function List() {
    seen.current = useListParams(['q', 'qualityClass', 'sort'] as const);
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <List /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, params: () => seen.current!, search: () => router.state.location.search };
}

describe('useListParams: the list state in the address', () => {
  it('keeps both of two changes made before the first one reaches the page', async () => {
    const list = renderList('/marketplace?sort=-price&qualityClass=II&q=zzz');
    const { setFilters } = list.params();
    // "Clear filters", then the search's pause ending with the text it had before, in one moment: the
    // second change starts from the first one's address, not from the one the page last showed.
    await act(async () => {
      setFilters({ q: '', qualityClass: '' });
      setFilters({ q: '' });
    });
    expect(new URLSearchParams(list.search()).toString()).toBe('sort=-price');
  });

  it('starts again from the address shown after Back', async () => {
    const list = renderList('/marketplace?q=a');
    await act(async () => list.params().setFilters({ qualityClass: 'I' }));
    expect(new URLSearchParams(list.search()).toString()).toBe('q=a&qualityClass=I');
    await act(async () => list.params().setPage(2));
    expect(new URLSearchParams(list.search()).get('page')).toBe('2');
    await act(async () => list.router.navigate(-1));
    expect(new URLSearchParams(list.search()).get('page')).toBeNull();
    await act(async () => list.params().setFilters({ sort: 'price' }));
    expect(new URLSearchParams(list.search()).toString()).toBe('q=a&qualityClass=I&sort=price');
  });
});
