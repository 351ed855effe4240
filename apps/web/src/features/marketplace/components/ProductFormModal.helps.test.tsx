import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, dayInParis, type ProductInput } from '@primeur/shared';
import { jsonResponse, marketLot, signedIn, userInfo } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ProductFormModal } from './ProductFormModal';
import { lotDateProblems, valuesFrom } from './lot-form/lot-form-values';

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Seller', category: 'supplier', vatId: 'ES1' });

const ARTICLES = [
  { id: 1, article: 'Lemon', family: 'fruits', names: { en: 'Lemon', fr: 'Citron', de: 'Zitrone', es: 'Limón' } },
  { id: 2, article: 'Round tomato', family: 'legumes', names: { en: 'Round tomato', fr: 'Tomate ronde', de: 'Runde Tomate', es: 'Tomate redondo' } },
  { id: 3, article: 'Cherry tomato', family: 'legumes', names: { en: 'Cherry tomato', fr: 'Tomate cerise', de: 'Kirschtomate', es: 'Tomate cherry' } },
  { id: 4, article: 'Clementine', family: 'fruits', names: { en: 'Clementine', fr: 'Clémentine', de: 'Clementine', es: 'Clementina' } },
];

/** A new lot's form; what reaches the server is recorded (the JSON part and the photo order). */
function renderNew(lng = 'en') {
  const sent: Array<{ input: ProductInput; photos: string[] }> = [];
  renderPage(<ProductFormModal onClose={vi.fn()} />, {
    lng,
    answers: {
      ...signedIn(supplier),
      '/api/users/product/formOptions': { articles: ARTICLES, packagings: [{ id: 1, name: 'ifco' }], certificates: [] },
      '/api/location/origin/getAll': [{ id: 9, name: 'Spain', alpha2: 'ES' }],
      '/api/users/product/add': (_url: string, init: RequestInit) => {
        const body = init.body as FormData;
        sent.push({ input: JSON.parse(String(body.get('data'))) as ProductInput, photos: body.getAll('photos').map((f) => (f as File).name) });
        return jsonResponse(marketLot(), 201);
      },
    },
  });
  return sent;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('lot form: errors that follow the fixes (issue 26)', () => {
  it('shows the errors on the first submit, then takes each away as soon as its field is fixed', async () => {
    const user = userEvent.setup();
    const sent = renderNew();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveClass('is-invalid'));
    expect(screen.getByLabelText('Quality class')).toHaveClass('is-invalid');
    expect(screen.getByText('This field is required.', { selector: '#lot-class-error' })).toBeInTheDocument();
    expect(screen.getByText('Add at least one photo.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // No second submit: typing alone clears the title's error, choosing a class clears the class's.
    await user.type(title, 'Verna lemons');
    await waitFor(() => expect(title).not.toHaveClass('is-invalid'));
    await user.selectOptions(screen.getByLabelText('Quality class'), 'Extra');
    await waitFor(() => expect(screen.getByLabelText('Quality class')).not.toHaveClass('is-invalid'));
    // Still wrong fields keep theirs.
    expect(screen.getByLabelText('Net weight per pallet (kg)')).toHaveAttribute('aria-invalid', 'true');
    // Photos chosen: their error goes too.
    await user.upload(screen.getByLabelText('Photos'), png('a.png'));
    await waitFor(() => expect(screen.queryByText('Add at least one photo.')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);
  });

  it('finds the article by typing part of its name in the reader’s language, with the keyboard', async () => {
    const user = userEvent.setup();
    renderNew('de');
    const picker = await screen.findByRole('combobox', { name: 'Artikel' });
    await user.type(picker, 'tomate');
    const list = screen.getByRole('listbox');
    // German names: "Kirschtomate" and "Runde Tomate", not the lemon nor the French names.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kirschtomate · Gemüse', 'Runde Tomate · Gemüse']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveValue('Runde Tomate');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Accents and case do not matter; an unknown word says so.
    await user.clear(picker);
    await user.type(picker, 'CLEMENTI');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Clementine · Obst']);
    await user.clear(picker);
    await user.type(picker, 'xyz');
    expect(screen.getByText('Kein Artikel passt zu „xyz“.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('previews the chosen photos, moves and removes them, and sends them in the order shown', async () => {
    const user = userEvent.setup();
    const sent = renderNew();
    await user.upload(await screen.findByLabelText('Photos'), [png('a.png'), png('b.png'), png('c.png')]);
    const previews = () => within(screen.getByTestId('photo-previews')).getAllByRole('listitem');
    expect(previews()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(previews().map((li) => within(li).getByTitle(/\.png$/).textContent)).toEqual(['c.png', 'b.png']);
    expect(within(previews()[0]!).getByText('Shown first')).toBeInTheDocument();

    // The rest of the form, then the request carries the photos in that order and the lot facts.
    await user.type(screen.getByRole('combobox', { name: 'Article' }), 'lemo');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Title'), 'Verna lemons');
    await user.selectOptions(screen.getByLabelText('Quality class'), 'Class II');
    await user.type(screen.getByLabelText('Variety (optional)'), 'Verna');
    await user.type(screen.getByLabelText('Origin'), 'Spa');
    await user.click(await screen.findByText('Spain'));
    await user.selectOptions(screen.getByLabelText('Packaging'), 'ifco');
    await user.type(screen.getByLabelText('Price (€/kg)'), '1.20');
    await user.type(screen.getByLabelText('Quantity'), '4');
    await user.type(screen.getByLabelText('Net weight per pallet (kg)'), '800');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.photos).toEqual(['c.png', 'b.png']);
    expect(sent[0]!.input).toMatchObject({ articleId: 1, qualityClass: 'II', variety: 'Verna', packedOn: null, price: 1.2 });
  });
});

describe('lot form: the dates, judged as they are picked', () => {
  it('refuses a past "available until", an auction outside the availability and an auction without a start', () => {
    const today = dayInParis(0);
    const base = { ...valuesFrom(), availableUntil: addDays(today, 10) };
    expect(lotDateProblems({ ...base, availableUntil: addDays(today, -1) }, undefined)).toEqual({ availableUntil: 'availableUntilPast' });
    const start = new Date(Date.now() + 8 * 86_400_000).toISOString();
    expect(lotDateProblems({ ...base, auction: true, auctionStart: start }, undefined)).toEqual({ availableUntil: 'auctionOutsideAvailability' });
    expect(lotDateProblems({ ...base, auction: true, auctionStart: '' }, undefined)).toEqual({ auctionStart: 'required' });
    expect(lotDateProblems({ ...base, auction: true, auctionStart: new Date(Date.now() + 86_400_000).toISOString() }, undefined)).toEqual({});
  });
});
