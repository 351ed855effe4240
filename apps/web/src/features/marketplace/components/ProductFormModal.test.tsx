import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatDateTime, isoDay, type SupplierProduct } from '@primeur/shared';
import { jsonResponse, marketLot, signedIn, userInfo } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ProductFormModal } from './ProductFormModal';

const DAY = 86_400_000;

function lot(over: Partial<SupplierProduct> = {}): SupplierProduct {
  return {
    ...marketLot(),
    offersCount: 0,
    highest: null,
    reservePrice: null,
    bidders: 0,
    reserveMet: null,
    editable: true,
    winner: null,
    orders: [],
    result: null,
    ...over,
  };
}

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Seller', category: 'supplier', vatId: 'ES1' });

function renderForm(product: SupplierProduct, lng = 'fr') {
  const sent: Array<{ auctionStartDate: string | null; price?: number; reservePrice?: number | null }> = [];
  renderPage(<ProductFormModal product={product} onClose={vi.fn()} />, {
    lng,
    answers: {
      ...signedIn(supplier),
      '/api/users/product/formOptions': {
        articles: [{ id: 1, article: 'Lemon', family: 'fruits', names: { en: 'Lemon', fr: 'Citron', de: 'Zitrone', es: 'Limón' } }],
        packagings: [{ id: 1, name: 'ifco' }],
      },
      '/api/users/product/update/5': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)) as (typeof sent)[number]);
        return jsonResponse(product);
      },
    },
  });
  return sent;
}

/** The picker is loaded lazily: wait for the real field (it is not read-only). */
async function auctionStartField(name: string) {
  await screen.findByLabelText(name);
  await expect.poll(() => (screen.getByLabelText(name) as HTMLInputElement).readOnly, { timeout: 30_000 }).toBe(false);
  return screen.getByLabelText(name) as HTMLInputElement;
}

describe('lot form: the auction start', () => {
  it('is the one date picker, in French, on the market clock: a day from the calendar and a time from its list', async () => {
    const user = userEvent.setup();
    const start = new Date(Date.now() + 3 * DAY).toISOString();
    const sent = renderForm(lot({ auctionStartDate: start, status: 'IN_AUCTION' }));
    const field = await auctionStartField("Début de l'enchère");
    expect(field).not.toHaveAttribute('type', 'datetime-local');
    // Shown as every instant is: formatDateTime, Paris time.
    expect(field.value).toBe(formatDateTime(start, 'fr'));
    expect(screen.getByText(/Date et heure de Paris/)).toBeInTheDocument();

    await user.click(field);
    // The calendar opens with a list of times beside it, every quarter hour.
    const times = await screen.findByRole('listbox', { name: 'Heure' });
    expect(within(times).getAllByRole('option')).toHaveLength(96);
    // A week later in the calendar (keyboard), then 16:30 from the list of times.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await user.click(within(screen.getByRole('listbox', { name: 'Heure' })).getByRole('option', { name: '16:30' }));
    await waitFor(() => expect(field.value).toMatch(/, 16:30$/));

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const picked = sent[0]!.auctionStartDate!;
    expect(isoDay(picked)).toBe(addDays(isoDay(start), 7));
    expect(formatDateTime(picked, 'fr')).toBe(field.value);
  });

  it('reads a day and time typed in the short numeric form of the language', async () => {
    const user = userEvent.setup();
    const sent = renderForm(lot(), 'de');
    await user.click(await screen.findByLabelText('Versteigern (3 Tage)'));
    const field = await auctionStartField('Beginn der Auktion');
    const day = addDays(isoDay(Date.now()), 10);
    const [y, m, d] = day.split('-');
    await user.clear(field);
    await user.type(field, `${d}.${m}.${y} 09:45`);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(formatDateTime(sent[0]!.auctionStartDate!, 'de')).toBe(`${d}.${m}.${y}, 09:45`);
  });
});

describe('lot form: the reserve price', () => {
  const auction = () => lot({ price: 0.85, auctionStartDate: new Date(Date.now() + 3 * DAY).toISOString(), status: 'IN_AUCTION' });

  async function typeReserve(value: string) {
    const user = userEvent.setup();
    const sent = renderForm(auction(), 'fr');
    const field = await screen.findByLabelText('Prix de réserve (€/kg, facultatif)');
    await user.clear(field);
    await user.type(field, value);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    return sent;
  }

  it('accepts a reserve above the starting price, typed with a decimal comma', async () => {
    const sent = await typeReserve('0,95');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ price: 0.85, reservePrice: 0.95 });
    expect(screen.queryByText('Le prix de réserve doit être au moins égal au prix de départ.')).not.toBeInTheDocument();
  });

  it('accepts a reserve equal to the starting price', async () => {
    const sent = await typeReserve('0,85');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ price: 0.85, reservePrice: 0.85 });
  });

  it('refuses a reserve below the starting price with the server’s own words, and sends nothing', async () => {
    const sent = await typeReserve('0,84');
    expect(await screen.findByText('Le prix de réserve doit être au moins égal au prix de départ.')).toBeVisible();
    expect(screen.getByLabelText('Prix de réserve (€/kg, facultatif)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });
});
