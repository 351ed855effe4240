import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderPage } from '../test/render';
import { AuctionRoomPage } from './AuctionRoomPage';

const HOUR = 3_600_000;

function details(over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    productId: 5,
    productName: 'Navel orange',
    articleId: 1,
    family: 'fruits',
    name: 'Navel oranges, end of season',
    description: '',
    photos: '[]',
    user: { companyName: 'Agrumi di Sicilia' },
    supplier: 42,
    created: new Date(now - 2 * HOUR).toISOString(),
    caliber: '5',
    origin: { id: 1, name: 'Italy', alpha2: 'IT' },
    packaging: { id: 1, name: 'europool' },
    status: 'IN_AUCTION',
    auctionStartDate: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + 2 * HOUR).toISOString(),
    availableUntil: '2099-01-01',
    price: 0.95,
    quantity: 12,
    seller: { companyName: 'Agrumi di Sicilia' },
    serverTime: new Date(now).toISOString(),
    highest: null,
    nextMinimum: 0.95,
    bidders: 0,
    reserveMet: null,
    phase: 'open',
    open: true,
    winner: null,
    ...over,
  };
}

const person = (userId: number, category: string, companyName: string) => ({
  userId,
  username: `${userId}@example.com`,
  companyName,
  category,
  address: '',
  postalCode: '',
  city: null,
  country: null,
  globalGapNumber: null,
  vatId: 'X',
});
const buyer = person(7, 'client', 'Frischmarkt Hamburg GmbH');
const roleId = { client: 2, supplier: 3, admin: 1 } as Record<string, number>;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The room as the router mounts it, with a server that keeps a watch list. */
function renderRoom(user: ReturnType<typeof person>, d = details(), offers: unknown[] = []) {
  const watched = new Set<number>();
  const calls: string[] = [];
  renderPage(
    <Routes>
      <Route path="/encheres/details/:productId" element={<AuctionRoomPage />} />
    </Routes>,
    {
      path: '/encheres/details/5',
      answers: {
        '/api/users/isLoggedIn': [[{ roleId: roleId[user.category], name: 'X' }]],
        '/api/users/userInfos': user,
        '/api/users/product/details/5': d,
        '/api/users/auction/offers/5': offers,
        '/api/users/auction/myBid/5': { maxAmount: null, leading: false },
        '/api/users/auction/watched': () => json([...watched].map((productId) => ({ productId, product: { productId, name: d.name } }))),
        '/api/users/auction/watch/5': (_url: string, init?: RequestInit) => {
          const method = init?.method ?? 'GET';
          calls.push(method);
          if (method === 'PUT') watched.add(5);
          if (method === 'DELETE') watched.delete(5);
          return json({ productId: 5, watched: watched.has(5) });
        },
      },
    },
  );
  return { calls, watched };
}

describe('auction room: watch button', { timeout: 20_000 }, () => {
  it('a buyer watches the lot from its page and stops watching it, as on the list', async () => {
    const { calls, watched } = renderRoom(buyer);
    const button = await screen.findByRole('button', { name: 'Watch Navel oranges, end of season' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    const watching = await screen.findByRole('button', { name: 'Stop watching Navel oranges, end of season' });
    expect(watching).toHaveTextContent('Watching');
    expect(watching).toHaveAttribute('aria-pressed', 'true');
    expect(watched.has(5)).toBe(true);
    await userEvent.click(watching);
    expect(await screen.findByRole('button', { name: 'Watch Navel oranges, end of season' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['PUT', 'DELETE']);
  });

  it('shows no watch button to the lot’s seller, to an administrator, or once the auction has ended', async () => {
    // Each page is looked at once it shows who is signed in (the bid hint, or the winner's result).
    const cases: Array<[ReturnType<typeof person>, ReturnType<typeof details>, string]> = [
      [person(42, 'supplier', 'Agrumi di Sicilia'), details(), 'You cannot bid on your own lot.'],
      [person(1, 'admin', 'Primeur Trading'), details(), 'Administrators cannot bid.'],
      [
        buyer,
        details({ endsAt: new Date(Date.now() - HOUR).toISOString(), status: 'EXPIRED', open: false, phase: 'ended', highest: 1.2 }),
        'You won this lot at €1.20/kg.',
      ],
    ];
    for (const [user, d, shown] of cases) {
      renderRoom(
        user,
        d,
        d.highest
          ? [{ id: 9, date: new Date(Date.now() - 2 * HOUR).toISOString(), amount: 1.2, user: { id: user.userId, companyName: user.companyName } }]
          : [],
      );
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(screen.queryByTestId('watch-5')).toBeNull();
      document.body.innerHTML = '';
    }
    // Another supplier may watch (it may buy too), as on the list.
    renderRoom(person(43, 'supplier', 'Vergers du Roussillon SAS'));
    expect(await screen.findByTestId('watch-5')).toHaveTextContent('Watch');
  });
});
