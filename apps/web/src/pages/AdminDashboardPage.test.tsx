import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { noPriceImports as status } from '../test/fixtures';
import { renderPage } from '../test/render';
import { AdminDashboardPage } from './AdminDashboardPage';

const market = [
  {
    id: 1,
    date: '2026-04-01',
    family: 'legumes',
    name: 'Tomato',
    source: 'Mercabarna',
    articleId: 7,
    articleNames: { en: 'Tomato', fr: 'Tomate', de: 'Tomate', es: 'Tomate' },
    minPrice: 1.1,
    maxPrice: 1.9,
    avgPrice: 1.45,
    change: { direction: 'up', previousDate: '2026-03-31', previousPrice: 1.3 },
  },
  {
    id: 2,
    date: '2026-04-01',
    family: 'fruits',
    name: 'Orange',
    source: 'Mercabarna',
    articleId: null,
    articleNames: null,
    minPrice: 0.7,
    maxPrice: 1.1,
    avgPrice: 0.85,
    change: null,
  },
];

describe('administrator dashboard', () => {
  it('shows the French title, one market table per family and prices with a decimal comma and a euro sign', async () => {
    renderPage(<AdminDashboardPage />, {
      lng: 'fr',
      answers: { '/api/intern/productList/product/scrapedPrices': market, '/api/intern/prices/imports/status': status },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Tableau de bord administrateur');
    const legumes = await screen.findByTestId('market-table-legumes');
    expect(screen.getByTestId('market-table-fruits')).toBeInTheDocument();
    // A row linked to a catalog article shows its name in the reader's language.
    const row = within(legumes).getByRole('row', { name: /Tomate/ });
    expect(row).toHaveTextContent('1,10 €');
    expect(row).toHaveTextContent('1,90 €');
    expect(row).toHaveTextContent('1,45 €');
    expect(within(row).getByText(/En hausse depuis 1,30 €/)).toBeInTheDocument();
    // Weather is not answered here: the widget says so and the prices still show.
    expect(await screen.findByTestId('weather-unavailable')).toHaveTextContent('Les prévisions météo sont indisponibles');
  });

  it('keeps one table once a family is chosen', async () => {
    renderPage(<AdminDashboardPage />, {
      answers: { '/api/intern/productList/product/scrapedPrices': market, '/api/intern/prices/imports/status': status },
    });
    await screen.findByTestId('market-table-fruits');
    await userEvent.type(screen.getByLabelText('Product family'), 'Fruits{enter}');
    expect(screen.getByTestId('market-table-fruits')).toBeInTheDocument();
    expect(screen.queryByTestId('market-table-legumes')).not.toBeInTheDocument();
  });
});
