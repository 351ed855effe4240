import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, type ActivityEntry, type ActivityPage as Page } from '@primeur/shared';
import en from '../../../../../../packages/shared/src/i18n/locales/en/activity.json';
import fr from '../../../../../../packages/shared/src/i18n/locales/fr/activity.json';
import de from '../../../../../../packages/shared/src/i18n/locales/de/activity.json';
import es from '../../../../../../packages/shared/src/i18n/locales/es/activity.json';
import { renderPage } from '../../../test/render';
import { jsonResponse } from '../../../test/fixtures';
import { ActivityTimeline } from './ActivityTimeline';
import { ActivityPage } from './ActivityPage';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

const entry = (over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: 2,
  at: '2026-11-20T09:30:00.000Z',
  user: { id: 1, email: 'ops@primeur.example', companyName: 'Primeur Ops' },
  apiToken: null,
  entity: 'supplier',
  entityId: 12,
  action: 'update',
  changes: [{ field: 'discount', from: '1.20', to: '4.50' }],
  ...over,
});
const page = (items: ActivityEntry[], total = items.length, p = 1, size = 10): Page => ({ items, page: p, size, total });

describe('the history catalogs', () => {
  it('have the same keys in the four languages', () => {
    for (const other of [fr, de, es]) expect(keys(other).sort()).toEqual(keys(en).sort());
  });
});

describe('ActivityTimeline', () => {
  it("shows who changed which field when, old → new, with translated field names and the reader's decimals", async () => {
    const asked: string[] = [];
    renderPage(<ActivityTimeline entity="supplier" id={12} />, {
      lng: 'fr',
      answers: {
        '/api/admin/activity': (url: string) => {
          asked.push(url);
          return jsonResponse(page([entry(), entry({ id: 1, action: 'create', changes: [{ field: 'active', from: null, to: true }], user: null })]));
        },
      },
    });
    const entries = await screen.findAllByTestId('activity-entry');
    expect(entries).toHaveLength(2);
    const first = within(entries[0]!);
    expect(first.getByText('Modification')).toBeInTheDocument();
    expect(first.getByText('Remise')).toBeInTheDocument();
    expect(first.getByText('1,20')).toBeInTheDocument();
    expect(first.getByText('4,50')).toBeInTheDocument();
    expect(first.getByText(/par Primeur Ops \(ops@primeur\.example\)/)).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-11-20T09:30:00.000Z', 'fr'))).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z');
    const second = within(entries[1]!);
    expect(second.getByText('Actif')).toBeInTheDocument();
    expect(second.getByText('(vide)')).toBeInTheDocument();
    expect(second.getByText('oui')).toBeInTheDocument();
    expect(second.getByText('par Système')).toBeInTheDocument();
    expect(asked[0]).toContain('entity=supplier');
    expect(asked[0]).toContain('id=12');
    expect(screen.queryByText(/jeton d’API/)).toBeNull();
  });

  it('names the API token a change came through', async () => {
    renderPage(<ActivityTimeline entity="user" id={7} />, {
      lng: 'de',
      answers: { '/api/admin/activity': () => jsonResponse(page([entry({ entity: 'user', entityId: 7, apiToken: { id: 3, name: 'ERP Sync' } })])) },
    });
    const [only] = await screen.findAllByTestId('activity-entry');
    expect(within(only!).getByText('über das API-Token „ERP Sync“')).toBeInTheDocument();
  });

  it('says so when nothing was recorded, and reads the history again when the record changes', async () => {
    let answer = page([]);
    /** The record's page: a change to the record gives it a new revision. */
    function RecordPage() {
      const [revision, setRevision] = useState(1);
      return (
        <>
          <button onClick={() => setRevision((r) => r + 1)}>change the record</button>
          <ActivityTimeline entity="client" id={3} revision={revision} />
        </>
      );
    }
    renderPage(<RecordPage />, { answers: { '/api/admin/activity': () => jsonResponse(answer) } });
    expect(await screen.findByText('No change recorded yet.')).toBeInTheDocument();
    answer = page([entry({ entity: 'client', entityId: 3, changes: [{ field: 'ict', from: 'CIF', to: 'FOB' }] })]);
    await userEvent.click(screen.getByRole('button', { name: 'change the record' }));
    expect(await screen.findByText('Incoterm')).toBeInTheDocument();
    expect(screen.getByText('FOB')).toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    const asked: string[] = [];
    renderPage(<ActivityTimeline entity="supplier" id={12} />, {
      answers: {
        '/api/admin/activity': (url: string) => {
          asked.push(url);
          const p = Number(new URL(url, 'http://x').searchParams.get('page'));
          return jsonResponse(page([entry({ id: 30 - p })], 25, p, 10));
        },
      },
    });
    expect(await screen.findByText('25 changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(asked.some((u) => u.includes('page=2'))).toBe(true));
  });

  it('says the history could not be loaded', async () => {
    renderPage(<ActivityTimeline entity="supplier" id={12} />, {
      answers: { '/api/admin/activity': () => jsonResponse({ error: 'Not allowed.', code: 'FORBIDDEN' }, 403) },
    });
    expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument();
  });
});

describe('ActivityPage', () => {
  it('filters by record type and number through the address, and names each record', async () => {
    const asked: string[] = [];
    renderPage(<ActivityPage />, {
      path: '/admin/activity',
      answers: {
        '/api/admin/activity': (url: string) => {
          asked.push(url);
          return jsonResponse(page([entry({ entity: 'variant', entityId: 44, changes: [{ field: 'priceKg', from: '1.2', to: '1.25' }] })], 1, 1, 24));
        },
      },
    });
    expect(await screen.findByText('Variant #44')).toBeInTheDocument();
    expect(screen.getByText('Price per kg')).toBeInTheDocument();
    expect(screen.getByText('1.20')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Record type'), 'variant');
    await userEvent.type(screen.getByLabelText('Record number'), '44');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(asked.at(-1)).toContain('entity=variant&id=44'));
  });

  it('refuses a record number without a record type, and one that is not a number', async () => {
    renderPage(<ActivityPage />, { path: '/admin/activity', answers: { '/api/admin/activity': () => jsonResponse(page([], 0, 1, 24)) } });
    await screen.findByText('No change recorded yet.');
    await userEvent.type(screen.getByLabelText('Record number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByLabelText('Record number')).toHaveClass('is-invalid');
    await userEvent.selectOptions(screen.getByLabelText('Record type'), 'lot');
    await userEvent.clear(screen.getByLabelText('Record number'));
    await userEvent.type(screen.getByLabelText('Record number'), '1e3');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByLabelText('Record number')).toHaveClass('is-invalid');
  });
});
