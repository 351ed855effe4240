import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UncheckedPage, UncheckedProduct } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { jsonResponse } from '../../../test/fixtures';
import { UncheckedProductsPage } from './UncheckedProductsPage';
import { toMoveBody } from './UncheckedRow';

const row = (id: number, over: Partial<UncheckedProduct> = {}): UncheckedProduct => ({
  id,
  supplier: { id: 7, company: 'Huerta de Almería S.L.' },
  productName: 'Naranja navel',
  origin: 'Spain',
  packaging: '',
  box: 'cj 15kg',
  caliber: '3',
  qualityClass: 'I',
  priceKg: 0.65,
  priceColis: null,
  pricePiece: null,
  volume: 4,
  startDate: '2026-11-25',
  lookalike: {
    productName: { id: 1, label: 'Navel orange', code: 'CIT01', score: 1 },
    productAlternatives: [],
    origin: { id: 3, label: 'Spain', alpha2: 'ES', score: 1 },
    packaging: null,
    box: { id: 9, label: 'Cardboard box 30×40', score: 0.3 },
  },
  line: `Naranja navel cal 3 España 0,65€/kg 4 pal desde 25/11 #${id}`,
  message: { id: 1, source: 'whatsapp', fromPhone: '+34950123456', body: 'Hola\nNaranja navel…', receivedAt: '2026-11-21T08:00:00.000Z' },
  ...over,
});

const page = (rows: UncheckedProduct[], n = 0): UncheckedPage => ({
  content: rows,
  page: n,
  size: 10,
  totalElements: rows.length,
  totalPages: 1,
  first: n === 0,
  last: true,
});

const lookups = {
  '/api/intern/supplier/getSuppliers': [{ id: 7, company: 'Huerta de Almería S.L.' }],
  '/api/intern/productList/getAll': [
    {
      id: 1,
      code: 'CIT01',
      family: 'fruits',
      subfamily: 'citrus',
      article: 'Navel orange',
      names: { en: 'Navel orange', fr: 'Orange Navel', de: 'Navelorange', es: 'Naranja navel' },
    },
  ],
  '/api/location/origin/getAll': [{ id: 3, name: 'Spain', alpha2: 'ES' }],
  '/api/intern/productList/packaging/getAll': [{ id: 1, name: 'bulk' }],
  '/api/intern/productList/box/getAll': [{ id: 9, name: 'Cardboard box 30×40' }],
};

describe('unchecked products page', () => {
  it('says so with a Retry when a list the rows choose from could not be loaded, instead of turning forever', async () => {
    let boxCalls = 0;
    renderPage(<UncheckedProductsPage />, {
      lng: 'de',
      answers: {
        ...lookups,
        // A refusal is not retried by the query client: the page shows it at once.
        '/api/intern/productList/box/getAll': () =>
          ++boxCalls === 1 ? jsonResponse({ error: 'no', code: 'FORBIDDEN' }, 403) : jsonResponse(lookups['/api/intern/productList/box/getAll']),
        '/api/intern/userProduct/supplier/unchecked': page([row(1)]),
      },
    });
    const failed = await screen.findByTestId('load-failed');
    expect(screen.queryByRole('status', { name: /lädt|loading/i })).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('unchecked-row-1')).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(boxCalls).toBe(2);
  });

  it('pre-fills each row from the catalog matches, shows the message line, and leaves a weak box match unselected', async () => {
    renderPage(<UncheckedProductsPage />, { answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1)]) } });
    const tr = await screen.findByTestId('unchecked-row-1');
    expect(within(tr).getByText(/Naranja navel cal 3 España/)).toBeTruthy();
    expect((within(tr).getByLabelText('Supplier') as HTMLSelectElement).value).toBe('7');
    expect((within(tr).getByLabelText(/^Product/) as HTMLSelectElement).value).toBe('1');
    expect((within(tr).getByLabelText(/^Origin/) as HTMLSelectElement).value).toBe('3');
    expect((within(tr).getByLabelText(/^Box/) as HTMLSelectElement).value).toBe('');
    expect((within(tr).getByLabelText('€/kg') as HTMLInputElement).value).toBe('0.65');
  });

  it('disables next when fewer than 10 rows come back, and previous on page 0', async () => {
    renderPage(<UncheckedProductsPage />, { answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1), row(2)]) } });
    await screen.findByTestId('unchecked-row-2');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('enables next on a full page of 10', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => row(i + 1));
    renderPage(<UncheckedProductsPage />, { answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page(ten) } });
    await screen.findByTestId('unchecked-row-10');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses next while the next page is on its way, so a quick second click cannot skip a page', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => row(i + 1));
    let arrive: (r: Response) => void = () => {};
    renderPage(<UncheckedProductsPage />, {
      answers: {
        ...lookups,
        '/api/intern/userProduct/supplier/unchecked': (url: string) =>
          url.includes('page=1') ? new Promise<Response>((resolve) => (arrive = resolve)) : jsonResponse(page(ten)),
      },
    });
    await screen.findByTestId('unchecked-row-10');
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await userEvent.click(next());
    expect(screen.getByTestId('unchecked-page').textContent).toMatch(/^Page 2 of/);
    // The first page's rows stay on screen meanwhile; moving on waits for the second page.
    expect(screen.getByTestId('unchecked-row-10')).toBeTruthy();
    expect(next().disabled).toBe(true);
    expect(screen.getByTestId('unchecked-paging').getAttribute('aria-busy')).toBe('true');
    arrive(jsonResponse(page([row(11)], 1)));
    expect(await screen.findByTestId('unchecked-row-11')).toBeTruthy();
    expect(screen.getByTestId('unchecked-paging').getAttribute('aria-busy')).toBe('false');
    expect(next().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses to move a row without a supplier with the toast 'Missing supplier.'", async () => {
    renderPage(<UncheckedProductsPage />, { answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1, { supplier: null })]) } });
    const tr = await screen.findByTestId('unchecked-row-1');
    await userEvent.click(within(tr).getByRole('button', { name: /Add to the supplier's products/ }));
    expect(await screen.findByText('Missing supplier.')).toBeTruthy();
  });
});

describe("the review in the reader's language (issue 26)", () => {
  it("shows prices with their cents the reader's way and names the catalog matches in the tooltips", async () => {
    renderPage(<UncheckedProductsPage />, {
      lng: 'fr',
      answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1, { priceKg: 1.2, priceColis: 18, pricePiece: 0.125 })]) },
    });
    const tr = await screen.findByTestId('unchecked-row-1');
    expect((within(tr).getByLabelText('€/kg') as HTMLInputElement).value).toBe('1,20');
    expect((within(tr).getByLabelText('€/colis') as HTMLInputElement).value).toBe('18,00');
    expect((within(tr).getByLabelText('€/pièce') as HTMLInputElement).value).toBe('0,125');
    const scores = within(tr).getAllByTestId('match-score');
    expect(scores.map((b) => b.getAttribute('title'))).toEqual([
      expect.stringMatching(/^Article du catalogue le plus proche\s: Orange Navel$/),
      expect.stringMatching(/^Article du catalogue le plus proche\s: Espagne$/),
      expect.stringMatching(/^Article du catalogue le plus proche\s: Cardboard box 30×40$/),
    ]);
    expect(scores[0]!.textContent).toMatch(/^100\s%$/);
  });

  it('keeps every action of a row in its card', async () => {
    renderPage(<UncheckedProductsPage />, { answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1)]) } });
    const actions = await screen.findByTestId('unchecked-actions');
    expect(actions.closest('[data-testid="unchecked-row-1"]')).not.toBeNull();
    expect(actions).toHaveAttribute('data-label', 'Actions');
    expect(screen.getByTestId('unchecked-table')).toHaveClass('table-cards-lg');
  });
});

describe('the quality class on the card (issue 25, decision 915)', () => {
  it("shows the class the offer states, by the lot views' names, and flags none", async () => {
    renderPage(<UncheckedProductsPage />, {
      answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1), row(2, { qualityClass: null })]) },
    });
    const stated = await screen.findByTestId('unchecked-row-1');
    const select = within(stated).getByLabelText('Class') as HTMLSelectElement;
    expect(select.value).toBe('I');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'Extra', 'Class I', 'Class II']);
    expect(within(stated).queryByTestId('class-not-stated')).toBeNull();

    const unstated = screen.getByTestId('unchecked-row-2');
    expect((within(unstated).getByLabelText('Class') as HTMLSelectElement).value).toBe('');
    expect(within(unstated).getByTestId('class-not-stated')).toHaveTextContent('Class not stated');
    expect(within(unstated).getByLabelText('Class')).toHaveAccessibleDescription('Class not stated');
  });

  it('moves the row with the class the operator chose, and the flag goes once one is chosen', async () => {
    const bodies: unknown[] = [];
    renderPage(<UncheckedProductsPage />, {
      answers: {
        '/api/intern/userProduct/supplier/unchecked/1/move': (_url: string, init?: RequestInit) => {
          bodies.push(JSON.parse(String(init?.body)));
          return new Response(JSON.stringify({ variant: {} }), { status: 201, headers: { 'content-type': 'application/json' } });
        },
        ...lookups,
        '/api/intern/userProduct/supplier/unchecked': page([row(1, { qualityClass: null })]),
      },
    });
    const tr = await screen.findByTestId('unchecked-row-1');
    await userEvent.selectOptions(within(tr).getByLabelText('Class'), 'Class II');
    expect(within(tr).queryByTestId('class-not-stated')).toBeNull();
    await userEvent.click(within(tr).getByRole('button', { name: /Add to the supplier's products/ }));
    expect(await screen.findByText('Supplier product moved!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ supplierId: 7, productId: 1, qualityClass: 'II' })]);
  });

  it.each([
    ['fr', 'Catégorie', 'Catégorie I', 'Catégorie non indiquée'],
    ['de', 'Klasse', 'Klasse I', 'Klasse nicht angegeben'],
    ['es', 'Categoría', 'Categoría I', 'Categoría no indicada'],
  ])('names the class and flags a missing one in %s', async (lng, label, classOne, missing) => {
    renderPage(<UncheckedProductsPage />, {
      lng,
      answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([row(1), row(2, { qualityClass: null })]) },
    });
    const stated = await screen.findByTestId('unchecked-row-1');
    const select = within(stated).getByLabelText(label) as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe(classOne);
    expect(within(screen.getByTestId('unchecked-row-2')).getByTestId('class-not-stated')).toHaveTextContent(missing);
  });
});

describe('paste box', () => {
  it.each([
    ['en', "Paste a supplier's message", 'One offer per line, for example: Naranja navel cal 3 0,65€/kg 4 pal desde 25/11'],
    ['fr', "Coller le message d'un fournisseur", 'Une offre par ligne, par exemple : Clémentines cal 2 colis 10kg 9€ le colis 2 pal à partir du 28/11'],
    ['de', 'Nachricht eines Lieferanten einfügen', 'Ein Angebot pro Zeile, zum Beispiel: Naranja navel cal 3 0,65€/kg 4 pal desde 25/11'],
    ['es', 'Pegar el mensaje de un proveedor', 'Una oferta por línea, por ejemplo: Naranja navel cal 3 0,65€/kg 4 pal desde 25/11'],
  ])('labels the box and explains it in %s', async (lng, label, placeholder) => {
    renderPage(<UncheckedProductsPage />, { lng, answers: { ...lookups, '/api/intern/userProduct/supplier/unchecked': page([]) } });
    const box = await screen.findByLabelText(label);
    expect(box.getAttribute('placeholder')).toBe(placeholder);
  });
});

describe('move body', () => {
  it('sends the chosen class', () => {
    const v = {
      supplierId: '7',
      productId: '1',
      originId: '',
      packagingId: '',
      boxId: '',
      caliber: '',
      priceKg: '',
      priceColis: '',
      pricePiece: '',
      volume: '',
      startDate: '',
    };
    expect(toMoveBody({ ...v, qualityClass: 'EXTRA' }).qualityClass).toBe('EXTRA');
  });

  it('turns the form strings into ids and numbers, empty into null', () => {
    expect(
      toMoveBody({
        supplierId: '7',
        productId: '1',
        originId: '',
        packagingId: '',
        boxId: '9',
        caliber: ' 3 ',
        qualityClass: '',
        priceKg: '0.65',
        priceColis: '',
        pricePiece: '',
        volume: '4',
        startDate: '',
      }),
    ).toEqual({
      supplierId: 7,
      productId: 1,
      originId: null,
      packagingId: null,
      boxId: 9,
      caliber: '3',
      qualityClass: null,
      priceKg: 0.65,
      priceColis: null,
      pricePiece: null,
      volume: 4,
      startDate: null,
    });
  });

  it('lists a received message that failed to parse, with its error, and reads it again on request', async () => {
    const failed = {
      id: 5,
      source: 'whatsapp',
      fromPhone: '+34950123456',
      body: 'Naranja navel 💥 0,65€/kg',
      receivedAt: '2026-11-21T08:00:00.000Z',
      status: 'failed',
      error: 'parser exploded',
      attempts: 1,
    };
    renderPage(<UncheckedProductsPage />, {
      answers: { '/api/intern/userProduct/supplier/unchecked/messages/unparsed': [failed], ...lookups, '/api/intern/userProduct/supplier/unchecked': page([]) },
    });
    const box = await screen.findByTestId('unparsed-messages');
    expect(within(box).getByText('1 received message could not be read yet')).toBeTruthy();
    expect(within(box).getByText('Naranja navel 💥 0,65€/kg')).toBeTruthy();
    expect(within(box).getByText('Error: parser exploded')).toBeTruthy();
    await userEvent.click(within(box).getByRole('button', { name: 'Read again' }));
    expect(await screen.findByText('Message read again.')).toBeTruthy();
  });
});
