import { centsToDecimal, toCents, todayInParis, type PaymentState, type RecordPaymentInput } from '@primeur/shared';
import type { Db, Tx } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as orders from '../orders/orders.read-model.js';
import * as repo from './invoicing.repository.js';
import { emitInvoiceEvent } from './invoicing.events.js';
import type { InvoiceRow } from './invoicing.repository.js';

/**
 * Payments and balances (decision 964). Every amount here is integer cents. An invoice's balance is
 * its total less the credit notes applied to it less its payments; a credit note's balance is its
 * refund due: its total less the part applied to its invoice less the refunds paid. Payments and
 * credit-note applications on one invoice run under that invoice's row lock, so neither can push
 * the balance below zero, whatever the number of concurrent requests and instances.
 */

export interface BalanceFacts {
  kind: InvoiceRow['kind'];
  status: InvoiceRow['status'];
  total: string | null;
  dueDate: string | null;
  paidCents: number;
  creditedCents: number;
}

/** The shown payment state and balance of a document; null on one that is not issued. */
export function paymentStateOf(f: BalanceFacts, today: string): { state: PaymentState | null; balanceCents: number | null } {
  if ((f.status !== 'ISSUED' && f.status !== 'PAID') || f.total === null) return { state: null, balanceCents: null };
  const balanceCents = repo.decimalToCents(f.total) - f.creditedCents - f.paidCents;
  if (f.kind === 'CREDIT_NOTE') {
    return { state: balanceCents > 0 ? 'REFUND_DUE' : f.paidCents > 0 ? 'REFUNDED' : 'APPLIED', balanceCents };
  }
  if (balanceCents <= 0) return { state: 'PAID', balanceCents };
  if (f.dueDate !== null && f.dueDate < today) return { state: 'OVERDUE', balanceCents };
  return { state: f.paidCents > 0 ? 'PARTLY_PAID' : 'UNPAID', balanceCents };
}

/** The request behind an Idempotency-Key: the same key with another body is refused, not answered. */
const requestOf = (amountCents: number, paidOn: string, reference: string) => `${amountCents}/${paidOn}/${reference}`;

export interface PaymentRequest extends Required<RecordPaymentInput> {
  idempotencyKey?: string;
}

/**
 * The seller (or the operator) records a payment received on an invoice, or the refund paid on a
 * credit note: between the document's date and today, at most its balance (400 OVERPAYMENT, the
 * balance in the details). The invoice reads PAID in the same transaction when its balance reaches 0.
 */
export async function recordPayment(db: Db, user: SessionUser, id: number, req: PaymentRequest): Promise<void> {
  const amountCents = toCents(req.amount);
  const reference = req.reference.trim();
  await db.transaction(async (tx) => {
    const row = await repo.lockInvoice(tx, id);
    if (!row) throw notFound('Invoice');
    const side = row.sellerId === user.id ? 'issued' : row.buyerId === user.id ? 'received' : user.category === 'admin' ? 'operator' : null;
    if (side === null) throw notFound('Invoice');
    if (side === 'received') throw new HttpError(403, 'FORBIDDEN', 'Only the seller or the operator records a payment.');
    const request = requestOf(amountCents, req.paidOn, reference);
    if (req.idempotencyKey) {
      const prior = await repo.paymentByKey(tx, id, req.idempotencyKey);
      if (prior) {
        if (prior.idempotencyRequest !== request) {
          throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another payment.');
        }
        return; // a retry: the payment is already recorded, once
      }
    }
    if ((row.status !== 'ISSUED' && row.status !== 'PAID') || row.total === null || row.issueDate === null) {
      throw new HttpError(409, 'INVOICE_NOT_PAYABLE', `This document is ${row.status}.`, [{ path: 'status', message: row.status }]);
    }
    // Nothing on a cancelled order is paid (decision 966): its invoice is credited by the cancellation
    // (balance 0, or a refund due on the credit note, which stays payable as a refund).
    if (row.kind === 'INVOICE' && row.orderId !== null && (await orders.statusOf(tx, row.orderId)) === 'CANCELLED') {
      throw new HttpError(409, 'ORDER_CANCELLED', 'The order of this invoice was cancelled: nothing on it can be paid.', [
        { path: 'status', message: 'CANCELLED' },
      ]);
    }
    if (req.paidOn < row.issueDate || req.paidOn > todayInParis()) {
      throw new HttpError(400, 'PAID_BEFORE_ISSUE', 'The payment date must be between the document date and today.', [
        { path: 'paidOn', message: 'outOfRange' },
      ]);
    }
    const parts = await repo.balanceParts(tx, row);
    const totalCents = repo.decimalToCents(row.total);
    if (row.kind === 'CREDIT_NOTE' && totalCents - parts.creditedCents <= 0) {
      throw new HttpError(409, 'INVOICE_NOT_PAYABLE', 'This credit note was applied to its invoice in full: there is nothing to refund.', [
        { path: 'status', message: 'APPLIED' },
      ]);
    }
    const balanceCents = totalCents - parts.creditedCents - parts.paidCents;
    if (amountCents > balanceCents) {
      throw new HttpError(400, 'OVERPAYMENT', `The amount is above the balance (${centsToDecimal(balanceCents)} €).`, [
        { path: 'amount', message: 'overpayment' },
        { path: 'balance', message: centsToDecimal(balanceCents) },
      ]);
    }
    await repo.insertPayment(tx, {
      invoiceId: id,
      amount: centsToDecimal(amountCents),
      paidOn: req.paidOn,
      reference,
      recordedBy: user.id,
      idempotencyKey: req.idempotencyKey ?? null,
      idempotencyRequest: req.idempotencyKey ? request : null,
    });
    if (row.kind === 'INVOICE') await keepStatus(tx, row, balanceCents - amountCents);
  });
}

/** The stored status follows the balance: PAID at 0, ISSUED above. */
async function keepStatus(tx: Tx, row: InvoiceRow, balanceCents: number) {
  const status = balanceCents <= 0 ? 'PAID' : 'ISSUED';
  if (row.status === status) return;
  const updated = await repo.updateInvoice(tx, row.id, { status });
  if (status === 'PAID') await emitInvoiceEvent(tx, updated, 'paid');
}

/**
 * A credit note just issued is applied to the invoice it corrects, under that invoice's row lock: at
 * most the invoice's balance then, so a credit note on a paid invoice leaves a refund due (its
 * balance) instead of a negative balance on the invoice. Called in the issuing transaction, which
 * locks the invoice before the credit note's row refers to it: the reference takes a share lock on the
 * invoice, and two credit notes each holding one would deadlock here.
 */
export async function applyCreditNote(tx: Tx, creditNote: InvoiceRow): Promise<InvoiceRow> {
  if (creditNote.kind !== 'CREDIT_NOTE' || creditNote.precedingInvoiceId === null || creditNote.total === null || creditNote.creditApplied !== null) {
    return creditNote;
  }
  const invoice = await repo.lockInvoice(tx, creditNote.precedingInvoiceId);
  if (!invoice || invoice.total === null) return creditNote;
  const parts = await repo.balanceParts(tx, invoice);
  // This credit note's own part is not counted yet (null until now).
  const room = Math.max(0, repo.decimalToCents(invoice.total) - parts.creditedCents - parts.paidCents);
  const applied = Math.min(repo.decimalToCents(creditNote.total), room);
  const updated = await repo.updateInvoice(tx, creditNote.id, { creditApplied: centsToDecimal(applied) });
  await keepStatus(tx, invoice, room - applied);
  return updated;
}
