import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../test/render';
import { SupplierOverviewPage } from './SupplierOverviewPage';

const article = {
  id: 4,
  code: 'CIT04',
  family: 'fruits',
  subfamily: 'citrus',
  article: 'Clementine',
  names: { en: 'Clementine', fr: 'Clémentine', de: 'Clementine', es: 'Clementina' },
};
const line = {
  id: 9,
  origin: { id: 1, name: 'Spain', alpha2: 'ES' },
  packaging: { id: 2, name: 'europool' },
  box: null,
  caliber: '1X',
  qualityClass: 'I',
  weightPiece: 0.07,
  nbPiece: 140,
  priceKg: 1.2,
  priceColis: 11.76,
  pricePiece: 0.084,
  volume: 6,
  startDate: '2026-11-20',
  endDate: '2026-11-30',
  discountedPriceKg: 1.17,
};
const answers = {
  '/api/users/isLoggedIn': [{ authorities: [{ roleId: 1 }] }],
  '/api/intern/productList/getAll': [article],
  '/api/intern/userProduct/supplier/productDetails/distinct': { origins: [line.origin], calibers: ['1X'] },
  '/api/intern/userProduct/supplier/productDetails': {
    average: 1.0555,
    volume: 10,
    suppliers: [
      {
        supplier: { id: 3, company: 'Cítricos del Turia S.L.' },
        discount: 2.5,
        volume: 6,
        average: 1.17,
        variants: [line, { ...line, id: 10, caliber: '2', qualityClass: null, priceKg: 1.5, discountedPriceKg: 1.46 }],
      },
    ],
  },
};

describe('supplier overview page', () => {
  it('shows the weighted average with 3 decimals and a decimal comma, and line prices with 2', async () => {
    renderPage(<SupplierOverviewPage />, { lng: 'fr', path: '/intern/supplierOverview?product=4&from=2026-11-21&to=2026-11-28', answers });
    expect(await screen.findByTestId('overview-average')).toHaveTextContent('1,056 €/kg');
    expect(screen.getByText('Prix moyen remisé, pondéré par le volume')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Cítricos del Turia/ }));
    expect(screen.getByText('1,20 €')).toBeInTheDocument();
    expect(screen.getByText('1,17 €')).toBeInTheDocument();
    expect(screen.getAllByText('−2,5 %').length).toBeGreaterThan(0);
  });

  it(`shows each line's quality class with the lot views' badge, in the reader's language, and "–" without one`, async () => {
    renderPage(<SupplierOverviewPage />, { lng: 'de', path: '/intern/supplierOverview?product=4&from=2026-11-21&to=2026-11-28', answers });
    await userEvent.click(await screen.findByRole('button', { name: /Cítricos del Turia/ }));
    const lines = screen.getByRole('columnheader', { name: 'Klasse' }).closest('table')!;
    const rows = within(lines).getAllByRole('row').slice(1);
    const classCol = within(lines)
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent === 'Klasse');
    const cellOf = (row: HTMLElement) => within(row).getAllByRole('cell')[classCol]!;
    expect(within(cellOf(rows[0]!)).getByTestId('quality-class')).toHaveAttribute('data-class', 'I');
    expect(cellOf(rows[0]!)).toHaveTextContent('Klasse I');
    expect(cellOf(rows[1]!)).toHaveTextContent('–');
    expect(within(cellOf(rows[1]!)).queryByTestId('quality-class')).toBeNull();
  });

  describe('class filter', () => {
    /** The answers, with the overview's requests noted (the distinct key first: it shares the overview's prefix). */
    const recording = () => {
      const asked: URLSearchParams[] = [];
      const { '/api/intern/userProduct/supplier/productDetails': body, ...rest } = answers;
      return {
        asked,
        answers: {
          ...rest,
          '/api/intern/userProduct/supplier/productDetails': (url: string) => {
            asked.push(new URL(url, 'http://localhost').searchParams);
            return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
          },
        },
      };
    };
    const path = '/intern/supplierOverview?product=4&from=2026-11-21&to=2026-11-28';

    it("offers the three classes by the lot views' names, then 'not stated', in German, and asks the server for the one chosen", async () => {
      const { asked, answers: a } = recording();
      renderPage(<SupplierOverviewPage />, { lng: 'de', path, answers: a });
      await screen.findByTestId('overview-average');
      const select = screen.getByLabelText('Klasse') as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).toEqual(['Alle', 'Extra', 'Klasse I', 'Klasse II', 'Klasse nicht angegeben']);
      expect(select.value).toBe('');
      expect(asked.at(-1)!.get('qualityClass')).toBeNull();
      await userEvent.selectOptions(select, 'Klasse I');
      await waitFor(() => expect(asked.at(-1)!.get('qualityClass')).toBe('I'));
      expect(asked.at(-1)!.get('productId')).toBe('4');
      // Back to all: the first answer (cached) is shown again, without a class.
      await userEvent.selectOptions(select, 'Alle');
      expect(select.value).toBe('');
    });

    it('reads the class from the address, and ignores one that is not a class', async () => {
      const first = recording();
      renderPage(<SupplierOverviewPage />, { path: `${path}&qualityClass=EXTRA`, answers: first.answers });
      await screen.findByTestId('overview-average');
      expect(screen.getByLabelText('Class')).toHaveValue('EXTRA');
      expect(first.asked.at(-1)!.get('qualityClass')).toBe('EXTRA');
      cleanup();

      const second = recording();
      renderPage(<SupplierOverviewPage />, { path: `${path}&qualityClass=III`, answers: second.answers });
      await screen.findByTestId('overview-average');
      expect(screen.getByLabelText('Class')).toHaveValue('');
      expect(second.asked.at(-1)!.get('qualityClass')).toBeNull();
    });

    it.each([
      ['en', 'Class', 'All', 'Class not stated'],
      ['fr', 'Catégorie', 'Tous', 'Catégorie non indiquée'],
      ['de', 'Klasse', 'Alle', 'Klasse nicht angegeben'],
      ['es', 'Categoría', 'Todos', 'Categoría no indicada'],
    ])('offers "class not stated" in %s, apart from all, and puts qualityClass=none in the address and the request', async (lng, label, all, notStated) => {
      const { asked, answers: a } = recording();
      const { router } = renderPage(<SupplierOverviewPage />, { lng, path, answers: a });
      await screen.findByTestId('overview-average');
      const select = screen.getByLabelText(label) as HTMLSelectElement;
      const options = [...select.options];
      expect(options.at(-1)).toHaveTextContent(notStated);
      expect(options.at(-1)).toHaveValue('none');
      expect(options[0]).toHaveTextContent(all);
      await userEvent.selectOptions(select, notStated);
      await waitFor(() => expect(asked.at(-1)!.get('qualityClass')).toBe('none'));
      expect(new URLSearchParams(router.state.location.search).get('qualityClass')).toBe('none');
      expect(select.value).toBe('none');
    });

    it('keeps "class not stated" from the address (a reload)', async () => {
      const { asked, answers: a } = recording();
      renderPage(<SupplierOverviewPage />, { path: `${path}&qualityClass=none`, answers: a });
      await screen.findByTestId('overview-average');
      expect(screen.getByLabelText('Class')).toHaveValue('none');
      expect(asked.at(-1)!.get('qualityClass')).toBe('none');
    });

    it('is disabled until an article is chosen', async () => {
      renderPage(<SupplierOverviewPage />, { path: '/intern/supplierOverview', answers });
      await screen.findByText("Choose an article to compare the suppliers' prices.");
      expect(screen.getByLabelText('Class')).toBeDisabled();
    });
  });
});
