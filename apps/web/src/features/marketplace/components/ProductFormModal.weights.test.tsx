import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductInput, SupplierProduct } from '@primeur/shared';
import { jsonResponse, marketLot, signedIn, userInfo } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ProductFormModal } from './ProductFormModal';

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Seller', category: 'supplier', vatId: 'ES1' });

/** A lot created before weights were asked (issue 21): its weights are unknown. */
const olderLot = (): SupplierProduct => ({
  ...marketLot({ netKgPerPallet: null, boxesPerPallet: null, netKgPerBox: null }),
  offersCount: 0,
  result: null,
  highest: null,
  reservePrice: null,
  bidders: 0,
  reserveMet: null,
  editable: true,
  winner: null,
  orders: [],
});

function renderForm(lng: string) {
  const sent: ProductInput[] = [];
  renderPage(<ProductFormModal product={olderLot()} onClose={vi.fn()} />, {
    lng,
    answers: {
      ...signedIn(supplier),
      '/api/users/product/formOptions': {
        articles: [{ id: 1, article: 'Lemon', family: 'fruits', names: { en: 'Lemon', fr: 'Citron', de: 'Zitrone', es: 'Limón' } }],
        packagings: [{ id: 1, name: 'ifco' }],
      },
      '/api/users/product/update/5': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)) as ProductInput);
        return jsonResponse(olderLot());
      },
    },
  });
  return sent;
}

describe('lot form: the weights (issue 21)', () => {
  it('asks for the net weight per pallet, read with a decimal comma, and checks boxes × kg against it', async () => {
    const user = userEvent.setup();
    const sent = renderForm('fr');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Indiquez le poids net d'une palette.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Poids net par palette (kg)'), '812,5');
    await user.type(screen.getByLabelText(/Colis par palette/), '80');
    await user.type(screen.getByLabelText(/Poids net par colis/), '9,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/doit correspondre au poids net de la palette/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Poids net par colis/));
    await user.type(screen.getByLabelText(/Poids net par colis/), '10,156');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ netKgPerPallet: 812.5, boxesPerPallet: 80, netKgPerBox: 10.156 });
  });

  it('leaves the boxes out when they are not given', async () => {
    const user = userEvent.setup();
    const sent = renderForm('en');
    await user.type(await screen.findByLabelText('Net weight per pallet (kg)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ netKgPerPallet: 1000, boxesPerPallet: null, netKgPerBox: null });
  });
});
