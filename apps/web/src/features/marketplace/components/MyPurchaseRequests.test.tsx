import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyPurchaseRequest } from '@primeur/shared';
import { germanBuyer, jsonResponse, signedIn } from '../../../test/fixtures';
import { order } from '../../../test/orders';
import { renderPage } from '../../../test/render';
import { MyPurchaseRequests } from './MyPurchaseRequests';

const mine = (over: Partial<MyPurchaseRequest> = {}): MyPurchaseRequest => ({
  id: 21,
  productId: 5,
  productTitle: 'Verna lemons',
  seller: { companyName: 'Huerta de Almería S.L.' },
  pallets: 3,
  message: '',
  created: '2026-11-25T08:00:00.000Z',
  pricePerKg: 1.5,
  status: 'COUNTERED',
  counter: { pricePerKg: 1.8, note: 'Class I, packed today', at: '2026-11-25T09:00:00.000Z' },
  expiresAt: '2026-11-26T09:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  order: null,
  available: 6,
  ...over,
});

function fakeServer(list: () => MyPurchaseRequest[], onPost: (url: string, body: unknown) => Response) {
  const posted: Array<{ url: string; body: unknown }> = [];
  return {
    posted,
    answers: {
      ...signedIn(germanBuyer),
      '/api/users/product/myPurchaseRequests': () => jsonResponse(list()),
      '/api/users/product/purchaseRequest/': (url: string, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        posted.push({ url, body });
        return onPost(url, body);
      },
    },
  };
}

describe('the buyer’s purchase requests and counter-offers', () => {
  it('accepts a counter-offer: the order is made at the counter price', async () => {
    let list = [mine(), mine({ id: 22, status: 'PENDING', counter: null, productTitle: 'Clementines' })];
    const server = fakeServer(
      () => list,
      () => {
        list = [mine({ status: 'ACCEPTED', order: { id: 90, number: 'PRM-2026-000090', status: 'CONFIRMED' } }), list[1]!];
        return jsonResponse(order({ id: 90, number: 'PRM-2026-000090', pricePerKg: 1.8, source: 'PURCHASE_REQUEST' }), 201);
      },
    );
    renderPage(<MyPurchaseRequests />, { answers: server.answers });
    expect(await screen.findByText('1 counter-offer waits for your answer.')).toBeInTheDocument();
    const row = screen.getByTestId('my-request-21');
    expect(within(row).getByTestId('request-price')).toHaveTextContent('€1.50/kg');
    expect(within(row).getByTestId('request-counter')).toHaveTextContent('Counter-offer: €1.80/kg');
    expect(within(row).getByTestId('request-counter')).toHaveTextContent('Class I, packed today');
    // A request the seller has not answered has nothing for the buyer to do.
    expect(within(screen.getByTestId('my-request-22')).queryByRole('button')).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Accept the counter-offer' }));
    await waitFor(() => expect(server.posted).toEqual([{ url: '/api/users/product/purchaseRequest/21/acceptCounter', body: {} }]));
    expect(await screen.findByText('Request accepted: order PRM-2026-000090 created.')).toBeInTheDocument();
    expect(await within(screen.getByTestId('my-request-21')).findByRole('link', { name: 'Order PRM-2026-000090' })).toHaveAttribute('href', '/user/orders/90');
  }, 30_000);

  it('declines a counter-offer with an optional reason, in the reader’s language', async () => {
    let list = [mine()];
    const server = fakeServer(
      () => list,
      () => {
        list = [mine({ status: 'COUNTER_DECLINED', declineReason: 'Trop cher' })];
        return jsonResponse(list[0]);
      },
    );
    renderPage(<MyPurchaseRequests />, { lng: 'fr', answers: server.answers });
    const row = await screen.findByTestId('my-request-21');
    await userEvent.click(within(row).getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Refuser la contre-proposition de Huerta de Almería S.L. ?');
    await userEvent.type(within(dialog).getByLabelText(/Motif/), 'Trop cher');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(server.posted).toEqual([{ url: '/api/users/product/purchaseRequest/21/declineCounter', body: { reason: 'Trop cher' } }]));
    expect(await screen.findByText('Contre-proposition refusée.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('my-request-21')).getByTestId('my-request-status')).toHaveTextContent('Contre-proposition refusée'));
  }, 30_000);
});
