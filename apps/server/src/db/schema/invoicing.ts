import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

export const invoiceKindEnum = pgEnum('invoice_kind', ['INVOICE', 'CREDIT_NOTE']);

/**
 * Why a credit note exists (decision 966): a settled claim's credit, or the cancellation of an order
 * whose sale invoice was issued (what remained uncredited). Null on invoices; rows written before 966
 * were all claims' (the migration sets CLAIM).
 */
export const creditNoteReasonEnum = pgEnum('credit_note_reason', ['CLAIM', 'CANCELLATION']);

/**
 * The last number given per seller, kind and year (decisions 762, 970): invoices and credit notes
 * are two series. A row is taken with INSERT … ON CONFLICT DO UPDATE … RETURNING inside the
 * transaction that writes the document, so it stays locked until that transaction ends: concurrent
 * documents of one seller and kind wait in line, and a rollback gives the number back. A database
 * sequence would leave a gap at every rollback.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** The selling company (a trading account: users hold the company data). */
    sellerCompanyId: integer('seller_company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The series: rows from before decision 970 counted credit notes in the INVOICE series and stay there. */
    kind: invoiceKindEnum('kind').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerCompanyId, t.kind, t.year] }),
    check('invoice_counters_year_range', sql`${t.year} between 2000 and 9999`),
    check('invoice_counters_last_number_positive', sql`${t.lastNumber} >= 1`),
  ],
);

/**
 * The operator's own invoice series (commission invoices, decision 850), one counter per year,
 * taken like a seller's (decision 762): in the invoice's transaction, never a sequence.
 */
export const operatorInvoiceCounters = pgTable(
  'operator_invoice_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    check('operator_invoice_counters_year_range', sql`${t.year} between 2000 and 9999`),
    check('operator_invoice_counters_last_number_positive', sql`${t.lastNumber} >= 1`),
  ],
);

/**
 * Overdue is not stored: it is ISSUED with a due date in the past (decision 820). NEEDS_ATTENTION: the
 * row could not be issued for a reason the operator must see (decision 971), without a number.
 */
export const invoiceStatusEnum = pgEnum('invoice_status', ['NEEDS_DATA', 'ISSUED', 'PAID', 'NEEDS_ATTENTION']);

export interface InvoiceVatLine {
  category: string;
  ratePercent: number;
  taxable: string;
  vat: string;
}

/**
 * Invoices and credit notes (issue 23, decisions 820–823). A row exists once per delivered order
 * (kind INVOICE) and once per settled claim with a credit (kind CREDIT_NOTE): the two partial unique
 * indexes make a second one impossible, whatever the number of issuers. NEEDS_DATA rows have no
 * number yet (numbers are given only to documents that can be issued, decision 762); `input` is the
 * numbered InvoiceInput the documents are rendered from, so they can be rendered again after a crash.
 * claim_id has no foreign key: the claims table belongs to the claims module's migration.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: invoiceKindEnum('kind').notNull(),
    number: text('number'),
    status: invoiceStatusEnum('status').notNull(),
    needs: jsonb('needs').$type<string[]>().notNull().default([]),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order a sale invoice or credit note is about; null on the operator's commission invoices. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /**
     * The operator's commission invoice (decisions 850, 996): the first day of the month whose issued
     * sale invoices it charges (commission_coverage names them). Its seller is the operator (seller_id null), its buyer the selling company.
     */
    commissionPeriod: date('commission_period', { mode: 'string' }),
    claimId: integer('claim_id'),
    creditReason: creditNoteReasonEnum('credit_reason'),
    precedingInvoiceId: integer('preceding_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    currency: text('currency').notNull().default('EUR'),
    net: numeric('net', { precision: 16, scale: 2 }),
    vat: numeric('vat', { precision: 16, scale: 2 }),
    total: numeric('total', { precision: 16, scale: 2 }),
    vatBreakdown: jsonb('vat_breakdown').$type<InvoiceVatLine[]>().notNull().default([]),
    input: jsonb('input').$type<Record<string, unknown>>(),
    /**
     * Before decision 964 the one payment an invoice could have. The migration moved every one into
     * invoice_payments; nothing writes these columns any more (kept so that no reader breaks).
     */
    paidOn: date('paid_on', { mode: 'string' }),
    paidAmount: numeric('paid_amount', { precision: 16, scale: 2 }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A credit note's part applied to the invoice it corrects (decision 964): set when it is issued,
     * under the invoice's row lock, to at most the invoice's balance then; the rest is a refund due.
     */
    creditApplied: numeric('credit_applied', { precision: 16, scale: 2 }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A number is unique per issuer (decision 970): two sellers may use the same prefix. The
    // operator's own series (commission invoices, seller_id null) is unique on its own.
    uniqueIndex('invoices_seller_number_uq')
      .on(t.sellerId, t.number)
      .where(sql`seller_id is not null`),
    uniqueIndex('invoices_operator_number_uq')
      .on(t.number)
      .where(sql`seller_id is null`),
    // The trace by invoice number (issue 37): a number alone may name invoices of several sellers.
    index('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_one_per_order_uq')
      .on(t.orderId)
      .where(sql`kind = 'INVOICE'`),
    uniqueIndex('invoices_one_per_claim_uq')
      .on(t.claimId)
      .where(sql`kind = 'CREDIT_NOTE'`),
    // One cancellation credit note per order (decision 966): a retry, a double click or two instances meet this index.
    uniqueIndex('invoices_one_cancellation_per_order_uq')
      .on(t.orderId)
      .where(sql`credit_reason = 'CANCELLATION'`),
    // A seller's commission invoices of a month: the monthly one and any follow-up for sale invoices
    // issued in that month after it (decision 996). What makes a second charge impossible is the
    // coverage table's key (one row per sale invoice), not one row per month.
    index('invoices_commission_period_idx')
      .on(t.buyerId, t.commissionPeriod)
      .where(sql`commission_period is not null`),
    check('invoices_order_or_commission', sql`(${t.orderId} is null) = (${t.commissionPeriod} is not null)`),
    check('invoices_commission_is_invoice', sql`${t.commissionPeriod} is null or (${t.kind} = 'INVOICE' and ${t.sellerId} is null)`),
    index('invoices_seller_idx').on(t.sellerId, t.id.desc()),
    index('invoices_buyer_idx').on(t.buyerId, t.id.desc()),
    index('invoices_order_idx').on(t.orderId),
    // The reminder job: unpaid issued invoices by due date.
    index('invoices_due_idx')
      .on(t.dueDate)
      .where(sql`status = 'ISSUED' and reminder_sent_at is null`),
    // A credit note has a claim or is its order's cancellation's (decision 966), never both.
    check('invoices_credit_note_cause', sql`(${t.kind} = 'CREDIT_NOTE') = (${t.claimId} is not null or ${t.creditReason} = 'CANCELLATION')`),
    check(
      'invoices_credit_reason_consistent',
      sql`${t.creditReason} is null or (${t.kind} = 'CREDIT_NOTE' and (${t.creditReason} = 'CANCELLATION') = (${t.claimId} is null) and ${t.orderId} is not null)`,
    ),
    check(
      'invoices_issued_complete',
      // Names only the issued states: a check may not use an enum value added in the same migration run.
      sql`${t.status} not in ('ISSUED', 'PAID') or (${t.number} is not null and ${t.issueDate} is not null and ${t.dueDate} is not null and ${t.total} is not null and ${t.input} is not null)`,
    ),
    // PAID now says "balance 0" (payments and applied credits, decision 964), kept in step in the
    // transaction that records a payment or applies a credit note; the payments are in invoice_payments.
    check(
      'invoices_credit_applied_range',
      sql`${t.creditApplied} is null or (${t.kind} = 'CREDIT_NOTE' and ${t.creditApplied} >= 0 and ${t.creditApplied} <= ${t.total})`,
    ),
  ],
);

/**
 * Money received on an invoice, or a credit note's refund paid to the buyer (decision 964): one row per
 * payment, recorded by the seller or the operator in a transaction that holds the invoice's row lock,
 * so the payments never exceed the balance. A retried request (same Idempotency-Key on the same
 * invoice) finds its row instead of adding one.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The bank reference the seller noted (free text, may be empty). */
    reference: text('reference').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    /** The request behind the key ("amount/date/reference"): the same key with another body is refused. */
    idempotencyRequest: text('idempotency_request'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.paidOn),
    uniqueIndex('invoice_payments_idempotency_uq')
      .on(t.invoiceId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The rendered Factur-X PDF and its XML, written after the invoice's commit (a job fills any missing). */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  xml: text('xml').notNull(),
  pages: integer('pages').notNull(),
  renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which commission covers each sale invoice (issue 32 §7, decision 996): one row per sale invoice,
 * its primary key, so a sale invoice is charged once across all months and runs. `period` is the
 * month the sale invoice was issued in (Europe/Paris), the commission month it belongs to; the
 * commission invoice is null when the commission of every sale invoice the run claimed rounded to
 * 0,00 € (covered, nothing to invoice). Base and commission are fixed when the run claims the row,
 * so a commission invoice waiting for data is issued later with the same lines.
 */
export const commissionCoverage = pgTable(
  'commission_coverage',
  {
    saleInvoiceId: integer('sale_invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    commissionInvoiceId: integer('commission_invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    period: date('period', { mode: 'string' }).notNull(),
    /** The sale invoice's net (excl. VAT), the commission's base. */
    base: numeric('base', { precision: 16, scale: 2 }).notNull(),
    /** COMMISSION_PERCENT when the row was claimed: a waiting commission invoice keeps its rate. */
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    /** The base × percent, rounded half up to the cent (commissionCents). */
    commission: numeric('commission', { precision: 16, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_coverage_invoice_idx').on(t.commissionInvoiceId),
    check('commission_coverage_period_first_day', sql`extract(day from ${t.period}) = 1`),
    check('commission_coverage_amounts', sql`${t.base} >= 0 and ${t.commission} >= 0 and ${t.commission} <= ${t.base}`),
    check('commission_coverage_zero_without_invoice', sql`${t.commissionInvoiceId} is not null or ${t.commission} = 0`),
  ],
);
