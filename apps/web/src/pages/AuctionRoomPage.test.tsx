import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ProductDetails, UserInfo } from '@primeur/shared';
import { auctionDetails, auctionPageAnswers, jsonResponse, userInfo } from '../test/fixtures';
import { renderPage } from '../test/render';
import { AuctionRoomPage } from './AuctionRoomPage';

const HOUR = 3_600_000;

const person = (userId: number, category: UserInfo['category'], companyName: string) =>
  userInfo({ userId, username: `${userId}@example.com`, companyName, category, vatId: 'X' });
const buyer = person(7, 'client', 'Frischmarkt Hamburg GmbH');

/** The room as the router mounts it, with a server that keeps a watch list. */
function renderRoom(user: ReturnType<typeof person>, d = auctionDetails(), offers: unknown[] = []) {
  const watched = new Set<number>();
  const calls: string[] = [];
  renderPage(
    <Routes>
      <Route path="/encheres/details/:productId" element={<AuctionRoomPage />} />
    </Routes>,
    {
      path: '/encheres/details/5',
      answers: {
        ...auctionPageAnswers(user, d, offers),
        '/api/users/auction/watched': () => jsonResponse([...watched].map((productId) => ({ productId, product: { productId, name: d.name } }))),
        '/api/users/auction/watch/5': (_url: string, init?: RequestInit) => {
          const method = init?.method ?? 'GET';
          calls.push(method);
          if (method === 'PUT') watched.add(5);
          if (method === 'DELETE') watched.delete(5);
          return jsonResponse({ productId: 5, watched: watched.has(5) });
        },
      },
    },
  );
  return { calls, watched };
}

describe('auction room: watch button', () => {
  it('a buyer watches the lot from its page and stops watching it, as on the list', async () => {
    const { calls, watched } = renderRoom(buyer);
    const button = await screen.findByRole('button', { name: 'Watch Navel oranges, end of season' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    const watching = await screen.findByRole('button', { name: 'Watching Navel oranges, end of season' });
    expect(watching).toHaveTextContent('Watching');
    expect(watching).toHaveAttribute('aria-pressed', 'true');
    expect(watched.has(5)).toBe(true);
    await userEvent.click(watching);
    expect(await screen.findByRole('button', { name: 'Watch Navel oranges, end of season' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['PUT', 'DELETE']);
  });

  it('shows no watch button to the lot’s seller, to an administrator, or once the auction has ended', async () => {
    // Each page is looked at once it shows who is signed in (the bid hint, or the winner's result).
    const cases: Array<[ReturnType<typeof person>, ProductDetails, string]> = [
      [person(42, 'supplier', 'Agrumi di Sicilia'), auctionDetails(), 'You cannot bid on your own lot.'],
      [person(1, 'admin', 'Primeur Trading'), auctionDetails(), 'Administrators cannot bid.'],
      [
        buyer,
        auctionDetails({ endsAt: new Date(Date.now() - HOUR).toISOString(), status: 'EXPIRED', open: false, phase: 'ended', highest: 1.2 }),
        'You won this lot at €1.20/kg.',
      ],
    ];
    for (const [user, d, shown] of cases) {
      renderRoom(
        user,
        d,
        d.highest
          ? [{ id: 9, date: new Date(Date.now() - 2 * HOUR).toISOString(), amount: 1.2, auto: false, bidderNumber: 1, bidderLabel: 'You', mine: true }]
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
