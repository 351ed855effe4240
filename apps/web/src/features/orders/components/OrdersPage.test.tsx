import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@primeur/shared';
import { live, withFakeLive } from '../../../test/fake-live';
import { germanBuyer, jsonResponse, signedIn, userInfo } from '../../../test/fixtures';
import { summary } from '../../../test/orders';
import { renderPage } from '../../../test/render';
import { OrdersPage } from './OrdersPage';

withFakeLive();

/** A fake /api/users/orders that filters and pages like the server and keeps every URL asked for. */
function fakeOrders(all: OrderSummary[]) {
  const asked: URL[] = [];
  const answer = (url: string) => {
    const u = new URL(url, 'http://test');
    asked.push(u);
    const side = u.searchParams.get('side');
    const status = u.searchParams.get('status');
    const q = (u.searchParams.get('q') ?? '').toLowerCase();
    const page = Number(u.searchParams.get('page') ?? 1);
    const size = Number(u.searchParams.get('size') ?? 24);
    const hits = all.filter(
      (o) =>
        (side === 'selling' ? o.viewerSide === 'seller' : o.viewerSide === 'buyer') &&
        (!status || o.status === status) &&
        (!q || `${o.number} ${o.lot.title}`.toLowerCase().includes(q)),
    );
    return jsonResponse({ items: hits.slice((page - 1) * size, page * size), page, size, total: hits.length });
  };
  return { asked, answer };
}

const bought = Array.from({ length: 30 }, (_, i) =>
  summary({ id: 100 + i, number: `PRM-2026-${String(100 + i).padStart(6, '0')}`, lot: { ...summary().lot, title: i === 3 ? 'Navel oranges' : `Lemons ${i}` } }),
);
const sold = [summary({ id: 9, number: 'PRM-2026-000009', viewerSide: 'seller', status: 'SHIPPED', nextActions: [] })];

describe('/user/orders', () => {
  it('lists what the buyer bought, newest first, a page at a time, with the amounts in the reader’s language', async () => {
    const fake = fakeOrders([...bought, ...sold]);
    renderPage(<OrdersPage />, { lng: 'fr', path: '/user/orders', answers: { ...signedIn(germanBuyer), '/api/users/orders': fake.answer } });
    const table = await screen.findByTestId('orders-table');
    expect(screen.getByTestId('orders-total')).toHaveTextContent('30 commandes');
    const row = within(table).getByTestId('order-row-PRM-2026-000100');
    expect(row).toHaveTextContent('Huerta de Almería S.L.');
    expect(row).toHaveTextContent('8 palettes');
    expect(row).toHaveTextContent(/6\s400\skg/);
    expect(row).toHaveTextContent(/10\s368,00\s€/);
    expect(row).toHaveTextContent('Confirmée');
    expect(within(row).getByRole('link', { name: 'Ouvrir la commande PRM-2026-000100' })).toHaveAttribute('href', '/user/orders/100');
    // The buying tab names the seller, not the buyer itself.
    expect(within(table).queryByRole('columnheader', { name: 'Acheteur' })).toBeNull();
    expect(fake.asked[0]!.searchParams.get('side')).toBe('buying');

    await userEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    expect(await screen.findByTestId('order-row-PRM-2026-000124')).toBeInTheDocument();
    expect(screen.getByTestId('orders-page')).toHaveTextContent('Page 2 sur 2');
  }, 30_000);

  it('filters by status and words on the server, and switches to what the company sold', async () => {
    const fake = fakeOrders([...bought, ...sold]);
    renderPage(<OrdersPage />, { path: '/user/orders', answers: { ...signedIn(germanBuyer), '/api/users/orders': fake.answer } });
    await screen.findByTestId('orders-table');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'navel');
    await waitFor(() => expect(screen.getByTestId('orders-total')).toHaveTextContent('1 order'), { timeout: 30_000 });
    expect(screen.getByText('Navel oranges')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'SHIPPED');
    expect(await screen.findByText('No order matches your search.')).toBeInTheDocument();
    await waitFor(() => {
      const last = fake.asked.at(-1)!;
      expect(last.searchParams.get('status')).toBe('SHIPPED');
      expect(last.searchParams.get('q')).toBe('navel');
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Selling' }));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    const row = await screen.findByTestId('order-row-PRM-2026-000009', {}, { timeout: 30_000 });
    expect(row).toHaveTextContent('Frischmarkt Hamburg GmbH');
    expect(row).toHaveTextContent('Shipped');
    expect(fake.asked.at(-1)!.searchParams.get('side')).toBe('selling');
  }, 30_000);

  it('opens on what a supplier sold, and refreshes when an order changes live', async () => {
    const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Huerta de Almería S.L.', category: 'supplier', vatId: 'ES1' });
    let status: OrderSummary['status'] = 'CONFIRMED';
    const answer = (url: string) => {
      const u = new URL(url, 'http://test');
      expect(u.searchParams.get('side')).toBe('selling');
      return jsonResponse({ items: [summary({ id: 9, number: 'PRM-2026-000009', viewerSide: 'seller', status })], page: 1, size: 24, total: 1 });
    };
    live.subscriptions.length = 0;
    renderPage(<OrdersPage />, { lng: 'de', path: '/user/orders', answers: { ...signedIn(supplier), '/api/users/orders': answer } });
    const row = await screen.findByTestId('order-row-PRM-2026-000009');
    expect(within(row).getByTestId('order-status')).toHaveTextContent('Bestätigt');
    expect(screen.getByRole('tab', { name: 'Verkauf' })).toHaveAttribute('aria-selected', 'true');

    status = 'DELIVERED';
    const sub = live.subscriptions.find((s) => s.destination === '/user/queue/orders')!;
    sub.listener.onMessage(
      { orderId: 9, number: 'PRM-2026-000009', status: 'DELIVERED', previousStatus: 'SHIPPED', at: new Date().toISOString() },
      {} as never,
    );
    await waitFor(() => expect(within(screen.getByTestId('order-row-PRM-2026-000009')).getByTestId('order-status')).toHaveTextContent('Geliefert'));
  }, 30_000);
});
