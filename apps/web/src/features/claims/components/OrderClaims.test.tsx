import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claim, ClaimList, Order } from '@primeur/shared';
import { germanBuyer, jsonResponse, signedIn, userInfo } from '../../../test/fixtures';
import { order } from '../../../test/orders';
import { renderPage } from '../../../test/render';
import { OrderClaims } from './OrderClaims';

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Huerta de Almería S.L.', category: 'supplier', vatId: 'ES1' });

const delivered = (over: Partial<Order> = {}): Order =>
  order({
    status: 'DELIVERED',
    viewerSide: 'buyer',
    nextActions: [],
    amount: 9720,
    receipt: { pallets: 7, netKg: 5600, receivedAt: new Date().toISOString(), automatic: false, differences: 'Une palette écrasée' },
    ...over,
  });

const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 5,
  orderId: 41,
  orderNumber: 'PRM-2026-000041',
  status: 'OPEN',
  reasons: ['DECAY'],
  pallets: 2,
  netKg: null,
  description: 'Pourriture sur deux palettes.',
  weightDispute: false,
  photos: [{ name: 'a.webp', url: '/api/users/orders/41/claims/5/photos/a.webp', thumbUrl: '/api/users/orders/41/claims/5/photos/a-480.webp' }],
  creditAsked: 400,
  creditProposed: null,
  credit: null,
  settledAt: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  orderAmount: 9720,
  viewerSide: 'seller',
  nextActions: ['accept', 'propose', 'reject'],
  history: [{ at: new Date().toISOString(), step: 'filed', actor: 'BUYER', companyName: 'Frischmarkt Hamburg GmbH', credit: 400, note: '' }],
  ...over,
});

// Typing a whole claim takes a few seconds on a loaded machine.
describe('the order page’s claims', () => {
  it('lets the buyer file a claim with two photos, refusing it first without a photo', async () => {
    const sent: FormData[] = [];
    const list: ClaimList = { items: [], canFile: true, windowEndsAt: new Date(Date.now() + 3_600_000).toISOString() };
    renderPage(<OrderClaims order={delivered()} />, {
      lng: 'fr',
      answers: {
        ...signedIn(germanBuyer),
        '/api/users/orders/41/claims': (_url: string, init?: RequestInit) => {
          if (init?.method === 'POST') {
            sent.push(init.body as FormData);
            return jsonResponse(claim({ viewerSide: 'buyer', nextActions: [] }), 201);
          }
          return jsonResponse(list);
        },
      },
    });
    expect(await screen.findByTestId('receipt-differences')).toHaveTextContent('Une palette écrasée');
    expect(screen.getByTestId('cmr-link')).toHaveAttribute('href', '/api/users/orders/41/cmr.pdf?lang=fr');
    await userEvent.click(await screen.findByTestId('claim-start'));
    const input = screen.getByTestId('claim-photos');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/*');
    await userEvent.click(screen.getByTestId('claim-reason-DECAY'));
    await userEvent.type(screen.getByTestId('claim-pallets'), '2');
    await userEvent.type(screen.getByTestId('claim-description'), 'Pourriture sur deux palettes, fruits mous.');
    await userEvent.type(screen.getByTestId('claim-credit'), '450,50');
    await userEvent.click(screen.getByTestId('claim-submit'));
    expect(screen.getByText('Ajoutez au moins une photo.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const photo = (n: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], n, { type: 'image/png' });
    await userEvent.upload(input, [photo('a.png'), photo('b.png')]);
    await userEvent.click(screen.getByTestId('claim-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0]!.get('data')))).toEqual({
      reasons: ['DECAY'],
      pallets: 2,
      description: 'Pourriture sur deux palettes, fruits mous.',
      creditAsked: 450.5,
    });
    expect(sent[0]!.getAll('photos')).toHaveLength(2);
  });

  it('lets the seller propose a lower credit with a note, and says why a proposal at the asked credit is refused', async () => {
    const posted: Array<{ url: string; body: unknown }> = [];
    renderPage(<OrderClaims order={delivered({ viewerSide: 'seller' })} />, {
      answers: {
        ...signedIn(supplier),
        '/api/users/orders/41/claims/5/propose': (url: string, init?: RequestInit) => {
          posted.push({ url, body: JSON.parse(String(init?.body)) });
          return jsonResponse(claim({ status: 'PROPOSED', creditProposed: 250, nextActions: [] }));
        },
        '/api/users/orders/41/claims': { items: [claim()], canFile: false, windowEndsAt: null } satisfies ClaimList,
      },
    });
    const thread = await screen.findByTestId('claim');
    expect(within(thread).getByTestId('claim-accept')).toHaveTextContent('400.00');
    await userEvent.click(within(thread).getByTestId('claim-propose'));
    await userEvent.type(within(thread).getByTestId('claim-step-credit'), '400');
    await userEvent.type(within(thread).getByTestId('claim-step-note'), 'Une seule palette');
    await userEvent.click(within(thread).getByTestId('claim-step-submit'));
    expect(within(thread).getByText(/A proposal is below the credit asked/)).toBeInTheDocument();
    await userEvent.clear(within(thread).getByTestId('claim-step-credit'));
    await userEvent.type(within(thread).getByTestId('claim-step-credit'), '250');
    await userEvent.click(within(thread).getByTestId('claim-step-submit'));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/users/orders/41/claims/5/propose', body: { credit: 250, note: 'Une seule palette' } }]));
  });
});
