import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Offer, ProductDetails } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { mergeOffers } from '../api/offers';
import { AuctionDetailsPage } from './AuctionDetailsPage';
import { splitDuration } from './time-left';

const HOUR = 3_600_000;

function details(over: Partial<ProductDetails> = {}): ProductDetails {
  const now = Date.now();
  return {
    productId: 5,
    productName: 'Navel orange',
    articleId: 1,
    family: 'fruits',
    name: 'Navel oranges, end of season',
    description: 'Sweet and seedless.',
    photos: '["a.png"]',
    user: { companyName: 'Agrumi di Sicilia' },
    supplier: 42,
    created: new Date(now - 2 * HOUR).toISOString(),
    caliber: '5',
    origin: { id: 1, name: 'Italy', alpha2: 'IT' },
    packaging: { id: 1, name: 'europool' },
    status: 'IN_AUCTION',
    auctionStartDate: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + 2 * HOUR + 5 * 60_000).toISOString(),
    availableUntil: '2099-01-01',
    price: 0.95,
    quantity: 12,
    seller: { companyName: 'Agrumi di Sicilia' },
    // The server's clock runs one hour ahead of this browser: the countdown must follow the server.
    serverTime: new Date(now + HOUR).toISOString(),
    highest: 1,
    nextMinimum: 1.01,
    open: true,
    winner: null,
    ...over,
  };
}

const offers: Offer[] = [{ id: 9, date: new Date().toISOString(), amount: 1, user: { companyName: 'Frischmarkt Hamburg GmbH' } }];
const buyer = { userId: 7, username: 'b@example.com', companyName: 'Frischmarkt Hamburg GmbH', category: 'client', address: '', postalCode: '', city: null, country: null, globalGapNumber: null, vatId: 'DE1' };

function renderDetails(d: ProductDetails, user = buyer) {
  return renderPage(
    <Routes>
      <Route path="/encheres/details/:productId" element={<AuctionDetailsPage />} />
    </Routes>,
    {
      path: '/encheres/details/5',
      answers: {
        '/api/users/isLoggedIn': [[{ roleId: user.category === 'supplier' ? 3 : 2, name: 'X' }]],
        '/api/users/userInfos': user,
        '/api/users/product/details/5': d,
        '/api/users/auction/offers/5': offers,
      },
    },
  );
}

describe('auction detail page', () => {
  it('counts down on the server clock, proposes the next valid amount and lists the offers', async () => {
    renderDetails(details());
    // Ends 2 h 5 min after this clock = 1 h 5 min after the server's.
    expect(await screen.findByTestId('countdown')).toHaveTextContent(/^0d 1h (4|5)m \d+s$/);
    expect(screen.getByLabelText('Your bid')).toHaveValue(1.01);
    expect(screen.getByTestId('bid-button')).toBeEnabled();
    expect(await screen.findByText('Frischmarkt Hamburg GmbH')).toBeInTheDocument();
    expect(screen.getByTestId('seller')).toHaveTextContent('Agrumi di Sicilia');
  });

  it('disables the bid for the seller and shows zero and the winner once over', async () => {
    const seller = { ...buyer, userId: 42, category: 'supplier', companyName: 'Agrumi di Sicilia' };
    renderDetails(details(), seller);
    expect(await screen.findByText('You cannot bid on your own lot.')).toBeInTheDocument();
    expect(screen.getByTestId('bid-button')).toBeDisabled();
  });

  it('shows zero and the result when the auction is over', async () => {
    const ended = details({ endsAt: new Date(Date.now() - HOUR).toISOString(), serverTime: new Date().toISOString(), status: 'EXPIRED', open: false, winner: { companyName: 'Frischmarkt Hamburg GmbH', amount: 1 } });
    renderDetails(ended);
    expect(await screen.findByTestId('countdown')).toHaveTextContent('0d 0h 0m 0s');
    expect(screen.getByTestId('result')).toHaveTextContent('Won by Frischmarkt Hamburg GmbH at 1,00 €/kg.');
    expect(screen.getByTestId('bid-button')).toBeDisabled();
  });
});

describe('offer helpers', () => {
  it('merges offers newest first, each once', () => {
    const a = { id: 1, date: '', amount: 1, user: { companyName: 'A' } };
    const b = { id: 2, date: '', amount: 1.1, user: { companyName: 'B' } };
    expect(mergeOffers([a], b).map((o) => o.id)).toEqual([2, 1]);
    expect(mergeOffers([b, a], b).map((o) => o.id)).toEqual([2, 1]);
    expect(mergeOffers(undefined, a)).toEqual([a]);
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(259_200_000)).toEqual({ d: 3, h: 0, m: 0, s: 0 });
    expect(splitDuration(90_061_000)).toEqual({ d: 1, h: 1, m: 1, s: 1 });
  });
});
