import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { auctionLot } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { OriginLabel, ProductFacts, StatusBadge } from './ProductFacts';

describe('a closed auction lot, as its seller sees it', () => {
  const closed = auctionLot({ status: 'EXPIRED', endsAt: new Date(Date.now() - 3_600_000).toISOString() });

  it.each([
    ['SOLD', 'Vendu', 'bg-success'],
    ['RESERVE_NOT_MET', 'Invendu — réserve non atteinte', 'bg-secondary'],
    ['NO_BIDS', 'Aucune offre', 'bg-secondary'],
  ] as const)('says %s as "%s", never a red "Expired"', async (result, text, bg) => {
    renderPage(<StatusBadge product={{ ...closed, result }} />, { lng: 'fr' });
    const badge = await screen.findByTestId('status-badge');
    expect(badge).toHaveTextContent(text);
    expect(badge).toHaveClass(bg);
    expect(badge).not.toHaveClass('bg-danger');
  });

  it('keeps "Expired" for a lot that simply expired, and labels an auction lot’s price as its starting price', async () => {
    renderPage(
      <>
        <StatusBadge product={{ ...closed, auctionStartDate: null, result: null }} />
        <ProductFacts product={closed} />
      </>,
    );
    expect(await screen.findByTestId('status-badge')).toHaveTextContent('Expired');
    expect(screen.getByText('Starting price (€/kg)')).toBeInTheDocument();
  });
});

describe('the origin', () => {
  it('keeps the flag beside the country name, which wraps beside it rather than under it', async () => {
    renderPage(<OriginLabel origin={{ id: 9, alpha2: 'NL', name: 'Netherlands' }} />, { lng: 'de' });
    const name = await screen.findByText('Niederlande');
    expect(name.parentElement).toHaveClass('d-inline-flex');
    expect(name.parentElement!.firstElementChild).toHaveAttribute('title', 'Niederlande');
  });
});
