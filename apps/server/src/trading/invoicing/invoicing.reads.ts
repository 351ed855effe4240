import {
  defaultInvoicePrefix,
  todayInParis,
  type InvoicingSettings,
  type AdminInvoiceListQuery,
  type Invoice,
  type InvoicePage,
  type InvoiceStatus,
  type MarkInvoicePaidInput,
  type UserInvoiceListQuery,
} from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as repo from './invoicing.repository.js';
import { accountWithPlace } from '../../companies/users/users.read-model.js';
import * as usersService from '../../companies/users/users.service.js';
import type { InvoiceFilter, InvoiceView } from './invoicing.repository.js';
import { paymentStateOf, recordPayment, type PaymentRequest } from './invoicing.payments.js';

type Side = Invoice['side'];

/** How the reader stands to an invoice; anyone else learns nothing (404), as for orders. */
export function sideOf(v: Pick<InvoiceView, 'invoice'>, user: SessionUser): Side {
  if (user.category === 'admin') return 'operator';
  if (v.invoice.sellerId === user.id) return 'issued';
  if (v.invoice.buyerId === user.id) return 'received';
  throw notFound('Invoice');
}

const num = (v: string | null) => (v === null ? null : Number(v));
const euros = (cents: number | null) => (cents === null ? null : cents / 100);

type PaymentRows = Awaited<ReturnType<typeof repo.paymentsOf>>;

export function presentInvoice(v: InvoiceView, side: Side, payments: PaymentRows, today = todayInParis()): Invoice {
  const i = v.invoice;
  const { state, balanceCents } = paymentStateOf({ ...i, paidCents: v.paidCents, creditedCents: v.creditedCents }, today);
  const status: InvoiceStatus = state ?? (i.status === 'NEEDS_ATTENTION' ? 'NEEDS_ATTENTION' : 'NEEDS_DATA');
  const canRecordPayment = side !== 'received' && balanceCents !== null && balanceCents > 0;
  return {
    id: i.id,
    kind: i.kind,
    number: i.number,
    status,
    needs: i.needs,
    orderId: i.orderId,
    orderNumber: v.orderNumber,
    commissionPeriod: i.commissionPeriod?.slice(0, 7) ?? null,
    claimId: i.claimId,
    precedingInvoiceId: i.precedingInvoiceId,
    precedingNumber: v.precedingNumber,
    seller: { id: i.sellerId, name: v.seller.companyName, country: v.seller.countryAlpha2, vatId: v.seller.vatId || null },
    buyer: { id: i.buyerId, name: v.buyer.companyName, country: v.buyer.countryAlpha2, vatId: v.buyer.vatId || null },
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    currency: i.currency,
    net: num(i.net),
    vat: num(i.vat),
    total: num(i.total),
    vatBreakdown: i.vatBreakdown.map((b) => ({ category: b.category, ratePercent: b.ratePercent, taxable: Number(b.taxable), vat: Number(b.vat) })),
    paidOn: v.lastPaidOn,
    paidAmount: v.paidCents > 0 ? euros(v.paidCents) : null,
    paymentState: state,
    balance: euros(balanceCents),
    creditApplied: state === null ? null : euros(v.creditedCents),
    payments: payments
      .filter((p) => p.payment.invoiceId === i.id)
      .map(({ payment: p, recordedByName }) => ({
        id: p.id,
        amount: Number(p.amount),
        paidOn: p.paidOn,
        reference: p.reference,
        recordedBy: p.recordedBy !== null && recordedByName !== null ? { id: p.recordedBy, name: recordedByName } : null,
        recordedAt: p.createdAt.toISOString(),
      })),
    reminderSentAt: i.reminderSentAt?.toISOString() ?? null,
    documents: v.documents,
    side,
    canRecordPayment,
    canMarkPaid: canRecordPayment,
  };
}

/** A page of invoices with their payments (one query for the page). */
async function presentPage(db: Executor, rows: InvoiceView[], side: (v: InvoiceView) => Side, today: string) {
  const payments = await repo.paymentsOf(
    db,
    rows.map((v) => v.invoice.id),
  );
  return rows.map((v) => presentInvoice(v, side(v), payments, today));
}

export async function listMine(db: Executor, user: SessionUser, q: UserInvoiceListQuery): Promise<InvoicePage> {
  const today = todayInParis();
  const f: InvoiceFilter = { ...(q.side === 'issued' ? { sellerId: user.id } : { buyerId: user.id }), status: q.status, today };
  const { rows, total } = await repo.page(db, f, q.size, (q.page - 1) * q.size);
  return { items: await presentPage(db, rows, () => q.side, today), page: q.page, size: q.size, total };
}

const adminFilter = (q: Omit<AdminInvoiceListQuery, 'page' | 'size'>, today: string): InvoiceFilter => ({
  party: q.party,
  kind: q.kind,
  status: q.status,
  from: q.from,
  to: q.to,
  today,
});

export async function listAll(db: Executor, q: AdminInvoiceListQuery): Promise<InvoicePage> {
  const today = todayInParis();
  const { rows, total } = await repo.page(db, adminFilter(q, today), q.size, (q.page - 1) * q.size);
  return { items: await presentPage(db, rows, () => 'operator', today), page: q.page, size: q.size, total };
}

export async function* journalRows(db: Db, q: Omit<AdminInvoiceListQuery, 'page' | 'size'>) {
  const f = adminFilter(q, todayInParis());
  for (let offset = 0; ; offset += 500) {
    const rows = await repo.chunk(db, f, 500, offset);
    for (const r of rows) yield r;
    if (rows.length < 500) return;
  }
}

async function visible(db: Executor, user: SessionUser, id: number) {
  const v = await repo.findView(db, id);
  if (!v) throw notFound('Invoice');
  return { view: v, side: sideOf(v, user) };
}

export async function get(db: Executor, user: SessionUser, id: number): Promise<Invoice> {
  const { view, side } = await visible(db, user, id);
  return presentInvoice(view, side, await repo.paymentsOf(db, [id]));
}

/** The stored Factur-X PDF or XML, for the two parties and the operator. */
export async function documents(db: Executor, user: SessionUser, id: number) {
  const { view } = await visible(db, user, id);
  const docs = await repo.documentsOf(db, id);
  if (!docs || !view.invoice.number) {
    throw new HttpError(409, 'DOCUMENT_NOT_AVAILABLE', 'This invoice has no document yet.', [{ path: 'status', message: view.invoice.status }]);
  }
  return { number: view.invoice.number, kind: view.invoice.kind, pdf: docs.pdf, xml: docs.xml };
}

/**
 * POST …/paid (decision 821, kept for older clients): one payment of `amount` on `paidOn`, with the
 * rules of every payment (decision 964); a full payment leaves the invoice PAID.
 */
export async function markPaid(db: Db, user: SessionUser, id: number, input: MarkInvoicePaidInput): Promise<Invoice> {
  await recordPayment(db, user, id, { amount: input.amount, paidOn: input.paidOn, reference: '' });
  return get(db, user, id);
}

/** POST …/payments: a payment on an invoice or a refund on a credit note (decision 964). */
export async function addPayment(db: Db, user: SessionUser, id: number, input: PaymentRequest): Promise<Invoice> {
  await recordPayment(db, user, id, input);
  return get(db, user, id);
}

/** The seller's bank account and number prefix (company settings for its invoices). */
export async function invoicingSettings(db: Executor, user: SessionUser): Promise<InvoicingSettings> {
  const row = await accountWithPlace(db, user.id);
  if (!row) throw notFound('User');
  return { iban: row.iban, bic: row.bic, invoicePrefix: row.invoicePrefix, defaultPrefix: defaultInvoicePrefix(row.companyName) };
}

export async function saveInvoicingSettings(
  db: Executor,
  user: SessionUser,
  v: { iban: string | null; bic: string | null; invoicePrefix: string | null },
): Promise<InvoicingSettings> {
  // A BIC alone says nothing: it is kept only beside an IBAN.
  await usersService.setInvoicingSettings(db, user.id, { ...v, bic: v.iban ? v.bic : null });
  return invoicingSettings(db, user);
}
