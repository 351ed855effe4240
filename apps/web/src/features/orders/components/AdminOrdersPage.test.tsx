import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@primeur/shared';
import { jsonResponse } from '../../../test/fixtures';
import { summary } from '../../../test/orders';
import { renderPage } from '../../../test/render';
import { AdminOrdersPage } from './AdminOrdersPage';

const admin = { userId: 999, username: 'admin@example.test', category: 'admin', companyName: 'Primeur', active: true };
const session = { '/api/users/isLoggedIn': [[{ roleId: 1, name: 'ADMIN' }]], '/api/users/userInfos': admin };

describe('/admin/orders', () => {
  it('lists every order with both parties, filters on the server, and offers the same filters as CSV', async () => {
    const asked: URL[] = [];
    const all: OrderSummary[] = [
      summary({ id: 1, number: 'PRM-2026-000001', viewerSide: 'operator', nextActions: [] }),
      summary({ id: 2, number: 'PRM-2026-000002', viewerSide: 'operator', nextActions: [], status: 'SHIPPED' }),
    ];
    const orders = (url: string) => {
      const u = new URL(url, 'http://x');
      asked.push(u);
      const status = u.searchParams.get('status');
      const q = u.searchParams.get('q');
      const hits = all.filter((o) => (!status || o.status === status) && (!q || o.number.includes(q)));
      return jsonResponse({ items: hits, page: 1, size: 24, total: hits.length });
    };
    const companies = () => jsonResponse({ items: [{ userId: 3, companyName: 'Huerta de Almería S.L.', category: 'supplier' }], page: 1, size: 20, total: 1 });
    renderPage(<AdminOrdersPage />, { path: '/admin/orders', answers: { ...session, '/api/admin/orders': orders, '/api/admin/getAllBP': companies } });

    const table = await screen.findByTestId('admin-orders-table', {}, { timeout: 30_000 });
    expect(within(table).getByRole('columnheader', { name: 'Buyer' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Seller' })).toBeInTheDocument();
    const row = within(table).getByTestId('order-row-PRM-2026-000002');
    expect(row).toHaveTextContent('Frischmarkt Hamburg GmbH');
    expect(row).toHaveTextContent('Huerta de Almería S.L.');
    expect(row).toHaveTextContent('€10,368.00');
    expect(within(row).getByRole('link', { name: 'Open order PRM-2026-000002' })).toHaveAttribute('href', '/admin/orders/2');
    expect(screen.getByTestId('orders-csv')).toHaveAttribute('href', '/api/admin/orders.csv');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'SHIPPED');
    await waitFor(() => expect(screen.getByTestId('orders-total')).toHaveTextContent('1 order'));
    expect(screen.queryByTestId('order-row-PRM-2026-000001')).toBeNull();

    await userEvent.click(screen.getByLabelText('Company'));
    await userEvent.click(await screen.findByText('Huerta de Almería S.L.', { selector: '[id*="option"]' }));
    await userEvent.type(screen.getByRole('searchbox'), '0002');
    await waitFor(() => {
      const last = asked.at(-1)!;
      expect(last.searchParams.get('status')).toBe('SHIPPED');
      expect(last.searchParams.get('party')).toBe('3');
      expect(last.searchParams.get('q')).toBe('0002');
      expect(last.searchParams.get('page')).toBe('1');
    });
    expect(screen.getByTestId('orders-csv')).toHaveAttribute('href', '/api/admin/orders.csv?status=SHIPPED&party=3&q=0002');
  }, 30_000);
});
