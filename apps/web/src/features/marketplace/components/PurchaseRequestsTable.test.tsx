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
});
