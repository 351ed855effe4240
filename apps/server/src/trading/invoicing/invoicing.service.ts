import type { Executor } from '../../db/client.js';
import { idsOfOrder, needingAttentionByReason } from './invoicing.repository.js';

/** Numbering and rendering (invoicing.documents.ts), for the orders and claims modules. */
export { numberInvoice, renderInvoiceDocuments, type InvoiceDraft, type NumberingOutcome } from './invoicing.documents.js';

/** The ids of an order's invoice and credit notes, the invoice first (the order answer lists them). */
export const invoiceIdsOfOrder = (db: Executor, orderId: number) => idsOfOrder(db, orderId);

/** The invoices and credit notes needing attention, counted by their first reason (the metrics gauge, decision 971). */
export const countInvoicesNeedingAttention = (db: Executor) => needingAttentionByReason(db);

/** The books' side of an order's cancellation (decision 966): for the orders module, in its transaction and after its commit. */
export { creditCancelledOrder } from './invoicing.issuing.js';

/** An invoice or credit note as its party sees it (the API's answer; the change feed's data). */
export { get as invoiceFor } from './invoicing.reads.js';
