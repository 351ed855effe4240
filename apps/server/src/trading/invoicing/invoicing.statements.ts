import { todayInParis, type Language, type Statement, type StatementEntry, type StatementEntryType } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { documentText } from '../../documents/pdf/i18n.js';
import { csvHead, csvLine, csvNumber, dialectFor } from '../../lib/csv.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as repo from './invoicing.repository.js';

/**
 * The statement of account of one company with one counterparty (decision 965): every issued invoice
 * and credit note between the two (either may be the seller), every payment and refund on them, in
 * date order with a running balance. Positive: the counterparty owes the company. Amounts are summed
 * in integer cents.
 */

interface Movement {
  date: string;
  type: StatementEntryType;
  documentId: number;
  number: string;
  direction: 'issued' | 'received';
  reference: string;
  /** Signed, in cents: > 0 raises what the counterparty owes the company. */
  cents: number;
  order: number;
}

// Documents before the payments of the same day, then in the order they were made.
const TYPE_ORDER: Record<StatementEntryType, number> = { INVOICE: 0, CREDIT_NOTE: 1, PAYMENT: 2, REFUND: 3 };

export function movementsOf(companyId: number, data: Awaited<ReturnType<typeof repo.documentsBetween>>): Movement[] {
  const byId = new Map(data.docs.map((d) => [d.id, d]));
  const out: Movement[] = [];
  for (const d of data.docs) {
    if (d.issueDate === null || d.total === null || d.number === null) continue;
    const issued = d.sellerId === companyId;
    const total = repo.decimalToCents(d.total);
    // An invoice the company issued is owed to it; a credit note it issued lowers that; received ones the other way.
    const sign = (issued ? 1 : -1) * (d.kind === 'INVOICE' ? 1 : -1);
    out.push({
      date: d.issueDate,
      type: d.kind,
      documentId: d.id,
      number: d.number,
      direction: issued ? 'issued' : 'received',
      reference: '',
      cents: sign * total,
      order: d.id,
    });
  }
  for (const p of data.payments) {
    const d = byId.get(p.invoiceId);
    if (!d || d.number === null) continue;
    const issued = d.sellerId === companyId;
    const amount = repo.decimalToCents(p.amount);
    // A payment on an invoice moves the balance against that invoice; a refund on a credit note against the credit note.
    const sign = (issued ? -1 : 1) * (d.kind === 'INVOICE' ? 1 : -1);
    out.push({
      date: p.paidOn,
      type: d.kind === 'INVOICE' ? 'PAYMENT' : 'REFUND',
      documentId: d.id,
      number: d.number,
      direction: issued ? 'issued' : 'received',
      reference: p.reference,
      cents: sign * amount,
      order: p.id,
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.order - b.order));
}

export interface StatementRange {
  from?: string;
  to?: string;
}

/** The statement as the API answers it; 404 unless the two companies share a document. */
export async function statementOf(db: Executor, companyId: number, counterpartyId: number, range: StatementRange, now = new Date()): Promise<Statement> {
  const to = range.to ?? todayInParis(now.getTime());
  if (range.from && range.from > to) throw badRequest('The start of the period comes after its end.', 'from');
  if (companyId === counterpartyId || !(await repo.sharesDocuments(db, companyId, counterpartyId))) throw notFound('Statement');
  const [company, counterparty] = await Promise.all([repo.companyFacts(db, companyId), repo.companyFacts(db, counterpartyId)]);
  if (!company || !counterparty) throw notFound('Statement');
  const movements = movementsOf(companyId, await repo.documentsBetween(db, companyId, counterpartyId));
  let opening = 0;
  let running = 0;
  let debit = 0;
  let credit = 0;
  const entries: StatementEntry[] = [];
  for (const m of movements) {
    if (m.date > to) break;
    if (range.from && m.date < range.from) {
      opening += m.cents;
      running = opening;
      continue;
    }
    running += m.cents;
    if (m.cents >= 0) debit += m.cents;
    else credit -= m.cents;
    entries.push({
      date: m.date,
      type: m.type,
      documentId: m.documentId,
      number: m.number,
      direction: m.direction,
      reference: m.reference,
      debit: m.cents >= 0 ? m.cents / 100 : null,
      credit: m.cents < 0 ? -m.cents / 100 : null,
      balance: running / 100,
    });
  }
  return {
    company,
    counterparty,
    from: range.from ?? null,
    to,
    currency: 'EUR',
    openingBalance: opening / 100,
    entries,
    closingBalance: running / 100,
    totalDebit: debit / 100,
    totalCredit: credit / 100,
    generatedAt: now.toISOString(),
  };
}

/** The signed-in company's statement with a counterparty; the operator names both companies. */
export function statementFor(db: Executor, user: SessionUser, q: StatementRange & { counterparty: number; company?: number }) {
  const companyId = user.category === 'admin' && q.company !== undefined ? q.company : user.id;
  return statementOf(db, companyId, q.counterparty, q);
}

/**
 * The statement as CSV in the reader's conventions (decision 885): BOM, `;` and a decimal comma in
 * fr/de/es, `,` and a point in en; dates ISO; headers and entry names in the reader's language; the
 * opening and closing balances as their own lines.
 */
export function statementCsv(s: Statement, lng: Language): string {
  const t = (key: string) => documentText('statement', lng, key);
  const d = dialectFor(lng);
  const n = (v: number | null) => ({ n: csvNumber(v, 2, d) });
  const cols = ['date', 'type', 'number', 'reference', 'debit', 'credit', 'balance'] as const;
  let out = csvHead(
    cols.map((c) => t(`col.${c}`)),
    d,
  );
  out += csvLine([s.from, t('opening'), null, null, null, null, n(s.openingBalance)], d);
  for (const e of s.entries) {
    out += csvLine([e.date, t(`entry.${e.type}.${e.direction}`), e.number, e.reference, n(e.debit), n(e.credit), n(e.balance)], d);
  }
  out += csvLine([null, t('totals'), null, null, n(s.totalDebit), n(s.totalCredit), null], d);
  out += csvLine([s.to, t('closing'), null, null, null, null, n(s.closingBalance)], d);
  return out;
}
