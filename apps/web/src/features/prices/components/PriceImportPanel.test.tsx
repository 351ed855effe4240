import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../test/render';
import { PriceImportPanel } from './PriceImportPanel';

const status = { schedule: { enabled: false, hour: 6, sourceCount: 0, nextRunAt: null }, lastScheduled: null, recent: [] };

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
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify(refusal), { status: 400, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify(status), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await userEvent.upload(await screen.findByLabelText('Fichier de prix (CSV ou JSON)'), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByTestId('import-refused')).toHaveTextContent('Ligne 3 : le prix minimum 1.5 est supérieur au prix maximum 0.9.');
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/intern/prices/import');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
  });
});
