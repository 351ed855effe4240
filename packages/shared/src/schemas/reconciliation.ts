import { z } from 'zod';

/**
 * The invariants of the books (issue 32 §10, decision 997), each checked by one query over the
 * ledger tables: orders, invoices, credit notes, payments, commission coverage and the counters.
 */
export const RECONCILIATION_RULES = [
  /** Every DELIVERED or CLOSED order has exactly one sale invoice, issued, whose net equals the order's amount. */
  'ORDER_INVOICED',
  /** The credit notes of an invoice total at most the invoice's total. */
  'CREDITS_WITHIN_TOTAL',
  /** Numbers are unique and gapless per issuer, series and year, and the counter row says the last one. */
  'NUMBERS_IN_SERIES',
  /** Every sale invoice of a closed month is in exactly one commission month, charged to its seller (when commission is on). */
  'COMMISSION_COVERAGE',
  /** What was paid is at most what the invoice asks. */
  'PAID_WITHIN_TOTAL',
  /** No unpaid issued invoice on a cancelled order without credit notes covering it. */
  'CANCELLED_NOT_PAYABLE',
] as const;
export type ReconciliationRule = (typeof RECONCILIATION_RULES)[number];

export const reconciliationViolation = z.object({
  rule: z.enum(RECONCILIATION_RULES),
  /** What breaks the rule: an order, an invoice (or credit note), a seller's series, the operator's series (id: the year). */
  subject: z.object({ type: z.enum(['order', 'invoice', 'seller', 'operator']), id: z.number().int() }),
  /** What is wrong, with the figures (English, for the operator and the log). */
  detail: z.string(),
});
export type ReconciliationViolation = z.infer<typeof reconciliationViolation>;

export const reconciliationReport = z.object({
  checkedAt: z.string().datetime(),
  violations: z.array(reconciliationViolation),
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;
