import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Client } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { CompanySettings, PaymentTermsField } from './CompanySettings';

const client: Client = {
  id: 7,
  company: 'Primeurs de Rungis SAS',
  certificates: [],
  ict: 'CIF',
  carrier: null,
  discount: 0,
  contacts: [],
  products: [],
  paymentTermDays: 14,
};

/** The field with the server answering each save with the client as saved; `sent` collects the bodies. */
function renderField(lng: string) {
  const sent: unknown[] = [];
  renderPage(<PaymentTermsField client={client} />, {
    lng,
    answers: {
      '/api/intern/client/paymentTerms/7': async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { value: number };
        sent.push(body);
        return new Response(JSON.stringify({ ...client, paymentTermDays: body.value }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  });
  return sent;
}

/**
 * Clears the field, types `text` and leaves it, each step checked: a keystroke lost (the suite shares
 * one document per worker) fails here, at its step, not later as a save that never came. A fresh
 * user-event instance per call, bound to the document as it is now.
 */
async function typeAndLeave(label: string | RegExp, text: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText(label);
  await user.click(input);
  await user.clear(input);
  expect(input).toHaveValue('');
  if (text) await user.type(input, text);
  expect(input).toHaveValue(text);
  await user.tab();
  expect(input).not.toHaveFocus();
  return input;
}

describe('payment terms field (decision 956)', () => {
  it('shows the stored days, a text input with the numeric keyboard, and what the days mean', async () => {
    renderField('en');
    const input = await screen.findByLabelText('Payment terms');
    expect(input).toHaveValue('14');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('days')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/0 means payable on receipt.*30 days after delivery/);
  });

  it.each([
    ['0', 0],
    ['1', 1],
    ['30', 30],
  ])('saves %s days (limits included)', async (typed, value) => {
    const sent = renderField('en');
    const input = await typeAndLeave('Payment terms', typed);
    await waitFor(() => expect(sent).toEqual([{ value }]));
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Enter whole days/)).not.toBeInTheDocument();
  });

  it.each(['30,5', '30.5', '31', '-1', '', 'abc'])('refuses "%s" clearly and sends nothing', async (typed) => {
    const sent = renderField('en');
    const input = await typeAndLeave('Payment terms', typed);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/^Enter whole days from 0 to 30, without decimals\./);
    expect(sent).toEqual([]);
  });

  it('says it in French, with the unit in the singular for one day', async () => {
    const sent = renderField('fr');
    const input = await typeAndLeave('Délai de paiement', '30,5');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Saisissez un nombre entier de jours, de 0 à 30, sans décimales.')).toBeVisible();
    await typeAndLeave('Délai de paiement', '1');
    await waitFor(() => expect(sent).toEqual([{ value: 1 }]));
    expect(screen.getByText('jour')).toBeInTheDocument();
    expect(screen.queryByText(/Saisissez un nombre entier/)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('discount field (the same saved-amount field)', () => {
  function renderSettings() {
    const sent: unknown[] = [];
    renderPage(<CompanySettings kind="client" company={client} />, {
      answers: {
        '/api/intern/client/discount/7': async (_url: string, init?: RequestInit) => {
          const body = JSON.parse(String(init?.body)) as { value: number };
          sent.push(body);
          return new Response(JSON.stringify({ ...client, discount: body.value }), { status: 200, headers: { 'content-type': 'application/json' } });
        },
      },
    });
    return sent;
  }

  it('refuses 100.5 in one sentence without sending it, then saves 12.5', async () => {
    const sent = renderSettings();
    const input = await typeAndLeave('Discount', '100.5');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Between 0 and 100 %, two decimals at most.')).toBeVisible();
    expect(sent).toEqual([]);
    await typeAndLeave('Discount', '12.5');
    await waitFor(() => expect(sent).toEqual([{ value: 12.5 }]));
    expect(screen.queryByText(/Between 0 and 100/)).not.toBeInTheDocument();
  });
});
