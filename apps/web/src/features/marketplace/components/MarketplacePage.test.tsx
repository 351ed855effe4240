import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProduct } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { AdminProductsPage } from './AdminProductsPage';
import { MarketplacePage } from './MarketplacePage';

const lot = (id: number, over: Partial<AdminProduct>): AdminProduct => ({
  productId: id,
  productName: 'Lemon',
  articleId: 1,
  family: 'fruits',
  name: `Lot ${id}`,
  description: '',
  photos: '["x.png"]',
  user: { companyName: 'Seller' },
  supplier: 3,
  created: '2026-11-01T00:00:00.000Z',
  caliber: '3',
  origin: { id: 1, name: 'Spain', alpha2: 'ES' },
  packaging: { id: 1, name: 'ifco' },
  status: 'ENABLED',
  auctionStartDate: null,
  endsAt: null,
  availableUntil: '2099-01-01',
  price: 1.2,
  quantity: 4,
  ...over,
});

const products = [
  lot(1, { name: 'Femminello lemons', origin: { id: 2, name: 'Italy', alpha2: 'IT' } }),
  lot(2, { name: 'Truss tomatoes', productName: 'Vine tomato', articleId: 2, family: 'legumes', origin: { id: 3, name: 'Netherlands', alpha2: 'NL' } }),
  lot(3, { name: 'Verna lemons' }),
];
const buyer = { userId: 7, username: 'b@example.com', companyName: 'Buyer', category: 'client', address: '', postalCode: '', city: null, country: null, globalGapNumber: null, vatId: 'X' };
const signedIn = (user: object, roleId: number) => ({ '/api/users/isLoggedIn': [[{ roleId, name: 'X' }]], '/api/users/userInfos': user });

describe('marketplace', () => {
  it('filters the cards by search, family and origin, and offers buyers a purchase request', async () => {
    renderPage(<MarketplacePage />, { answers: { ...signedIn(buyer, 2), '/api/users/product/listActiveProducts': products } });
    expect(await screen.findByText('Femminello lemons')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Purchase request' })).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText('Family'), 'legumes');
    expect(screen.queryByText('Femminello lemons')).not.toBeInTheDocument();
    expect(screen.getByText('Truss tomatoes')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Family'), '');
    await userEvent.selectOptions(screen.getByLabelText('Origin'), 'ES');
    expect(screen.getByText('Verna lemons')).toBeInTheDocument();
    expect(screen.queryByText('Truss tomatoes')).not.toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText(/Search an article/), 'femminello');
    expect(await screen.findByText('No product matches your search.')).toBeInTheDocument();
  });
});

describe('admin product list', () => {
  it('shows the spec texts in French, the coloured badge, and a toggle only for ENABLED/DISABLED', async () => {
    const admin = { ...buyer, category: 'admin' };
    const list = [lot(1, {}), lot(2, { status: 'DISABLED' }), lot(3, { status: 'IN_AUCTION', auctionStartDate: '2026-11-20T10:00:00.000Z', endsAt: '2026-11-23T10:00:00.000Z' })];
    renderPage(<AdminProductsPage />, { lng: 'fr', answers: { ...signedIn(admin, 1), '/api/admin/product/listProducts': list } });
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
    renderPage(<AdminProductsPage />, { lng: 'fr', answers: { ...signedIn({ ...buyer, category: 'admin' }, 1), '/api/admin/product/listProducts': [] } });
    expect(await screen.findByText("Aucun produit n'a été trouvé")).toBeInTheDocument();
  });
});
