import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProduct } from '@primeur/shared';
import { jsonResponse, marketLot, signedIn, userInfo } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AdminProductsPage } from './AdminProductsPage';
import { MarketplacePage } from './MarketplacePage';

const lot = (id: number, over: Partial<AdminProduct>): AdminProduct => marketLot({ productId: id, name: `Lot ${id}`, ...over });

const products = [
  lot(1, { name: 'Femminello lemons', origin: { id: 2, name: 'Italy', alpha2: 'IT' } }),
  lot(2, { name: 'Truss tomatoes', productName: 'Vine tomato', articleId: 2, family: 'legumes', origin: { id: 3, name: 'Netherlands', alpha2: 'NL' } }),
  lot(3, { name: 'Verna lemons' }),
];
const buyer = userInfo({ userId: 7, username: 'b@example.com', companyName: 'Buyer', category: 'client', vatId: 'X' });

/** A fake list endpoint: filters and pages like the server, and keeps every URL asked for. */
function fakeMarket(all: AdminProduct[]) {
  const asked: URL[] = [];
  const answer = (url: string) => {
    const u = new URL(url, 'http://test');
    asked.push(u);
    const p = u.searchParams;
    const q = (p.get('q') ?? '').toLowerCase();
    const hits = all.filter(
      (x) =>
        (!p.get('family') || x.family === p.get('family')) &&
        (!p.get('origin') || x.origin.alpha2 === p.get('origin')) &&
        (!q || [x.name, x.productName, x.user.companyName].some((s) => s.toLowerCase().includes(q))),
    );
    const page = Number(p.get('page') ?? 1);
    const size = Number(p.get('size') ?? 24);
    return jsonResponse({ items: hits.slice((page - 1) * size, page * size), page, size, total: hits.length });
  };
  return { asked, answer };
}
const origins = [
  { id: 1, name: 'Spain', alpha2: 'ES' },
  { id: 2, name: 'Italy', alpha2: 'IT' },
  { id: 3, name: 'Netherlands', alpha2: 'NL' },
];

describe('marketplace', () => {
  it('asks the server for the filtered page (search, family, origin), and offers buyers a purchase request', async () => {
    const market = fakeMarket(products);
    renderPage(<MarketplacePage />, {
      answers: { ...signedIn(buyer), '/api/users/product/listActiveProducts': market.answer, '/api/location/origin/getAll': origins },
    });
    expect(await screen.findByText('Femminello lemons')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Purchase request' })).toHaveLength(3);
    expect(screen.getByText('3 lots')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Family'), 'legumes');
    await waitFor(() => expect(screen.queryByText('Femminello lemons')).not.toBeInTheDocument());
    expect(screen.getByText('Truss tomatoes')).toBeInTheDocument();
    expect(market.asked.at(-1)!.searchParams.get('family')).toBe('legumes');
    await userEvent.selectOptions(screen.getByLabelText('Family'), '');
    await userEvent.selectOptions(await screen.findByRole('option', { name: 'Spain' }).then(() => screen.getByLabelText('Origin')), 'ES');
    await waitFor(() => expect(screen.queryByText('Truss tomatoes')).not.toBeInTheDocument());
    expect(screen.getByText('Verna lemons')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText(/Search an article/), 'femminello');
    expect(await screen.findByText('No product matches your search.')).toBeInTheDocument();
    expect(market.asked.at(-1)!.searchParams.get('q')).toBe('femminello');
    expect(market.asked.at(-1)!.searchParams.get('origin')).toBe('ES');
  });

  it('shows one page of lots at a time and moves between pages', async () => {
    const many = Array.from({ length: 30 }, (_, i) => lot(100 + i, { name: `Lot number ${i + 1}` }));
    const market = fakeMarket(many);
    renderPage(<MarketplacePage />, { answers: { ...signedIn(buyer), '/api/users/product/listActiveProducts': market.answer } });
    expect(await screen.findByText('Lot number 1')).toBeInTheDocument();
    expect(screen.queryByText('Lot number 25')).not.toBeInTheDocument();
    expect(screen.getByTestId('market-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Lot number 25')).toBeInTheDocument();
    expect(screen.queryByText('Lot number 1')).not.toBeInTheDocument();
    expect(screen.getByTestId('market-page')).toHaveTextContent('Page 2 of 2');
    expect(market.asked.at(-1)!.searchParams.get('page')).toBe('2');
    expect(market.asked.at(-1)!.searchParams.get('size')).toBe('24');
  });

  it('opens the page and filters the address names (a reload keeps them)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => lot(100 + i, { name: `Lot number ${i + 1}` }));
    const market = fakeMarket(many);
    renderPage(<MarketplacePage />, {
      path: '/marketplace?page=2&q=number',
      answers: { ...signedIn(buyer), '/api/users/product/listActiveProducts': market.answer },
    });
    expect(await screen.findByText('Lot number 25')).toBeInTheDocument();
    expect(screen.getByPlaceholderText(/Search an article/)).toHaveValue('number');
    expect(screen.getByTestId('market-page')).toHaveTextContent('Page 2 of 2');
    expect([market.asked[0]!.searchParams.get('page'), market.asked[0]!.searchParams.get('q')]).toEqual(['2', 'number']);
    // A filter returns to the first page.
    await userEvent.selectOptions(screen.getByLabelText('Family'), 'fruits');
    await waitFor(() => expect(market.asked.at(-1)!.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Lot number 1')).toBeInTheDocument();
  });
});

describe('admin product list', () => {
  it('shows the spec texts in French, the coloured badge, and a toggle only for ENABLED/DISABLED', async () => {
    const admin = { ...buyer, category: 'admin' as const };
    const list = [
      lot(1, {}),
      lot(2, { status: 'DISABLED' }),
      lot(3, { status: 'IN_AUCTION', auctionStartDate: '2026-11-20T10:00:00.000Z', endsAt: '2026-11-23T10:00:00.000Z' }),
    ];
    renderPage(<AdminProductsPage />, {
      lng: 'fr',
      answers: { ...signedIn(admin), '/api/admin/product/search': { items: list, page: 1, size: 24, total: list.length } },
    });
    expect(await screen.findByRole('heading', { name: 'Liste des produits' })).toBeInTheDocument();
    await screen.findByTestId('admin-product-1');
    const card = (id: number) => within(screen.getByTestId(`admin-product-${id}`));
    expect(card(1).getByRole('switch')).toBeChecked();
    expect(card(1).getByTestId('status-badge')).toHaveClass('bg-success');
    expect(card(2).getByRole('switch')).not.toBeChecked();
    expect(card(2).getByTestId('status-badge')).toHaveClass('bg-warning');
    expect(card(3).getByRole('switch')).toBeDisabled();
    expect(card(3).getByTestId('status-badge')).toHaveTextContent(/En enchère depuis le/);
  });

  it('shows the empty text', async () => {
    renderPage(<AdminProductsPage />, {
      lng: 'fr',
      answers: { ...signedIn({ ...buyer, category: 'admin' as const }), '/api/admin/product/search': { items: [], page: 1, size: 24, total: 0 } },
    });
    expect(await screen.findByText("Aucun produit n'a été trouvé")).toBeInTheDocument();
  });
});
