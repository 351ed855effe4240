import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { addDays, todayInParis, type LotReference, type MarketReference, type MarketReferenceSummary } from '@primeur/shared';
import { renderPage } from '../test/render';
import { ArticleMarketReference, LotMarketReference, ReferenceLine } from './MarketReference';

const today = todayInParis();
/** Any run of white space (Intl writes no-break and narrow no-break spaces) as one plain space. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

const ref: LotReference = {
  date: today,
  min: 1.1,
  avg: 1.6,
  max: 2.1,
  matchedBy: 'article',
  subfamily: 'citrus',
  trend: [
    { date: addDays(today, -20), avg: 1.4 },
    { date: addDays(today, -1), avg: 1.5 },
    { date: today, avg: 1.6 },
  ],
  grower: { date: today, min: 1.2, avg: 1.3, max: 1.4 },
  price: 1.72,
  percent: 8,
};
const noContent = () => new Response(null, { status: 204 });

describe('LotMarketReference', () => {
  it('shows the day’s min / average / max, the trend and the price against the average (en)', async () => {
    renderPage(<LotMarketReference productId={5} price={1.72} />, { answers: { '/api/users/product/reference/5': ref } });
    expect(await screen.findByTestId('reference-avg')).toHaveTextContent('€1.60/kg');
    expect(screen.getByTestId('reference-min')).toHaveTextContent('€1.10/kg');
    expect(screen.getByTestId('reference-max')).toHaveTextContent('€2.10/kg');
    expect(screen.getByTestId('reference-date')).toHaveTextContent('Wholesale market today');
    expect(plain(screen.getByTestId('reference-percent').textContent)).toBe("+8% above today's market average");
    expect(screen.getByRole('img', { name: '30-day trend of the average, from €1.40/kg to €1.60/kg' })).toBeInTheDocument();
    expect(screen.getByTestId('reference-grower')).toHaveTextContent('€1.20/kg – €1.40/kg, average €1.30/kg');
  });

  it('speaks French with a decimal comma, a dated day and the price below the average', async () => {
    const older = { ...ref, date: '2026-11-24', grower: undefined };
    renderPage(<LotMarketReference productId={5} price={1.52} />, { lng: 'fr', answers: { '/api/users/product/reference/5': older } });
    expect(plain((await screen.findByTestId('reference-avg')).textContent)).toBe('1,60 €/kg');
    expect(plain(screen.getByTestId('reference-date').textContent)).toBe('Marché de gros, 24 nov. 2026');
    expect(plain(screen.getByTestId('reference-percent').textContent)).toBe('-5 % en dessous de la moyenne du marché du 24 nov. 2026');
    expect(screen.queryByTestId('reference-grower')).toBeNull();
  });

  it('says when the figures are the article’s family’s, in the reader’s language', async () => {
    renderPage(<LotMarketReference productId={6} price={1.6} />, {
      lng: 'de',
      answers: { '/api/users/product/reference/6': { ...ref, matchedBy: 'family', percent: 0 } },
    });
    expect(await screen.findByTestId('reference-family')).toHaveTextContent('Durchschnitt der Familie Zitrusfrüchte');
    expect(plain(screen.getByTestId('reference-percent').textContent)).toBe('Auf dem heutigen Marktdurchschnitt');
  });

  it('says so when no market price matches (204)', async () => {
    renderPage(<LotMarketReference productId={7} price={1} />, { lng: 'es', answers: { '/api/users/product/reference/7': noContent } });
    expect(await screen.findByTestId('reference-none')).toHaveTextContent('No hay referencia de mercado para este artículo');
  });
});

describe('ReferenceLine', () => {
  const summary: MarketReferenceSummary = { date: '2026-11-24', min: 1.1, avg: 1.6, max: 2.1, matchedBy: 'article', subfamily: 'citrus' };
  it('puts the range, the average and the card’s price against it on one line', async () => {
    renderPage(<ReferenceLine reference={summary} price={1.68} />, { lng: 'fr' });
    expect(plain((await screen.findByTestId('reference-line')).textContent)).toBe('Marché du 24 nov. : 1,10 €/kg – 2,10 €/kg, moy. 1,60 €/kg · +5 %');
  });
  it('says there is no reference when the list found none, and nothing when the list did not say', async () => {
    const { unmount } = renderPage(<ReferenceLine reference={null} price={1} />);
    expect(await screen.findByTestId('reference-line')).toHaveTextContent('No market reference for this article');
    unmount();
    renderPage(<ReferenceLine reference={undefined} price={1} />);
    expect(screen.queryByTestId('reference-line')).toBeNull();
  });
});

describe('ArticleMarketReference (the lot form)', () => {
  it('places the starting price and the reserve against the article’s market average', async () => {
    const article: MarketReference = { ...ref, grower: undefined };
    renderPage(<ArticleMarketReference articleId={12} price={1.5} reserve={1.8} auction />, { answers: { '/api/users/reference/article/12': article } });
    expect(plain((await screen.findByTestId('article-reference-price')).textContent)).toBe("Starting price: -6% below today's market average");
    expect(plain(screen.getByTestId('article-reference-reserve').textContent)).toBe("Reserve: +13% above today's market average");
  });
  it('shows nothing before an article is chosen, and the missing reference after', async () => {
    const { unmount } = renderPage(<ArticleMarketReference articleId={null} price={1.5} />);
    expect(screen.queryByTestId('article-reference')).toBeNull();
    unmount();
    renderPage(<ArticleMarketReference articleId={13} price={1.5} />, { answers: { '/api/users/reference/article/13': noContent } });
    expect(await screen.findByTestId('reference-none')).toBeInTheDocument();
  });
});
