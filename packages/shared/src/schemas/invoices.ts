import { z } from 'zod';
import { BIC_PATTERN, isValidIban, normalizeIban } from '../invoicing/commission.js';
import { INVOICE_PREFIX_PATTERN } from '../invoicing/numbering.js';
import { MAX_PAGE_SIZE } from './paging.js';
import { dbId, dbIdText, isoDate, isoDateTime } from './common.js';

export const INVOICE_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * What a reader sees (decisions 820, 971): NEEDS_DATA (no number yet, `needs` says what is missing),
 * NEEDS_ATTENTION (could not be issued for a reason a person must look at, `needs` holds its reason
 * code; no number), UNPAID (issued, due date not passed), OVERDUE (issued, due date passed; never
 * stored), PAID.
 */
export const INVOICE_STATUSES = ['NEEDS_DATA', 'NEEDS_ATTENTION', 'UNPAID', 'OVERDUE', 'PAID'] as const;

/**
 * Why an invoice needs the operator (decision 971). NUMBER_CONFLICT: the number its series gave is
 * already another document's of the same issuer (a counter behind its documents); ISSUE_FAILED: an
 * unexpected error while issuing (the log has it, by invoice id). Both leave the row NEEDS_ATTENTION
 * without a number. RENDER_FAILED: an issued invoice whose PDF and XML could not be made; it keeps
 * its number and status, and is alerted and reported the same way.
 */
export const INVOICE_ATTENTION_REASONS = ['NUMBER_CONFLICT', 'ISSUE_FAILED', 'RENDER_FAILED'] as const;
export type InvoiceAttentionReason = (typeof INVOICE_ATTENTION_REASONS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_PAGE_SIZE = 20;

const pageNumber = z.coerce.number().int().min(1);

export const userInvoiceListQuery = z.object({
  side: z.enum(['issued', 'received']).default('issued'),
  status: z.enum(INVOICE_STATUSES).optional(),
  page: pageNumber.default(1),
  size: pageNumber.max(MAX_PAGE_SIZE).default(INVOICE_PAGE_SIZE),
});
export type UserInvoiceListQuery = z.infer<typeof userInvoiceListQuery>;

export const adminInvoiceListQuery = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  /** A user id: invoices where it is the seller or the buyer. */
  party: dbIdText.optional(),
  /** Issued on or after / on or before this day. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: pageNumber.default(1),
  size: pageNumber.max(MAX_PAGE_SIZE).default(INVOICE_PAGE_SIZE),
});
export type AdminInvoiceListQuery = z.infer<typeof adminInvoiceListQuery>;

const invoiceParty = z.object({ id: dbId.nullable(), name: z.string(), country: z.string(), vatId: z.string().nullable() });

export const invoiceVatLine = z.object({ category: z.string(), ratePercent: z.number(), taxable: z.number(), vat: z.number() });

export const invoice = z.object({
  id: dbId,
  kind: z.enum(INVOICE_KINDS),
  /** Null while the invoice needs data: a number is given only to an invoice that can be issued. */
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  /** Why it cannot be issued yet (e.g. BUYER_VAT_ID_MISSING). */
  needs: z.array(z.string()),
  /** Null on the operator's commission invoice, which charges a month of orders (decision 850). */
  orderId: dbId.nullable(),
  orderNumber: z.string().nullable(),
  /** The month a commission invoice charges ("2026-10"); null on sale invoices and credit notes. */
  commissionPeriod: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  claimId: dbId.nullable(),
  /** The invoice a credit note corrects. */
  precedingInvoiceId: dbId.nullable(),
  precedingNumber: z.string().nullable(),
  seller: invoiceParty,
  buyer: invoiceParty,
  issueDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  currency: z.string(),
  net: z.number().nullable(),
  vat: z.number().nullable(),
  total: z.number().nullable(),
  vatBreakdown: z.array(invoiceVatLine),
  paidOn: isoDate.nullable(),
  paidAmount: z.number().nullable(),
  reminderSentAt: isoDateTime.nullable(),
  /** The Factur-X PDF and the XML can be downloaded. */
  documents: z.boolean(),
  /** How the reader stands to it: the seller issued it, the buyer received it, or the operator. */
  side: z.enum(['issued', 'received', 'operator']),
  /** The reader may record the payment (the seller or the operator, on an unpaid invoice). */
  canMarkPaid: z.boolean(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoicePage = z.object({ items: z.array(invoice), page: z.number().int(), size: z.number().int(), total: z.number().int() });
export type InvoicePage = z.infer<typeof invoicePage>;

/** POST /api/users/invoices/{id}/paid: the day the money arrived and how much (€, 2 decimals). */
export const markInvoicePaidInput = z.object({
  paidOn: isoDate,
  amount: z
    .number({ error: 'required' })
    .positive('mustBePositive')
    .max(100_000_000, 'tooLarge')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'twoDecimals'),
});
export type MarkInvoicePaidInput = z.infer<typeof markInvoicePaidInput>;

/** The invoice id in /api/users/invoices/{id}.pdf and .xml. */
export const invoiceFileParam = z.object({ id: dbIdText });

/**
 * GET/PUT /api/users/invoicing-settings: the seller's bank account printed on its invoices (decision
 * 763: without one they say "bank details on request") and its invoice number prefix (decision 762).
 * Empty text clears a field.
 */
export const invoicingSettings = z.object({
  iban: z
    .string()
    .max(50, 'tooLong')
    .transform((s) => normalizeIban(s))
    .refine((s) => s === '' || isValidIban(s), 'invalidIban')
    .transform((s) => (s === '' ? null : s))
    .nullable(),
  bic: z
    .string()
    .max(11, 'tooLong')
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => s === '' || BIC_PATTERN.test(s), 'invalidBic')
    .transform((s) => (s === '' ? null : s))
    .nullable(),
  invoicePrefix: z
    .string()
    .max(10, 'tooLong')
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => s === '' || INVOICE_PREFIX_PATTERN.test(s), 'invalidPrefix')
    .transform((s) => (s === '' ? null : s))
    .nullable(),
});
export type InvoicingSettingsInput = z.input<typeof invoicingSettings>;
export const invoicingSettingsAnswer = z.object({
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  invoicePrefix: z.string().nullable(),
  /** The prefix used while none is set, derived from the company name. */
  defaultPrefix: z.string(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsAnswer>;
