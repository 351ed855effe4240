import type { Executor } from '../../db/client.js';
import { emit } from '../../events/events.js';
import type { InvoiceRow } from './invoicing.repository.js';

/**
 * The books' facts as events (issue 34 §2, decision 1011), in the transaction that makes them: an
 * invoice or credit note issued (its number given), an invoice paid in full. Its seller and buyer may
 * see them (a commission invoice's buyer is the seller it charges; the operator has no feed).
 */
export async function emitInvoiceEvent(tx: Executor, row: InvoiceRow, what: 'issued' | 'paid') {
  const subject = row.kind === 'CREDIT_NOTE' ? 'credit_note' : 'invoice';
  await emit(tx, {
    name: `${subject}.${what}`,
    subject,
    subjectId: row.id,
    payload: { invoiceId: row.id, number: row.number, orderId: row.orderId, claimId: row.claimId, total: row.total, commission: row.commissionPeriod !== null },
    companyIds: [row.sellerId, row.buyerId].filter((id): id is number => id !== null),
  });
}
