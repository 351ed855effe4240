import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDay, todayInParis, type Invoice } from '@primeur/shared';
import { germanBuyer, jsonResponse, signedIn, userInfo } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AdminInvoicesPage } from './AdminInvoicesPage';
import { InvoicesPage } from './InvoicesPage';
import { OrderInvoices } from './OrderInvoices';

const supplier = userInfo({ userId: 3, username: 's@example.com', companyName: 'Huerta Sur S.L.', category: 'supplier', vatId: 'ESB12345678' });
const admin = userInfo({ userId: 1, username: 'a@example.com', companyName: 'Primeur', category: 'admin', vatId: '' });

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 11,
  kind: 'INVOICE',
  number: 'HUERTA-2026-00011',
  status: 'UNPAID',
  needs: [],
  orderId: 100,
  orderNumber: 'PRM-2026-000100',
  commissionPeriod: null,
  claimId: null,
  precedingInvoiceId: null,
  precedingNumber: null,
  seller: { id: 3, name: 'Huerta Sur S.L.', country: 'ES', vatId: 'ESB12345678' },
  buyer: { id: 7, name: 'Frischmarkt Hamburg GmbH', country: 'DE', vatId: 'DE123456789' },
  issueDate: '2026-11-26',
  dueDate: '2026-12-26',
  currency: 'EUR',
  net: 4398.45,
  vat: 0,
  total: 4398.45,
  vatBreakdown: [{ category: 'K', ratePercent: 0, taxable: 4398.45, vat: 0 }],
  paidOn: null,
  paidAmount: null,
  paymentState: 'UNPAID',
  balance: 4398.45,
  creditApplied: 0,
  payments: [],
  reminderSentAt: null,
  documents: true,
  side: 'issued',
  canRecordPayment: true,
  canMarkPaid: true,
  ...over,
});

/** A fake /api/users/invoices that filters by side and status, pages, and keeps every URL asked for. */
function fakeInvoices(all: Invoice[]) {
  const asked: URL[] = [];
  const answer = (url: string) => {
    const u = new URL(url, 'http://test');
    asked.push(u);
    const side = u.searchParams.get('side');
    const status = u.searchParams.get('status');
    const page = Number(u.searchParams.get('page') ?? 1);
    const size = Number(u.searchParams.get('size') ?? 20);
    const hits = all.filter((i) => (!side || i.side === side) && (!status || i.status === status));
    return jsonResponse({ items: hits.slice((page - 1) * size, page * size), page, size, total: hits.length });
  };
  return { asked, answer };
}

const issued = Array.from({ length: 25 }, (_, n) => invoice({ id: 200 + n, number: `HUERTA-2026-${String(200 + n).padStart(5, '0')}` }));
const received = [
  invoice({
    id: 9,
    side: 'received',
    canMarkPaid: false,
    canRecordPayment: false,
    status: 'OVERDUE',
    seller: { id: 8, name: 'Vergers SARL', country: 'FR', vatId: 'FR40303265045' },
  }),
];

describe('/user/invoices', () => {
  it('a supplier lands on what it issued, a page at a time, in its language, with the documents and the other party', async () => {
    const fake = fakeInvoices([...issued, ...received]);
    renderPage(<InvoicesPage />, { lng: 'fr', path: '/user/invoices', answers: { ...signedIn(supplier), '/api/users/invoices': fake.answer } });
    const table = await screen.findByTestId('invoices-table', {}, { timeout: 30_000 });
    expect(screen.getByTestId('invoices-total')).toHaveTextContent('25 factures');
    const row = within(table).getByTestId('invoice-row-200');
    expect(row).toHaveTextContent('HUERTA-2026-00200');
    expect(row).toHaveTextContent('Frischmarkt Hamburg GmbH');
    expect(row).toHaveTextContent(/4\s398,45\s€/);
    expect(row).toHaveTextContent('Non payée');
    expect(within(row).getByRole('link', { name: 'Télécharger HUERTA-2026-00200 en PDF' })).toHaveAttribute('href', '/api/users/invoices/200.pdf');
    expect(within(row).getByRole('link', { name: 'PRM-2026-000100' })).toHaveAttribute('href', '/user/orders/100');
    expect(fake.asked[0]!.searchParams.get('side')).toBe('issued');
    await userEvent.click(screen.getByRole('button', { name: 'Suivante' }));
    expect(await screen.findByTestId('invoice-row-220')).toBeInTheDocument();
  }, 30_000);

  it('switches to received invoices and filters by status on the server', async () => {
    const fake = fakeInvoices([...issued, ...received]);
    renderPage(<InvoicesPage />, { path: '/user/invoices', answers: { ...signedIn(germanBuyer), '/api/users/invoices': fake.answer } });
    const row = await screen.findByTestId('invoice-row-9', {}, { timeout: 30_000 });
    expect(row).toHaveTextContent('Vergers SARL');
    expect(row).toHaveTextContent('Overdue');
    expect(within(row).queryByRole('button', { name: 'Record payment' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PAID');
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent('No invoices match this filter.');
    expect(fake.asked.at(-1)!.searchParams.get('status')).toBe('PAID');
    await userEvent.click(screen.getByTestId('invoices-tab-issued'));
    await waitFor(() => expect(fake.asked.at(-1)!.searchParams.get('side')).toBe('issued'));
  }, 30_000);

  it('the seller records a payment in a dialog: the balance is proposed, the amount keeps the limits of the server, the list refreshes', async () => {
    const one = invoice({ id: 5, total: 6464.61, balance: 6464.61 });
    const posted: Array<{ body: unknown; key: string | null }> = [];
    let paid = false;
    const payment = {
      id: 1,
      amount: 6000,
      paidOn: '2026-11-27',
      reference: 'VIR 42',
      recordedBy: { id: 3, name: 'Huerta Sur S.L.' },
      recordedAt: '2026-11-27T10:00:00Z',
    };
    const after = {
      ...one,
      status: 'PARTLY_PAID' as const,
      paymentState: 'PARTLY_PAID' as const,
      balance: 464.61,
      paidAmount: 6000,
      paidOn: '2026-11-27',
      payments: [payment],
    };
    renderPage(<InvoicesPage />, {
      path: '/user/invoices?side=issued',
      answers: {
        ...signedIn(supplier),
        '/api/users/invoices/5/payments': (_url: string, init?: RequestInit) => {
          posted.push({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('idempotency-key') });
          paid = true;
          return jsonResponse(after);
        },
        '/api/users/invoices': () => jsonResponse({ items: [paid ? after : one], page: 1, size: 20, total: 1 }),
      },
    });
    expect(await screen.findByTestId('invoice-balance-5', {}, { timeout: 30_000 })).toHaveTextContent('6,464.61');
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByTestId('payment-dialog-5');
    // Today is proposed, in the reader's format (the app's date field, not the browser's mm/dd/yyyy).
    await expect.poll(() => (within(dialog).getByLabelText('Paid on') as HTMLInputElement).readOnly, { timeout: 30_000 }).toBe(false);
    expect(within(dialog).getByLabelText('Paid on')).toHaveValue(formatDay(todayInParis(), 'en'));
    const amount = within(dialog).getByLabelText('Amount (€)');
    expect(amount).toHaveValue('6464.61');
    const save = within(dialog).getByRole('button', { name: 'Save payment' });
    const typeAmount = async (text: string) => {
      await userEvent.clear(amount);
      if (text) await userEvent.type(amount, text);
    };
    // Above the balance, at 0 and below the cent: refused before the server is asked.
    for (const refused of ['6464,62', '0', '0,001', '-5']) {
      await typeAmount(refused);
      expect(save, refused).toBeDisabled();
    }
    // The limits themselves: a cent, and the balance exactly (the decimal comma reads as in the app).
    await typeAmount('0,01');
    expect(save).toBeEnabled();
    await typeAmount('6464,61');
    expect(save).toBeEnabled();
    await typeAmount('6000,00');
    await userEvent.type(within(dialog).getByLabelText('Bank reference (optional)'), 'VIR 42');
    await userEvent.click(save);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ amount: 6000, reference: 'VIR 42', paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(posted[0]!.key).toMatch(/^[A-Za-z0-9-]{8,}$/);
    await waitFor(() => expect(screen.queryByTestId('payment-dialog-5')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByTestId('invoice-row-5')).getByTestId('invoice-status')).toHaveTextContent('Partly paid'));
    expect(screen.getByTestId('invoice-balance-5')).toHaveTextContent('464.61');
    expect(screen.getByTestId('invoice-payments-5')).toHaveTextContent(/Paid €6,000\.00 on .* · VIR 42/);
  }, 30_000);

  it('a credit note on a paid invoice reads Refund due and offers to record the refund, never a payment', async () => {
    const note = invoice({ id: 6, kind: 'CREDIT_NOTE', total: 45, balance: 45, status: 'REFUND_DUE', paymentState: 'REFUND_DUE', creditApplied: 0 });
    renderPage(<InvoicesPage />, {
      path: '/user/invoices?side=issued',
      answers: { ...signedIn(supplier), '/api/users/invoices': () => jsonResponse({ items: [note], page: 1, size: 20, total: 1 }) },
    });
    const row = await screen.findByTestId('invoice-row-6', {}, { timeout: 30_000 });
    expect(within(row).getByTestId('invoice-status')).toHaveTextContent('Refund due');
    expect(within(row).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('Refund due: €45.00')).toBeInTheDocument();
  }, 30_000);

  it('an invoice waiting for data says why, in words', async () => {
    const waiting = invoice({
      id: 6,
      number: null,
      status: 'NEEDS_DATA',
      needs: ['BUYER_VAT_ID_MISSING'],
      documents: false,
      canMarkPaid: false,
      total: null,
      issueDate: null,
      dueDate: null,
    });
    renderPage(<InvoicesPage />, {
      lng: 'de',
      path: '/user/invoices',
      answers: { ...signedIn(supplier), '/api/users/invoices': { items: [waiting], page: 1, size: 20, total: 1 } },
    });
    const row = await screen.findByTestId('invoice-row-6', {}, { timeout: 30_000 });
    expect(row).toHaveTextContent('(noch keine Nummer)');
    expect(row).toHaveTextContent('Daten fehlen');
    expect(row).toHaveTextContent('die USt-IdNr. des Käufers fehlt');
    expect(within(row).queryByRole('link', { name: /PDF/ })).toBeNull();
  });
});

describe('/admin/invoices', () => {
  it('an invoice that needs attention shows its status and reason in words, with the retry', async () => {
    const stuck = invoice({
      id: 7,
      number: null,
      status: 'NEEDS_ATTENTION',
      needs: ['NUMBER_CONFLICT'],
      documents: false,
      canMarkPaid: false,
      total: null,
      issueDate: null,
      dueDate: null,
      side: 'operator',
    });
    renderPage(<AdminInvoicesPage />, {
      lng: 'fr',
      path: '/admin/invoices?status=NEEDS_ATTENTION',
      answers: { ...signedIn(admin), '/api/admin/invoices': { items: [stuck], page: 1, size: 20, total: 1 } },
    });
    const row = await screen.findByTestId('invoice-row-7', {}, { timeout: 30_000 });
    expect(within(row).getByTestId('invoice-status')).toHaveTextContent('À vérifier');
    expect(within(row).getByTestId('invoice-reason-7')).toHaveTextContent('son numéro est déjà utilisé par un autre document de cet émetteur');
    expect(within(row).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  }, 30_000);

  it('lists every invoice with both parties, filters by kind, and links the journal with the same filters', async () => {
    const asked: URL[] = [];
    const note = invoice({ id: 12, kind: 'CREDIT_NOTE', number: 'HUERTA-2026-00012', total: 162, side: 'operator', precedingNumber: 'HUERTA-2026-00011' });
    renderPage(<AdminInvoicesPage />, {
      lng: 'es',
      path: '/admin/invoices',
      answers: {
        ...signedIn(admin),
        '/api/admin/invoices': (url: string) => {
          const u = new URL(url, 'http://test');
          asked.push(u);
          const items = [invoice({ side: 'operator' }), note].filter((i) => !u.searchParams.get('kind') || i.kind === u.searchParams.get('kind'));
          return jsonResponse({ items, page: 1, size: 20, total: items.length });
        },
      },
    });
    const table = await screen.findByTestId('admin-invoices-table', {}, { timeout: 30_000 });
    expect(within(table).getByTestId('invoice-row-11')).toHaveTextContent('Huerta Sur S.L.');
    expect(within(table).getByTestId('invoice-row-11')).toHaveTextContent('Frischmarkt Hamburg GmbH');
    expect(within(table).getByTestId('invoice-row-12')).toHaveTextContent('Factura rectificativa');
    expect(within(table).getByTestId('invoice-row-12')).toHaveTextContent(/-162,00\s€/);
    expect(screen.getByTestId('invoices-csv')).toHaveAttribute('href', '/api/admin/invoices.csv');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'CREDIT_NOTE');
    await waitFor(() => expect(screen.queryByTestId('invoice-row-11')).toBeNull());
    expect(asked.at(-1)!.searchParams.get('kind')).toBe('CREDIT_NOTE');
    expect(screen.getByTestId('invoices-csv')).toHaveAttribute('href', '/api/admin/invoices.csv?kind=CREDIT_NOTE');
  }, 30_000);

  it("filters on a company by its name and on issue dates, in the address, and shows the operator's commission by its month", async () => {
    const asked: URL[] = [];
    const commission = invoice({
      id: 13,
      number: 'PRM-COM-2026-00001',
      orderId: null,
      orderNumber: null,
      commissionPeriod: '2026-10',
      side: 'operator',
      seller: { id: null, name: 'Primeur Trading SAS', country: 'FR', vatId: 'FR40732829320' },
      buyer: { id: 3, name: 'Huerta Sur S.L.', country: 'ES', vatId: 'ESB12345678' },
    });
    renderPage(<AdminInvoicesPage />, {
      path: '/admin/invoices',
      answers: {
        ...signedIn(admin),
        '/api/admin/invoices': (url: string) => {
          const u = new URL(url, 'http://test');
          asked.push(u);
          const party = Number(u.searchParams.get('party'));
          const items = [invoice({ side: 'operator' }), commission].filter((i) => !party || i.seller.id === party || i.buyer.id === party);
          return jsonResponse({ items, page: 1, size: 20, total: items.length });
        },
      },
    });
    const row = await screen.findByTestId('invoice-row-13', {}, { timeout: 30_000 });
    expect(row).toHaveTextContent('Commission, October 2026');
    // No order to open: the only links are its documents.
    expect(
      within(row)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/api/users/invoices/13.pdf', '/api/users/invoices/13.xml']);
    await userEvent.click(within(screen.getByTestId('invoice-row-11')).getByRole('button', { name: 'Frischmarkt Hamburg GmbH' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('party')).toBe('7'));
    expect(await screen.findByTestId('invoices-party-filter')).toHaveTextContent('Company: Frischmarkt Hamburg GmbH');
    // The app's date field (lazy): the day typed and shown in the reader's format, not the browser's mm/dd/yyyy.
    await expect.poll(() => (screen.getByLabelText('Issued from') as HTMLInputElement).readOnly, { timeout: 30_000 }).toBe(false);
    await userEvent.type(screen.getByLabelText('Issued from'), '01/11/2026');
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('from')).toBe('2026-11-01'));
    expect(screen.getByTestId('invoices-csv')).toHaveAttribute('href', '/api/admin/invoices.csv?party=7&from=2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show every company' }));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('party')).toBeNull());
  }, 30_000);
});

describe('the order page section', () => {
  it('shows the invoice and its credit note with their documents', async () => {
    const note = invoice({ id: 12, kind: 'CREDIT_NOTE', number: 'HUERTA-2026-00012', total: 162, precedingNumber: 'HUERTA-2026-00011' });
    renderPage(<OrderInvoices invoiceIds={[11, 12]} />, {
      answers: { ...signedIn(germanBuyer), '/api/users/invoices/11': invoice(), '/api/users/invoices/12': note },
    });
    const first = await screen.findByTestId('order-invoice-11', {}, { timeout: 30_000 });
    expect(first).toHaveTextContent('Invoice');
    expect(first).toHaveTextContent('HUERTA-2026-00011');
    expect(within(first).getByRole('link', { name: 'Download HUERTA-2026-00011 as XML' })).toHaveAttribute('href', '/api/users/invoices/11.xml');
    const second = await screen.findByTestId('order-invoice-12');
    expect(second).toHaveTextContent('Credit note');
    expect(second).toHaveTextContent('corrects HUERTA-2026-00011');
  });

  it('before delivery there is nothing yet, and it says when the invoice comes', async () => {
    renderPage(<OrderInvoices invoiceIds={[]} />, { lng: 'fr', answers: signedIn(germanBuyer) });
    expect(await screen.findByTestId('order-invoices')).toHaveTextContent('La facture est émise dès la livraison de la commande.');
  });
});
