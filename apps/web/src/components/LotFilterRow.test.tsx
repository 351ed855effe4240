import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SEARCH_DELAY_MS } from '../lib/list-params';
import { FilterSelect } from './ListControls';
import { useLotListPage } from './LotFilterRow';

/** A lot list's search box and "clear filters" on `useLotListPage`, as the marketplace wires them. */
function LotList() {
  const lots = useLotListPage(['q', 'family', 'origin', 'sort', 'qualityClass', 'certificate'] as const, 1);
  return (
    <>
      <input aria-label="Search" value={lots.search} onChange={(e) => lots.setSearch(e.target.value)} />
      <button type="button" onClick={lots.clear}>
        Clear filters
      </button>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('lot list state', () => {
  for (const [label, start] of [
    ['no search yet', '/marketplace?qualityClass=II&sort=-price'],
    ['a search already applied', '/marketplace?q=lem&qualityClass=II&sort=-price'],
  ] as const) {
    it(`"clear filters" right after typing (${label}): the typing never comes back, the box is empty, the sort stays`, async () => {
      vi.useFakeTimers();
      const router = createMemoryRouter([{ path: '*', element: <LotList /> }], { initialEntries: [start] });
      render(<RouterProvider router={router} />);
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'lemons' } });
      await act(async () => vi.advanceTimersByTime(SEARCH_DELAY_MS - 100));
      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      await act(async () => vi.advanceTimersByTime(SEARCH_DELAY_MS * 3));
      const address = new URLSearchParams(router.state.location.search);
      expect(address.get('q')).toBeNull();
      expect(address.get('qualityClass')).toBeNull();
      expect(address.get('sort')).toBe('-price');
      expect(screen.getByLabelText('Search')).toHaveValue('');
    });
  }
});

describe('filter select', () => {
  it('names the chosen option whole on hover (a narrow column may cut it), and "all" when none is chosen', () => {
    const options = [['FR', 'France'] as const, ['NL', 'Kingdom of the Netherlands'] as const];
    const { rerender } = render(<FilterSelect id="origin" label="Origin" value="NL" onChange={() => undefined} allLabel="All origins" options={options} />);
    expect(screen.getByLabelText('Origin')).toHaveAttribute('title', 'Kingdom of the Netherlands');
    rerender(<FilterSelect id="origin" label="Origin" value="" onChange={() => undefined} allLabel="All origins" options={options} />);
    expect(screen.getByLabelText('Origin')).toHaveAttribute('title', 'All origins');
  });
});
