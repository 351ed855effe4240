import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserCard } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { UsersListPage } from './UsersListPage';

const card = (n: number, over: Partial<UserCard> = {}): UserCard => ({
  userId: n,
  companyName: `Company ${n}`,
  category: 'buyer',
  username: `user${n}@example.test`,
  address: `${n} rue du Marché`,
  city: { name: 'Rungis' },
  postalCode: '94150',
  country: { name: 'France', alpha2: 'FR' },
  vatId: '',
  registrationId: null,
  legalForm: null,
  shareCapital: null,
  registryCity: null,
  status: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const admin = { userId: 999, username: 'admin@example.test', category: 'admin', companyName: 'Primeur', active: true };

describe('admin user cards: the company identifiers (decision 968)', () => {
  it('shows the VAT number and the registration identifier of the company when known', async () => {
    renderPage(<UsersListPage />, {
      path: '/admin/users',
      answers: {
        '/api/users/isLoggedIn': [[{ roleId: 1, name: 'ADMIN' }]],
        '/api/users/userInfos': admin,
        '/api/admin/getAllBP': { items: [card(1, { vatId: 'FR40732829320', registrationId: '73282932000074' }), card(2)], total: 2, page: 1, size: 24 },
      },
    });
    expect(await screen.findByText('Registration No. 73282932000074')).toBeInTheDocument();
    expect(screen.getByText('VAT No. FR40732829320')).toBeInTheDocument();
    expect(screen.getAllByText(/^Registration No\./)).toHaveLength(1);
  });
});

describe('admin user cards: correcting the legal details (decision 968)', () => {
  it('refuses a French SIREN with a wrong check digit, then sends the corrected details', async () => {
    const sent: unknown[] = [];
    renderPage(<UsersListPage />, {
      path: '/admin/users',
      answers: {
        '/api/users/isLoggedIn': [[{ roleId: 1, name: 'ADMIN' }]],
        '/api/users/userInfos': admin,
        '/api/admin/getAllBP': { items: [card(1)], total: 1, page: 1, size: 24 },
        '/api/admin/user/1/legal': (_url: string, init?: RequestInit) => {
          sent.push(JSON.parse(String(init?.body)));
          return new Response(JSON.stringify(card(1, { registrationId: '732829320' })), { headers: { 'content-type': 'application/json' } });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Legal details' }));
    const id = await screen.findByLabelText('Company registration number');
    await userEvent.type(id, '732829321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This number is not valid: check its digits.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(id);
    await userEvent.type(id, '732 829 320');
    await userEvent.type(screen.getByLabelText('Legal form (e.g. SAS, SARL)'), 'SAS');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ registrationId: '732 829 320', legalForm: 'SAS', shareCapital: null, registryCity: null }]));
  });
});

describe('admin user list (decision 641)', () => {
  it('asks the server for a page with the search words and filters, and pages with the total', async () => {
    const asked: URL[] = [];
    const users = (url: string) => {
      const u = new URL(url, 'http://x');
      asked.push(u);
      if (u.searchParams.get('status') === 'inactive' && u.searchParams.get('size') === '1') {
        return new Response(JSON.stringify({ items: [], page: 1, size: 1, total: 3 }), { headers: { 'content-type': 'application/json' } });
      }
      const page = Number(u.searchParams.get('page'));
      const items = u.searchParams.get('q')
        ? [card(7, { companyName: 'Huerta de Almería' })]
        : Array.from({ length: 24 }, (_, i) => card((page - 1) * 24 + i + 1));
      const total = u.searchParams.get('q') ? 1 : 30;
      return new Response(JSON.stringify({ items, page, size: 24, total }), { headers: { 'content-type': 'application/json' } });
    };
    renderPage(<UsersListPage />, {
      lng: 'fr',
      answers: { '/api/users/isLoggedIn': [[{ roleId: 1, name: 'ADMIN' }]], '/api/users/userInfos': admin, '/api/admin/getAllBP': users },
    });
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    expect(await screen.findByText('3 comptes attendent une validation.')).toBeInTheDocument();
    expect(screen.getByTestId('users-total')).toHaveTextContent('30 utilisateurs');
    expect(screen.getByTestId('users-page')).toHaveTextContent('Page 1 sur 2');
    await userEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    expect(await screen.findByText('Company 25')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Catégorie'), 'supplier');
    await userEvent.type(screen.getByRole('searchbox'), 'almeria');
    expect(await screen.findByText('Huerta de Almería', {}, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => {
      const last = asked.at(-1)!;
      expect(last.searchParams.get('q')).toBe('almeria');
      expect(last.searchParams.get('category')).toBe('supplier');
      expect(last.searchParams.get('page')).toBe('1');
    });
  }, 30_000);
});
