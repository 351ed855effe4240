import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyRecall, RecallDetail } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { jsonResponse } from '../../../test/fixtures';
import { RecallBanner } from './RecallBanner';
import { RecallPage } from './RecallsPage';

const open: MyRecall = {
  id: 4,
  lotNumber: 'L7',
  lotTitle: 'Tomate Raf',
  reason: 'Listeria in a retained sample',
  exercise: false,
  startedAt: '2026-11-29T08:00:00.000Z',
  orders: [{ orderId: 41, number: 'PRM-2026-000041', codes: ['030123450000000019', '030123450000000026'] }],
  acknowledgedAt: null,
};

describe('recalls on the pages', () => {
  it('a buyer sees its open recall with its pallets above its orders, in German, and acknowledges it once', async () => {
    const posted: string[] = [];
    let state = open;
    renderPage(<RecallBanner />, {
      lng: 'de',
      answers: {
        '/api/users/recalls/4/acknowledge': (url: string, init?: RequestInit) => {
          posted.push(`${init?.method} ${url}`);
          state = { ...open, acknowledgedAt: '2026-11-29T08:12:00.000Z' };
          return jsonResponse(state);
        },
        '/api/users/recalls': () => jsonResponse([state]),
      },
    });
    const banner = await screen.findByTestId('recall-banner');
    expect(within(banner).getByText('Rückruf der Partie L7 (Tomate Raf)')).toBeInTheDocument();
    expect(within(banner).getByText(/030123450000000019, 030123450000000026/)).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Bestätigen' }));
    expect(posted).toEqual(['POST /api/users/recalls/4/acknowledge']);
    await expect.poll(() => screen.queryByTestId('recall-banner')).toBeNull();
  });

  it('the operator reads the report: who acknowledged when, and the time to the last one', async () => {
    const report: RecallDetail = {
      id: 4,
      productId: 7,
      lotNumber: 'L7',
      lotTitle: 'Tomate Raf',
      reason: 'Yearly drill',
      exercise: true,
      startedAt: '2026-11-29T08:00:00.000Z',
      buyers: 2,
      acknowledged: 1,
      completedAt: null,
      minutesToComplete: null,
      lotWithdrawn: false,
      notices: [
        { id: 1, companyName: 'Frischmarkt GmbH', orders: open.orders, notifiedAt: open.startedAt, acknowledgedAt: null, minutesToAcknowledge: null },
        {
          id: 2,
          companyName: 'Primeurs Lyonnais',
          orders: open.orders,
          notifiedAt: open.startedAt,
          acknowledgedAt: '2026-11-29T08:12:00.000Z',
          minutesToAcknowledge: 12,
        },
      ],
    };
    renderPage(<RecallPage />, { path: '/admin/recalls/4', answers: { '/api/admin/recalls/': () => jsonResponse(report) } });
    expect(await screen.findByTestId('recall-progress')).toHaveTextContent('1 of 2 buyers have acknowledged.');
    const rows = screen.getAllByTestId('recall-notice');
    expect(rows.map((r) => r.getAttribute('data-acknowledged'))).toEqual(['false', 'true']);
    expect(rows[1]).toHaveTextContent('(12 min)');
    expect(screen.getByText('Exercise')).toBeInTheDocument();
  });
});
