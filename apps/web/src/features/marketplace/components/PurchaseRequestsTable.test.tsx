import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseRequest } from '@primeur/shared';
import { jsonResponse, signedIn, userInfo } from '../../../test/fixtures';
import { order } from '../../../test/orders';
import { renderPage } from '../../../test/render';
import { PurchaseRequestsTable } from './PurchaseRequestsTable';

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Seller', category: 'supplier', vatId: 'ES1' });
const request = (over: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
  id: 12,
  productId: 5,
  productTitle: 'Verna lemons',
  buyer: { companyName: 'Frischmarkt Hamburg GmbH', email: 'b@example.com' },
  pallets: 3,
  message: 'Delivery Monday please',
  created: '2026-11-25T08:00:00.000Z',
  pricePerKg: 1.5,
  counter: null,
  status: 'PENDING',
  expiresAt: '2026-11-26T08:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  order: null,
  available: 4,
  ...over,
});

function answers(onPost: (url: string, body: unknown) => Response) {
  const posted: Array<{ url: string; body: unknown }> = [];
  return {
    posted,
    answer: (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      posted.push({ url, body });
      return onPost(url, body);
    },
  };
}

describe('the supplier’s purchase requests', () => {
  it('accepts a waiting request: the server makes the order', async () => {
    const fake = answers(() => jsonResponse(order({ id: 77, number: 'PRM-2026-000077', source: 'PURCHASE_REQUEST' }), 201));
    renderPage(
      <PurchaseRequestsTable
        requests={[request(), request({ id: 13, status: 'ACCEPTED', order: { id: 70, number: 'PRM-2026-000070', status: 'SHIPPED' } })]}
      />,
      {
        answers: { ...signedIn(supplier), '/api/users/product/purchaseRequest/': fake.answer },
      },
    );
    const waiting = await screen.findByTestId('request-12');
    expect(within(waiting).getByTestId('request-status')).toHaveTextContent('Waiting');
    expect(waiting).toHaveTextContent('4 left on the lot');
    const answered = screen.getByTestId('request-13');
    expect(within(answered).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(answered).getByRole('link', { name: 'Order PRM-2026-000070' })).toHaveAttribute('href', '/user/orders/70');

    await userEvent.click(within(waiting).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(fake.posted).toEqual([{ url: '/api/users/product/purchaseRequest/12/accept', body: {} }]));
    expect(await screen.findByText('Request accepted: order PRM-2026-000077 created.')).toBeInTheDocument();
  }, 30_000);

  it('declines only with a reason, and says when the lot has too few pallets left', async () => {
    const fake = answers((url) =>
      url.endsWith('/accept')
        ? jsonResponse({ error: 'Not enough pallets', code: 'NOT_ENOUGH_PALLETS' }, 409)
        : jsonResponse(request({ status: 'DECLINED', declineReason: 'Sold out' })),
    );
    renderPage(<PurchaseRequestsTable requests={[request({ available: 2 })]} />, {
      lng: 'fr',
      answers: { ...signedIn(supplier), '/api/users/product/purchaseRequest/': fake.answer },
    });
    const row = await screen.findByTestId('request-12');
    await userEvent.click(within(row).getByRole('button', { name: 'Accepter' }));
    expect(await screen.findByText('Il ne reste pas assez de palettes sur ce lot.')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Refuser la demande de Frischmarkt Hamburg GmbH ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText('Obligatoire.')).toBeInTheDocument();
    expect(fake.posted.filter((p) => p.url.endsWith('/decline'))).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Plus de stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(fake.posted.at(-1)).toEqual({ url: '/api/users/product/purchaseRequest/12/decline', body: { reason: 'Plus de stock' } }));
    expect(await screen.findByText('Demande refusée.')).toBeInTheDocument();
  }, 30_000);

  it('shows the price the request kept, and counters with another price that the buyer then answers', async () => {
    const fake = answers((_url, body) =>
      jsonResponse(
        request({ status: 'COUNTERED', counter: { pricePerKg: (body as { pricePerKg: number }).pricePerKg, note: '', at: '2026-11-25T09:00:00.000Z' } }),
      ),
    );
    renderPage(
      <PurchaseRequestsTable
        requests={[request(), request({ id: 14, status: 'COUNTERED', counter: { pricePerKg: 1.8, note: 'Class I', at: '2026-11-25T09:00:00.000Z' } })]}
      />,
      { answers: { ...signedIn(supplier), '/api/users/product/purchaseRequest/': fake.answer } },
    );
    const row = await screen.findByTestId('request-12');
    expect(within(row).getByTestId('request-price')).toHaveTextContent('€1.50/kg');
    const countered = screen.getByTestId('request-14');
    expect(within(countered).getByTestId('request-status')).toHaveTextContent('Counter-offer');
    expect(within(countered).getByTestId('request-counter')).toHaveTextContent('Counter-offer: €1.80/kg');
    // The seller has answered: nothing more to do on it until the buyer does.
    expect(within(countered).queryByRole('button', { name: 'Accept' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Counter-offer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Requested at €1.50/kg.');
    const price = within(dialog).getByLabelText('Your price (€/kg)');
    await userEvent.type(price, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the counter-offer' }));
    expect(await within(dialog).findByText('Name another price than the one requested, or accept the request.')).toBeInTheDocument();
    expect(fake.posted).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '1.75');
    await userEvent.type(within(dialog).getByLabelText(/Note to the buyer/), 'Packed today');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the counter-offer' }));
    await waitFor(() =>
      expect(fake.posted).toEqual([{ url: '/api/users/product/purchaseRequest/12/counter', body: { pricePerKg: 1.75, note: 'Packed today' } }]),
    );
    expect(await screen.findByText('Counter-offer sent to the buyer.')).toBeInTheDocument();
  }, 30_000);
});
