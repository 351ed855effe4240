import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { SellerLot } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { SellerLotFigures, outcomeOf } from './SellerLotFigures';

const past = new Date(Date.now() - 3_600_000).toISOString();
const future = new Date(Date.now() + 3 * 3_600_000).toISOString();
const lot = (over: Partial<SellerLot>): SellerLot => ({
  productId: 4,
  highest: 1.62,
  bidders: 3,
  reserveMet: true,
  endsAt: past,
  status: 'EXPIRED',
  result: null,
  finalAmount: null,
  buyer: null,
  ...over,
});
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

describe('SellerLotFigures', () => {
  it('says the result once over, as the card does: sold at the price to the buyer', async () => {
    renderPage(<SellerLotFigures productId={4} />, {
      answers: { '/api/users/auction/myLots': [lot({ result: 'SOLD', finalAmount: 1.62, buyer: { companyName: 'Fruits SA' } })] },
    });
    const result = await screen.findByTestId('seller-lot-result');
    expect(plain(result.textContent)).toBe('Sold at €1.62/kg to Fruits SA');
    expect(screen.getByText('Result')).toBeInTheDocument();
    expect(screen.queryByText('Ended')).toBeNull();
  });

  it('says unsold or no bids in the reader’s language', async () => {
    renderPage(<SellerLotFigures productId={4} />, {
      lng: 'fr',
      answers: { '/api/users/auction/myLots': [lot({ result: 'RESERVE_NOT_MET', reserveMet: false })] },
    });
    expect(await screen.findByTestId('seller-lot-result')).toHaveTextContent('Invendu — réserve non atteinte');
  });

  it('keeps the countdown while the auction runs', async () => {
    renderPage(<SellerLotFigures productId={4} />, { answers: { '/api/users/auction/myLots': [lot({ endsAt: future, status: 'IN_AUCTION' })] } });
    expect(await screen.findByText('Time left')).toBeInTheDocument();
    expect(screen.queryByTestId('seller-lot-result')).toBeNull();
  });

  it('reads the outcome from the figures in the moments before the close job records it', () => {
    expect(outcomeOf(lot({ highest: null, reserveMet: null }))).toEqual({ result: 'NO_BIDS', amount: null, company: null });
    expect(outcomeOf(lot({ reserveMet: false })).result).toBe('RESERVE_NOT_MET');
    expect(outcomeOf(lot({}))).toEqual({ result: 'SOLD', amount: 1.62, company: null });
  });
});
