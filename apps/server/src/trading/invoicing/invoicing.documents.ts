/**
 * Numbering and rendering of one document (decision 762), below both the issuing passes and the
 * module's service: `invoicing.service.ts` re-exports them for the other modules, and the issuing
 * imports them from here, so the service can also re-export the issuing's cancellation entry points
 * without an import cycle.
 */
import type { Tx } from '../../db/client.js';
import type { InvoiceInput } from './invoice-input.js';
import { prepareInvoice, type PrepareOutcome, type PreparedInvoice } from './invoicing.builder.js';
import { buildFacturX } from './invoicing.facturx.js';
import { nextInvoiceNumber, sellerInvoicePrefix } from './invoicing.numbering.js';

/** An invoice or credit note before it has a number: what the orders and claims modules build. */
export type InvoiceDraft = Omit<InvoiceInput, 'number'>;

export type NumberingOutcome =
  Exclude<PrepareOutcome, { status: 'ready' }> | { status: 'numbered'; number: string; input: InvoiceInput; invoice: PreparedInvoice };

/**
 * Gives a draft its number in the caller's transaction, after checking that it can become a valid
 * invoice: a draft that still needs data (or that no rule covers) takes no number, so the series
 * keeps no hole for an invoice that was never issued. The caller stores the numbered input with its
 * invoice row in the same transaction; the documents are rendered from it afterwards
 * (`renderInvoiceDocuments`), outside the transaction, so the counter row is locked for
 * milliseconds, not for the second a PDF takes.
 */
export async function numberInvoice(tx: Tx, sellerId: number, draft: InvoiceDraft): Promise<NumberingOutcome> {
  const check = prepareInvoice({ ...draft, number: 'UNNUMBERED' });
  if (check.status !== 'ready') return check;
  const prefix = await sellerInvoicePrefix(tx, sellerId);
  if (!prefix) throw new Error(`seller ${sellerId} does not exist`);
  const { number } = await nextInvoiceNumber(tx, sellerId, draft.kind, Number(draft.issueDate.slice(0, 4)), prefix);
  const input: InvoiceInput = { ...draft, number };
  const prepared = prepareInvoice(input);
  if (prepared.status !== 'ready') throw new Error('a numbered draft stopped being valid');
  return { status: 'numbered', number, input, invoice: prepared.invoice };
}

/** The Factur-X PDF and its XML for a numbered input (deterministic but for the PDF's dates). */
export async function renderInvoiceDocuments(input: InvoiceInput): Promise<{ pdf: Buffer; xml: string; pages: number }> {
  const prepared = prepareInvoice(input);
  if (prepared.status !== 'ready') throw new Error(`invoice ${input.number} is not ready: ${prepared.status}`);
  return buildFacturX(prepared.invoice);
}
