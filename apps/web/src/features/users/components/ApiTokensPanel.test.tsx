import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiToken, CreatedApiToken } from '@primeur/shared';
import { jsonResponse } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ApiTokensPanel } from './ApiTokensPanel';

const SECRET = `prm_${'7'.repeat(40)}abc`;

const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 1,
  name: 'ERP sync',
  prefix: 'prm_3fA9xQ',
  scopes: ['orders:read', 'invoices:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-28T08:30:00.000Z',
  lastUsedIp: '203.0.113.7',
  ...over,
});

/** The panel over a fake server holding `initial`; `refuse` answers the creation instead of making the token. */
function render(initial: ApiToken[], refuse?: Response) {
  let list = [...initial];
  const posted: unknown[] = [];
  const deleted: number[] = [];
  renderPage(<ApiTokensPanel />, {
    answers: {
      '/api/users/api-tokens': (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method === 'POST') {
          const body = JSON.parse(String(init?.body)) as { name: string; scopes: ApiToken['scopes'] };
          posted.push(body);
          if (refuse) return refuse;
          const made: CreatedApiToken = {
            ...token({ id: 9, name: body.name, scopes: body.scopes, prefix: SECRET.slice(0, 10), lastUsedAt: null, lastUsedIp: null }),
            secret: SECRET,
          };
          const { secret: _s, ...shown } = made;
          list = [...list, shown];
          return jsonResponse(made, 201);
        }
        if (method === 'DELETE') {
          const id = Number(url.split('/').pop());
          deleted.push(id);
          list = list.filter((t) => t.id !== id);
          return new Response(null, { status: 204 });
        }
        return jsonResponse(list);
      },
    },
  });
  return { posted, deleted };
}

describe('the API tab of the profile', () => {
  it('lists each token with its first characters, scopes, creation and last use with its address', async () => {
    render([token(), token({ id: 2, name: 'Warehouse', scopes: ['lots:read'], lastUsedAt: null, lastUsedIp: null })]);
    const items = await screen.findAllByTestId('api-token');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('ERP sync')).toBeInTheDocument();
    expect(first.getByText('prm_3fA9xQ…')).toBeInTheDocument();
    expect(first.getByText('orders:read')).toBeInTheDocument();
    expect(first.getByText('invoices:read')).toBeInTheDocument();
    expect(first.getByText(/from 203\.0\.113\.7$/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Never used')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('checks the name and the scopes with the server’s limits before sending anything', async () => {
    const { posted } = render([]);
    expect(await screen.findByText('No API token yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create the token' }));
    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'x'.repeat(61));
    expect(await screen.findByText('60 characters at most.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('creates a token and shows its secret once, with a copy button and the warning', async () => {
    const user = userEvent.setup();
    const { posted } = render([]);
    await user.type(await screen.findByLabelText('Name'), '  WMS  ');
    await user.click(screen.getByRole('checkbox', { name: /^Orders: read/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Lots: create/ }));
    await user.click(screen.getByRole('button', { name: 'Create the token' }));
    await waitFor(() => expect(posted).toEqual([{ name: 'WMS', scopes: ['orders:read', 'lots:write'] }]));

    const shown = await screen.findByTestId('api-token-secret');
    expect(within(shown).getByText('Copy it now and keep it safe: it will not be shown again.')).toBeInTheDocument();
    expect(within(shown).getByLabelText('Token')).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent('Copied to the clipboard.');
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('WMS')).toBeInTheDocument();
    // The form is empty again for the next one.
    expect(screen.getByLabelText('Name')).toHaveValue('');

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-token-secret')).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('shows the server’s refusal in words', async () => {
    render([], jsonResponse({ error: 'A company may hold 20 API tokens at once.', code: 'TOO_MANY_API_TOKENS', max: 20 }, 409));
    await userEvent.type(await screen.findByLabelText('Name'), 'One more');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Invoices/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create the token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your company already has 20 API tokens: revoke one before creating another.');
    expect(screen.queryByTestId('api-token-secret')).toBeNull();
  });

  it('revokes a token after a confirmation', async () => {
    const { deleted } = render([token()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke the token “ERP sync”' }));
    const modal = await screen.findByTestId('confirm-modal');
    expect(within(modal).getByText('Every system using it is refused at once. This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deleted).toEqual([1]));
    expect(await screen.findByText('No API token yet.')).toBeInTheDocument();
  });
});
