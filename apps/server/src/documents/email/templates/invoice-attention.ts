import type { InvoiceAttentionReason, Language } from '@primeur/shared';
import { t } from '../i18n.js';
import { renderAccountNotice } from './account-notice.js';
import type { RenderedMail } from './product-request.js';

/** Which document it is: a sale invoice, a credit note, a commission invoice, or an issued one by its number. */
export type AttentionDocument =
  | { kind: 'invoice'; order: string }
  | { kind: 'creditNote'; order: string; claim: number }
  | { kind: 'commission'; month: string; company: string }
  | { kind: 'numbered'; number: string };

export interface InvoiceAttentionMail {
  language: Language;
  /** The admin's company (the operator). */
  company: string;
  document: AttentionDocument;
  reason: InvoiceAttentionReason;
}

const DOCUMENT_KEY: Record<AttentionDocument['kind'], string> = {
  invoice: 'invoiceAttentionInvoice',
  creditNote: 'invoiceAttentionCreditNote',
  commission: 'invoiceAttentionCommission',
  numbered: 'invoiceAttentionNumbered',
};

/** To the operator's admins, once per invoice and reason (decision 971): what failed, why, what to do. */
export function renderInvoiceAttention(m: InvoiceAttentionMail): RenderedMail {
  const { kind, ...vars } = m.document;
  const document = t(m.language, DOCUMENT_KEY[kind], vars as Record<string, string | number>);
  const reason = t(m.language, `invoiceAttention_${m.reason}`);
  return renderAccountNotice(m.language, m.company, 'invoiceAttentionSubject', 'invoiceAttentionBody', { document, reason });
}
