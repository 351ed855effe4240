import { z } from 'zod';
import { LANGUAGES } from '../constants/limits.js';
import { dbId, dbIdText, isoDate, isoDateTime } from './common.js';

/**
 * GET /api/users/statements?counterparty=&from=&to= (decision 965): the signed-in company's statement
 * of account with one counterparty. `from`/`to` are days (inclusive); without `from` the statement
 * starts with the first document, without `to` it ends today.
 */
export const statementQuery = z.object({
  counterparty: dbIdText,
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The PDF's and CSV's language; else the browser's Accept-Language. */
  lang: z.enum(LANGUAGES).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;

/** GET /api/admin/statements: the operator reads the statement of any company with any counterparty. */
export const adminStatementQuery = statementQuery.extend({ company: dbIdText });
export type AdminStatementQuery = z.infer<typeof adminStatementQuery>;

export const STATEMENT_ENTRY_TYPES = ['INVOICE', 'CREDIT_NOTE', 'PAYMENT', 'REFUND'] as const;
export type StatementEntryType = (typeof STATEMENT_ENTRY_TYPES)[number];

const statementParty = z.object({ id: dbId, name: z.string(), country: z.string(), vatId: z.string().nullable() });

export const statementEntry = z.object({
  date: isoDate,
  type: z.enum(STATEMENT_ENTRY_TYPES),
  /** The invoice or credit note (a payment's: the document it pays or refunds). */
  documentId: dbId,
  number: z.string(),
  /** The company issued that document (it sells) or received it (it buys). */
  direction: z.enum(['issued', 'received']),
  /** A payment's bank reference; empty otherwise. */
  reference: z.string(),
  /** Raises what the counterparty owes the company (€), or null. */
  debit: z.number().nullable(),
  /** Lowers it (€), or null. */
  credit: z.number().nullable(),
  /** After this entry: > 0 the counterparty owes the company, < 0 the company owes the counterparty. */
  balance: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const statement = z.object({
  company: statementParty,
  counterparty: statementParty,
  from: isoDate.nullable(),
  to: isoDate,
  currency: z.literal('EUR'),
  /** The balance of everything dated before `from` (0 without `from`). */
  openingBalance: z.number(),
  entries: z.array(statementEntry),
  closingBalance: z.number(),
  /** The sums of the entries' debit and credit columns. */
  totalDebit: z.number(),
  totalCredit: z.number(),
  generatedAt: isoDateTime,
});
export type Statement = z.infer<typeof statement>;
