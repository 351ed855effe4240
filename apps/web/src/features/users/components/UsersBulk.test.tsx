import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkResult, UserCard } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { UsersListPage } from './UsersListPage';

const admin = { userId: 999, username: 'admin@example.test', category: 'admin', companyName: 'Primeur', active: true };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A small in-memory user service behind fetch: the list, the pending count, the toggle, the bulk call
 * and "select all matching" all read and change the same accounts, as the server does.
 */
function fakeServer(count: number, pending: number[]) {
  const cards: UserCard[] = Array.from({ length: count }, (_, i) => ({
    userId: i + 1,
    companyName: `Company ${String(i + 1).padStart(2, '0')}`,
    category: 'buyer',
    username: `user${i + 1}@example.test`,
    address: '1 rue du Marché',
    city: { name: 'Rungis' },
    postalCode: '94150',
    country: { name: 'France', alpha2: 'FR' },
    vatId: '',
    registrationId: null,
    legalForm: null,
    shareCapital: null,
    registryCity: null,
    status: !pending.includes(i + 1),
    createdAt: '2026-11-01T10:00:00.000Z',
  }));
  const bulkCalls: Array<{ action: string; ids: number[] }> = [];
  const filtered = (u: URL) => cards.filter((c) => (u.searchParams.get('status') === 'inactive' ? !c.status : true));
  const answers = {
    '/api/users/isLoggedIn': [[{ roleId: 1, name: 'ADMIN' }]],
    '/api/users/userInfos': admin,
    '/api/admin/getAllBP': (url: string) => {
      const u = new URL(url, 'http://x');
      const size = Number(u.searchParams.get('size'));
      const page = Number(u.searchParams.get('page'));
      const all = filtered(u);
      return json({ items: all.slice((page - 1) * size, page * size), page, size, total: all.length });
    },
    '/api/admin/user/status/': (url: string) => {
      const id = Number(url.split('/').at(-1));
      const card = cards.find((c) => c.userId === id)!;
      card.status = !card.status;
      return json(cards);
    },
    '/api/admin/bulk/users/ids': (url: string) => {
      const all = filtered(new URL(url, 'http://x'));
      return json({ ids: all.map((c) => c.userId), total: all.length, limit: 1000 });
    },
    '/api/admin/bulk/users': (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init!.body)) as { action: string; ids: number[] };
      bulkCalls.push(body);
      const results: BulkResult[] = body.ids.map((id) => {
        if (id === 5 && body.action === 'deactivate') return { id, ok: false, code: 'CANNOT_DISABLE_SELF' };
        cards.find((c) => c.userId === id)!.status = body.action === 'activate';
        return { id, ok: true };
      });
      return json({ results });
    },
  };
  return { answers, bulkCalls };
}

describe('bulk actions on the user list (issue 26)', () => {
  it('activates the ticked accounts after one confirmation stating the count; the banner follows, and Undo puts them back', async () => {
    const user = userEvent.setup();
    const server = fakeServer(6, [2, 3, 4]);
    renderPage(<UsersListPage />, { answers: server.answers });
    expect(await screen.findByText('3 accounts are awaiting validation.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Company 02' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Company 03' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Company 04' }));
    expect(screen.getByTestId('bulk-users-count')).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Activate' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Activate 3 accounts?');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('3 accounts activated.')).toBeInTheDocument();
    expect(server.bulkCalls).toEqual([{ action: 'activate', ids: [2, 3, 4] }]);
    // The banner is read again without a reload: nobody waits any more.
    await waitFor(() => expect(screen.queryByText(/awaiting validation/)).not.toBeInTheDocument());
    expect(screen.getByTestId('bulk-users-count')).toHaveTextContent('0 selected');

    await user.click(screen.getByTestId('toast-undo'));
    await waitFor(() => expect(server.bulkCalls).toHaveLength(2));
    expect(server.bulkCalls[1]).toEqual({ action: 'deactivate', ids: [2, 3, 4] });
    expect(await screen.findByText('3 accounts are awaiting validation.')).toBeInTheDocument();
  }, 30_000);

  it('reports a refused row with its reason and keeps it ticked; nothing is sent on Cancel', async () => {
    const user = userEvent.setup();
    const server = fakeServer(6, []);
    renderPage(<UsersListPage />, { lng: 'fr', answers: server.answers });
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Company 05' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Company 06' }));
    await user.click(screen.getByRole('button', { name: 'Désactiver' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Désactiver 2 comptes\u00a0?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bulkCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Désactiver' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    const toast = await screen.findByTestId('toast-dataModifiedError');
    expect(toast).toHaveTextContent('1 compte désactivé.');
    expect(toast.textContent).toContain('1 non modifié\u00a0: Vous ne pouvez pas désactiver votre propre compte.');
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Company 05' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Company 06' })).not.toBeChecked();
    expect(await screen.findByText('1 compte attend une validation.')).toBeInTheDocument();
  }, 30_000);

  it('selects the page, then every account the filter matches, across pages', async () => {
    const user = userEvent.setup();
    const server = fakeServer(30, []);
    renderPage(<UsersListPage />, { answers: server.answers });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByTestId('bulk-users-count')).toHaveTextContent('24 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 30 matching rows' }));
    expect(await screen.findByText('All 30 matching rows are selected.')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-users-count')).toHaveTextContent('30 selected');
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading')).toHaveTextContent('Deactivate 30 accounts?');
  }, 30_000);

  it('drops the banner after both pending accounts are validated one by one (issue 26, item 7)', async () => {
    const user = userEvent.setup();
    const server = fakeServer(4, [1, 2]);
    renderPage(<UsersListPage />, { answers: server.answers });
    expect(await screen.findByText('2 accounts are awaiting validation.')).toBeInTheDocument();
    const card1 = screen.getByTestId('user-card-user1@example.test');
    await user.click(within(card1).getByRole('switch'));
    expect(await screen.findByText('1 account is awaiting validation.')).toBeInTheDocument();
    const card2 = screen.getByTestId('user-card-user2@example.test');
    await user.click(within(card2).getByRole('switch'));
    await waitFor(() => expect(screen.queryByText(/awaiting validation/)).not.toBeInTheDocument());
  }, 30_000);
});
