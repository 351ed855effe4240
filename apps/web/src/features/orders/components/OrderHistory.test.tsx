import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { order as fakeOrder } from '../../../test/orders';
import { OrderHistory } from './OrderHistory';

const at = '2026-11-20T09:30:00.000Z';

describe('the order history', () => {
  it("says each coded step in the reader's language, keeps what a person wrote, and still shows older English notes", async () => {
    const order = fakeOrder({
      history: [
        { at, actor: 'SYSTEM', companyName: null, from: null, to: 'CONFIRMED', note: '', noteCode: 'AUCTION_CLOSED', noteParams: {} },
        {
          at,
          actor: 'BUYER',
          companyName: 'Frischmarkt',
          from: 'CONFIRMED',
          to: 'CONFIRMED',
          note: '',
          noteCode: 'DELIVERY_CHANGED',
          noteParams: { requestedDeliveryDate: '2026-11-24' },
        },
        {
          at,
          actor: 'BUYER',
          companyName: 'Frischmarkt',
          from: 'DELIVERED',
          to: 'DELIVERED',
          note: 'Pourriture sur 2 palettes',
          noteCode: 'CLAIM_STEP',
          noteParams: { claim: 5, step: 'filed', credit: 120 },
        },
        { at, actor: 'SYSTEM', companyName: null, from: 'DELIVERED', to: 'CLOSED', note: 'claim window ended', noteCode: null, noteParams: {} },
      ],
    });
    renderPage(<OrderHistory order={order} />, { lng: 'fr' });
    const history = await screen.findByTestId('order-history');
    const text = history.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Vendue à la clôture de l’enchère.');
    expect(text).toContain('Date de livraison souhaitée : 24 nov. 2026');
    expect(text).toContain('Réclamation n° 5 : déposée (120,00 €)');
    expect(text).toContain('Pourriture sur 2 palettes');
    expect(text).toContain('claim window ended');
  });
});
