import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatedWebhook, WebhookDelivery, WebhookEndpoint } from '@primeur/shared';
import { jsonResponse } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { WebhooksPanel } from './WebhooksPanel';

const SECRET = `whsec_${'A'.repeat(43)}=`;

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 1,
  url: 'https://erp.example.com/primeur',
  types: [],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  position: 12,
  failingSince: null,
  backlog: 0,
  lastAttempt: { status: 'delivered', statusCode: 200, at: '2026-11-28T08:30:00.000Z' },
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 50,
  eventId: 'evt_900',
  sequence: 12,
  type: 'order.shipped',
  status: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-28T08:30:00.000Z',
  lastStatusCode: 200,
  lastError: null,
  durationMs: 80,
  deliveredAt: '2026-11-28T08:30:00.000Z',
  ...over,
});

interface Sent {
  method: string;
  url: string;
  body?: unknown;
}

/** The panel over a fake server holding `initial`; `refuse` answers the creation instead of making the endpoint. */
function render(initial: WebhookEndpoint[], o: { refuse?: Response; deliveries?: WebhookDelivery[] } = {}) {
  let list = [...initial];
  const sent: Sent[] = [];
  renderPage(<WebhooksPanel />, {
    answers: {
      '/api/users/webhooks': (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        if (method !== 'GET') sent.push({ method, url, body });
        if (url.endsWith('/deliveries')) return jsonResponse({ items: o.deliveries ?? [], next: null });
        if (url.endsWith('/resend')) return jsonResponse({ ...delivery(), status: 'pending', attempts: 0 }, 202);
        if (url.endsWith('/replay')) return jsonResponse({ after: body?.after, upTo: 12 }, 202);
        if (url.endsWith('/secret')) return jsonResponse({ secret: `${SECRET.slice(0, -2)}B=`, previousValidUntil: '2026-11-29T10:00:00.000Z' });
        if (method === 'POST') {
          if (o.refuse) return o.refuse;
          const made: CreatedWebhook = {
            ...endpoint({ id: 9, url: String(body!.url), types: body!.types as WebhookEndpoint['types'], lastAttempt: null }),
            secret: SECRET,
          };
          const { secret: _s, ...shown } = made;
          list = [...list, shown];
          return jsonResponse(made, 201);
        }
        const id = Number(url.split('/')[4]);
        if (method === 'PATCH') {
          list = list.map((w) =>
            w.id === id ? { ...w, ...(body as Partial<WebhookEndpoint>), disabledReason: body?.enabled === false ? 'manual' : null } : w,
          );
          return jsonResponse(list.find((w) => w.id === id));
        }
        if (method === 'DELETE') {
          list = list.filter((w) => w.id !== id);
          return new Response(null, { status: 204 });
        }
        return jsonResponse(list);
      },
    },
  });
  return { sent };
}

describe('the webhooks of the API tab', () => {
  it('lists each endpoint with its address, events, state and last delivery, and says when it fails', async () => {
    render([
      endpoint(),
      endpoint({
        id: 2,
        url: 'https://wms.example.com/in',
        types: ['invoice.issued', 'credit_note.issued'],
        backlog: 3,
        failingSince: '2026-11-28T06:00:00.000Z',
        lastAttempt: { status: 'failed', statusCode: 503, at: '2026-11-28T09:00:00.000Z' },
      }),
      endpoint({
        id: 3,
        url: 'https://old.example.com/h',
        enabled: false,
        disabledReason: 'failing',
        disabledAt: '2026-11-27T06:00:00.000Z',
        lastAttempt: null,
      }),
    ]);
    const items = await screen.findAllByTestId('webhook');
    expect(items).toHaveLength(3);
    const [first, second, third] = items.map((i) => within(i));
    expect(first!.getByText('https://erp.example.com/primeur')).toBeInTheDocument();
    expect(first!.getByText('On')).toBeInTheDocument();
    expect(first!.getByText('All events')).toBeInTheDocument();
    expect(first!.getByTestId('webhook-last')).toHaveTextContent(/^Delivered \(200\), /);
    expect(second!.getByText('invoice.issued')).toBeInTheDocument();
    expect(second!.getByText('credit_note.issued')).toBeInTheDocument();
    expect(second!.getByTestId('webhook-last')).toHaveTextContent(/^Failed, to be retried \(503\), .* · 3 events waiting$/);
    expect(second!.getByText(/^Failing since .*disabled after 3 days of failures\.$/)).toBeInTheDocument();
    expect(third!.getByText('Disabled after 3 days of failures')).toBeInTheDocument();
    expect(third!.getByText(/switch the endpoint on: the events since it stopped are delivered then, in order\.$/)).toBeInTheDocument();
    expect(third!.getByRole('button', { name: 'Switch on https://old.example.com/h' })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('checks the address before sending anything', async () => {
    const { sent } = render([]);
    expect(await screen.findByText('No webhook endpoint yet.')).toBeInTheDocument();
    const url = screen.getByLabelText('Address (URL)');
    await userEvent.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    expect(await screen.findByText('Please enter the address.')).toBeInTheDocument();
    await userEvent.type(url, 'http://erp.example.com/in');
    expect(await screen.findByText('The address must start with https://.')).toBeInTheDocument();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://me:pw@erp.example.com/in');
    expect(await screen.findByText('Do not put a user name or password in the address.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('adds an endpoint for the events checked, grouped, and shows its secret once', async () => {
    const user = userEvent.setup();
    const { sent } = render([]);
    await user.type(await screen.findByLabelText('Address (URL)'), 'https://erp.example.com/hooks');
    const invoices = screen.getByRole('group', { name: 'Invoices and credit notes' });
    await user.click(within(invoices).getByRole('checkbox', { name: /^Invoice issued/ }));
    await user.click(within(invoices).getByRole('checkbox', { name: /^Credit note issued/ }));
    await user.click(within(screen.getByRole('group', { name: 'Orders' })).getByRole('checkbox', { name: /^Order shipped/ }));
    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          url: '/api/users/webhooks',
          body: { url: 'https://erp.example.com/hooks', types: ['order.shipped', 'invoice.issued', 'credit_note.issued'] },
        },
      ]),
    );
    const shown = await screen.findByTestId('webhook-secret');
    expect(within(shown).getByText('The secret of your new endpoint https://erp.example.com/hooks')).toBeInTheDocument();
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent('Copied to the clipboard.');
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByTestId('webhook')).toHaveTextContent('https://erp.example.com/hooks');
    expect(screen.getByLabelText('Address (URL)')).toHaveValue('');
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('shows the server’s refusal of an address in words', async () => {
    render([], {
      refuse: jsonResponse({ error: 'refused', code: 'WEBHOOK_ADDRESS_REFUSED', details: [{ path: 'url', message: 'WEBHOOK_ADDRESS_REFUSED' }] }, 400),
    });
    await userEvent.type(await screen.findByLabelText('Address (URL)'), 'https://intranet.example.com/in');
    await userEvent.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address leads to a private or local network, which Primeur does not call.');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('switches an endpoint off, rotates its secret and deletes it after confirmations', async () => {
    const user = userEvent.setup();
    const { sent } = render([endpoint()]);
    await user.click(await screen.findByRole('button', { name: 'Switch off https://erp.example.com/primeur' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'PATCH', url: '/api/users/webhooks/1', body: { enabled: false } }));
    expect(await screen.findByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New secret for https://erp.example.com/primeur' }));
    let modal = await screen.findByTestId('confirm-modal');
    expect(within(modal).getByText(/keeps signing beside the new one for 24 hours/)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Make a new secret' }));
    const shown = await screen.findByTestId('webhook-secret');
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(`${SECRET.slice(0, -2)}B=`);
    expect(within(shown).getByText(/^The previous secret keeps signing beside it until /)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'POST', url: '/api/users/webhooks/1/secret', body: {} });
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));

    await user.click(screen.getByRole('button', { name: 'Delete the endpoint https://erp.example.com/primeur' }));
    modal = await screen.findByTestId('confirm-modal');
    expect(within(modal).getByText(/its delivery log is deleted\. This cannot be undone\./)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/users/webhooks/1' }));
    expect(await screen.findByText('No webhook endpoint yet.')).toBeInTheDocument();
  });

  it('opens the delivery log: each delivery with its status, answer and attempts, resent one by one, or replayed from a sequence', async () => {
    const user = userEvent.setup();
    const { sent } = render([endpoint()], {
      deliveries: [
        delivery({
          id: 52,
          sequence: 14,
          type: 'invoice.issued',
          status: 'failed',
          attempts: 3,
          lastStatusCode: null,
          lastError: 'no answer within 10000 ms',
          deliveredAt: null,
          nextAttemptAt: '2026-11-28T09:30:00.000Z',
        }),
        delivery(),
      ],
    });
    const toggle = await screen.findByRole('button', { name: 'Delivery log of https://erp.example.com/primeur' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = await screen.findAllByTestId('webhook-delivery');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#14 invoice.issued');
    expect(rows[0]).toHaveTextContent('Failed, to be retried');
    expect(rows[0]).toHaveTextContent(/No answer · 3 attempts · Last attempt .* · Next attempt /);
    expect(rows[0]).toHaveTextContent('no answer within 10000 ms');
    expect(rows[1]).toHaveTextContent(/#12 order\.shipped\s*Delivered/);
    expect(rows[1]).toHaveTextContent(/Answer 200 · 1 attempt · Delivered /);

    await user.click(within(rows[1]!).getByRole('button', { name: 'Resend event #12' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'POST', url: '/api/users/webhooks/1/deliveries/50/resend', body: {} }));

    const replay = screen.getByLabelText('Replay from sequence');
    await user.type(replay, '-1');
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Enter a whole number, 0 or more.')).toBeInTheDocument();
    await user.clear(replay);
    await user.type(replay, '3');
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'POST', url: '/api/users/webhooks/1/replay', body: { after: 3 } }));
    expect(await screen.findByText('The events after #3 (up to #12) are being sent again, in order.')).toBeInTheDocument();
  });
});
