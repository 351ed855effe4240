import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationReport } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { ReconciliationPanel } from './ReconciliationPanel';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('reconciliation panel', () => {
  it('lists each violation with its rule, what it concerns (an order links to it) and its detail, in the reader’s language', async () => {
    const report: ReconciliationReport = {
      checkedAt: '2026-12-01T10:00:00.000Z',
      violations: [
        {
          rule: 'ORDER_INVOICED',
          subject: { type: 'order', id: 12 },
          detail: 'order PRM-2026-000012 was delivered more than 72 h ago and has no sale invoice',
        },
        { rule: 'NUMBERS_IN_SERIES', subject: { type: 'seller', id: 5 }, detail: "seller 5's series 2026: missing 3" },
      ],
    };
    renderPage(<ReconciliationPanel />, { lng: 'fr', answers: { '/api/admin/reconciliation': report } });
    const rows = await screen.findAllByTestId('violation');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Commande livrée facturée une fois, à son montant')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Commande n° 12' }).getAttribute('href')).toBe('/admin/orders/12');
    expect(within(rows[0]!).getByText(/has no sale invoice/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Numéros uniques et sans trou')).toBeTruthy();
    expect(within(rows[1]!).getByText('Vendeur n° 5')).toBeTruthy();
    expect(screen.getByText(/^2 anomalies trouvées/)).toBeTruthy();
  });

  it('says the books balance when there is no violation, and checks again on request', async () => {
    let calls = 0;
    renderPage(<ReconciliationPanel />, {
      answers: {
        '/api/admin/reconciliation': () => {
          calls++;
          return json({ checkedAt: '2026-12-01T10:00:00.000Z', violations: [] });
        },
      },
    });
    expect(await screen.findByText(/^The books balance: no violation/)).toBeTruthy();
    expect(screen.queryAllByTestId('violation')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('says when the check itself failed', async () => {
    renderPage(<ReconciliationPanel />, {
      answers: { '/api/admin/reconciliation': () => json({ error: 'Database unavailable.', code: 'DATABASE_UNAVAILABLE' }, 503) },
    });
    expect(await screen.findByText('The books could not be checked. Try again later.')).toBeTruthy();
  });
});
