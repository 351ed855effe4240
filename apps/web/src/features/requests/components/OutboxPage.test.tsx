import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../test/render';
import { OutboxPage } from './OutboxPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('outbox', () => {
  it('says the list could not be loaded, with a Retry that loads it', async () => {
    let calls = 0;
    renderPage(<OutboxPage />, {
      lng: 'fr',
      answers: {
        // A refusal is not retried by the query client: the page shows it at once.
        '/api/email/intern/outbox': () =>
          ++calls === 1 ? json(403, { error: 'no', code: 'FORBIDDEN' }) : json(200, { content: [], total: 0, page: 0, size: 25 }),
      },
    });
    const failed = await screen.findByTestId('load-failed');
    expect(failed).toHaveTextContent('Impossible de récupérer les informations !');
    await userEvent.click(within(failed).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Aucun e-mail pour l'instant.")).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(calls).toBe(2);
  });
});
