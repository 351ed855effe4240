import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { JobsPanel } from './JobsPanel';

const job = (over: object) => ({
  everyMs: 3_600_000,
  runningHere: false,
  lastStartedAt: '2026-11-23T10:00:00.000Z',
  lastFinishedAt: '2026-11-23T10:00:01.000Z',
  lastOutcome: 'ok',
  lastError: null,
  lastDurationMs: 12,
  lastInstance: 'host:1',
  runCount: 3,
  failureCount: 0,
  ...over,
});

describe('jobs panel', () => {
  it('shows each job with its last run and outcome, and the error of a failed one', async () => {
    renderPage(<JobsPanel />, {
      answers: {
        '/api/admin/jobs': [
          job({ name: 'session-purge' }),
          job({ name: 'price-fetch', lastOutcome: 'failed', lastError: 'source answered HTTP 500', failureCount: 1 }),
          job({ name: 'auction-closer', lastStartedAt: null, lastOutcome: null, runCount: 0 }),
        ],
      },
    });
    const purge = await screen.findByTestId('job-session-purge');
    expect(within(purge).getByText('Expired sessions purge')).toBeTruthy();
    expect(within(purge).getByText('OK')).toBeTruthy();
    const fetch = screen.getByTestId('job-price-fetch');
    expect(within(fetch).getByText('Failed')).toBeTruthy();
    expect(within(fetch).getByText('source answered HTTP 500')).toBeTruthy();
    expect(within(fetch).getByText('3 (1 failed)')).toBeTruthy();
    expect(within(screen.getByTestId('job-auction-closer')).getByText('Never')).toBeTruthy();
  });
});
