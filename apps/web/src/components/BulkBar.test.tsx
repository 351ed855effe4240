import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkResult } from '@primeur/shared';
import { Providers } from '../app/Providers';
import { useSelection } from '../lib/bulk';
import { initI18n } from '../lib/i18n';
import { BulkBar } from './BulkBar';

/** A list of variants with the bulk bar, as the supplier page wires it: hidden rows leave the list. */
function Variants({ ids, onChanged }: { ids: number[]; onChanged(): void }) {
  const selection = useSelection('supplier-1');
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const shown = ids.filter((id) => !hidden.has(id));
  return (
    <>
      <BulkBar
        list="variants"
        selection={selection}
        pageIds={shown}
        actions={['delete']}
        onChanged={onChanged}
        onHide={(h) => setHidden((s) => new Set([...s, ...h]))}
        onUnhide={(u) => setHidden((s) => new Set([...s].filter((id) => !u.includes(id))))}
      />
      <ul>
        {shown.map((id) => (
          <li key={id}>
            <input type="checkbox" aria-label={`variant ${id}`} checked={selection.has(id)} onChange={() => selection.toggle(id)} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The bulk call as the server answers it: `refuse` ids come back refused. */
function serve(refuse: number[] = []) {
  const calls: Array<{ action: string; ids: number[] }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init!.body)) as { action: string; ids: number[] };
      calls.push(body);
      const results: BulkResult[] = body.ids.map((id) => (refuse.includes(id) ? { id, ok: false, code: 'CONFLICT' } : { id, ok: true }));
      return new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderVariants(ids: number[], onChanged = vi.fn()) {
  render(
    <Providers i18n={initI18n('en')}>
      <Variants ids={ids} onChanged={onChanged} />
    </Providers>,
  );
  return onChanged;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BulkBar deletion (decision 880)', () => {
  it('confirms with the count, hides the rows, and Undo within the delay sends nothing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderVariants([1, 2, 3]);
    const delete_ = screen.getByRole('button', { name: 'Delete' });
    expect(delete_).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'variant 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'variant 3' }));
    // Two of three ticked: the page box is neither on nor off.
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty('indeterminate', true);
    await user.click(delete_);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Delete 2 variants?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(screen.queryByRole('checkbox', { name: 'variant 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'variant 3' })).not.toBeInTheDocument();
    expect(await screen.findByText('2 variants deleted.')).toBeInTheDocument();
    await user.click(screen.getByTestId('toast-undo'));
    expect(screen.getByRole('checkbox', { name: 'variant 1' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'variant 3' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends one request when the undo toast closes, and brings back the rows the server refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve([2]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onChanged = renderVariants([1, 2, 3]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(screen.queryAllByRole('checkbox', { name: /^variant/ })).toHaveLength(0);

    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    await waitFor(() => expect(calls).toEqual([{ action: 'delete', ids: [1, 2, 3] }]));
    // Variant 2 was refused: it is shown again, with the reason.
    expect(await screen.findByRole('checkbox', { name: 'variant 2' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'variant 1' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('toast-productDeleteError')).toHaveTextContent(
      '1 not changed: This change conflicts with the current data; refresh and try again.',
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });
});
