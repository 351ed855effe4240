import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, noPriceImports as status } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { PriceImportPanel } from './PriceImportPanel';

describe('price upload', () => {
  it("tells why a file was refused, line and reason, in the reader's language", async () => {
    renderPage(<PriceImportPanel />, { lng: 'fr', answers: { '/api/intern/prices/imports/status': status } });
    const refusal = {
      error: 'The file was refused. Line 3: minPrice 1.5 is greater than maxPrice 0.9',
      code: 'IMPORT_INVALID',
      details: [{ path: 'line 3', message: 'minPrice 1.5 is greater than maxPrice 0.9' }],
      line: 3,
      reason: { key: 'minAboveMax', params: { min: 1.5, max: 0.9 } },
    };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => (init?.method === 'POST' ? jsonResponse(refusal, 400) : jsonResponse(status)));
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.upload(await screen.findByLabelText('Fichier de prix (CSV ou JSON)'), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByTestId('import-refused')).toHaveTextContent('Ligne 3 : le prix minimum 1.5 est supérieur au prix maximum 0.9.');
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/intern/prices/import');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('counts the prices held beside "no file imported yet", in the reader language', async () => {
    const seeded = {
      ...status,
      stored: { market: { rows: 2700, days: 90, from: '2026-08-26', to: '2026-11-23' }, grower: { rows: 1, days: 1, from: '2026-11-23', to: '2026-11-23' } },
    };
    renderPage(<PriceImportPanel />, { lng: 'fr', answers: { '/api/intern/prices/imports/status': seeded } });
    const line = await screen.findByTestId('prices-stored');
    expect(line).toHaveTextContent(
      'Prix enregistrés : 2700 lignes de prix de marché sur 90 jours, du 26 août 2026 au 23 nov. 2026 et 1 ligne de prix producteur sur 1 jour',
    );
    expect(screen.getByText('Aucun fichier importé pour l’instant.')).toBeInTheDocument();
  });
});
