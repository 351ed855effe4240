import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '@primeur/shared';
import { renderPage } from '../../test/render';
import { ImportCsvDialog } from './ImportCsvDialog';
import { ExportCsvButton } from './ExportCsvButton';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const bad: ImportPreview = {
  columns: ['supplier', 'article'],
  rows: [
    { line: 2, cells: ['Huerta', 'TOM01'] },
    { line: 3, cells: ['Huerta', 'NOPE'] },
  ],
  errors: [{ row: 3, column: 'article', code: 'UNKNOWN_ARTICLE' }],
};
const good: ImportPreview = { ...bad, rows: [bad.rows[0]!], errors: [] };

describe('CSV import dialog and export link (issue 26)', () => {
  it('marks the refused cell, keeps Import disabled until a file without errors, then imports it', async () => {
    const sent: string[] = [];
    let previews = 0;
    renderPage(<ImportCsvDialog kind="supplier-prices" />, {
      lng: 'fr',
      answers: {
        '/api/admin/import/supplier-prices/preview': () => json(previews++ === 0 ? bad : good),
        '/api/admin/import/supplier-prices/commit': (_: string, init?: RequestInit) => {
          sent.push((init?.body as FormData).get('file') instanceof File ? 'file' : 'none');
          return json({ imported: 1 });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Importer une liste de prix (CSV)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Télécharger le modèle' })).toHaveAttribute(
      'href',
      '/api/admin/import/supplier-prices/template.csv?lang=fr',
    );
    const input = within(dialog).getByLabelText('Fichier CSV');

    await userEvent.upload(input, new File(['x'], 'prix.csv', { type: 'text/csv' }));
    // French text with its no-break space before the colon.
    expect((await within(dialog).findByTestId('import-summary')).textContent).toBe(
      '2 lignes vérifiées. 1 erreur\u00a0: corrigez-la dans le fichier et choisissez-le à nouveau.',
    );
    const cell = within(dialog).getByText('NOPE');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveAttribute('title', 'Code article inconnu.');
    expect(within(within(dialog).getByTestId('import-errors')).getByText('Code article inconnu.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();

    await userEvent.upload(input, new File(['y'], 'prix.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(/Aucune erreur/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('import-submit')).toBeEnabled();
    await userEvent.click(within(dialog).getByTestId('import-submit'));
    expect(await screen.findByText('1 ligne importée.')).toBeInTheDocument();
    expect(sent).toEqual(['file']);
  });

  it('links the export to the list’s filters and the reader’s language', async () => {
    renderPage(<ExportCsvButton list="users" filters={{ q: 'huerta', category: 'supplier', status: '' }} />, { lng: 'de' });
    expect(await screen.findByRole('button', { name: 'CSV exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/export/users.csv?q=huerta&category=supplier&lang=de',
    );
  });
});
