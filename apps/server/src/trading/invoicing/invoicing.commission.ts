import {
  addDays,
  centsToDecimal,
  commissionCents,
  formatCommissionNumber,
  formatDay,
  formatDecimal,
  formatEuro,
  previousMonth,
  toCents,
  type Language,
} from '@primeur/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { CommissionConfig } from '../../config/commission.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { commissionCoverage, invoices, operatorInvoiceCounters } from '../../db/schema/index.js';
import { accountWithPlace } from '../../companies/users/users.read-model.js';
import { languageForCountry } from '../../documents/email/language.js';
import { t as text } from '../../documents/email/i18n.js';
import { orderViewSql } from '../orders/orders.read-model.js';
import type { InvoiceInput, InvoiceParty } from './invoice-input.js';
import { issueOrFlag, storeIssued, type RowOutcome } from './invoicing.attention.js';
import { prepareInvoice } from './invoicing.builder.js';
import * as repo from './invoicing.repository.js';
import type { InvoiceRow } from './invoicing.repository.js';

/**
 * The operator's commission invoices (issue 23 §8, decisions 850 and 996). Once a month, for the
 * month before, the operator invoices each seller the commission on its sale invoices issued in that
 * month (issue date, a Paris day): one line per sale invoice, the commission rounded to the cent per
 * line. Each sale invoice is claimed by one coverage row (its key), so it is charged once across
 * months, runs and instances, also when it is issued after its month's run (a follow-up invoice of
 * that month). Numbered in the operator's own series in the transaction that issues it; the
 * documents are rendered after the commit by the same code as the sale invoices.
 */

/** `{prefix}-COM-YYYY-NNNNN` from the operator's counter row, locked until the caller's transaction ends (decision 762). */
export async function nextOperatorInvoiceNumber(tx: Tx, year: number, prefix: string): Promise<string> {
  formatCommissionNumber(prefix, year, 1);
  const [row] = await tx
    .insert(operatorInvoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: operatorInvoiceCounters.year, set: { lastNumber: sql`${operatorInvoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: operatorInvoiceCounters.lastNumber });
  return formatCommissionNumber(prefix, year, row!.lastNumber);
}

/** A sale invoice the commission charges: a seller's issued (or since paid) invoice of an order. */
const isSaleInvoice = sql`i.kind = 'INVOICE' and i.order_id is not null and i.status in ('ISSUED', 'PAID') and i.seller_id is not null`;

/**
 * The first month commission is owed for: the earliest month already charged (or covered), else the
 * month before `today`'s. Sale invoices issued before it belong to a time without commission and
 * are never charged (turning COMMISSION_PERCENT on does not bill the past).
 */
export async function commissionStart(db: Executor, today: string): Promise<string> {
  const prev = previousMonth(today).first;
  const res = await db.execute<{ first: string | null }>(sql`
    select to_char(least(
      (select min(commission_period) from invoices where commission_period is not null),
      (select min(period) from commission_coverage)), 'YYYY-MM-DD') as first`);
  const first = res.rows[0]?.first ?? null;
  return first !== null && first < prev ? first : prev;
}

/**
 * Each seller and month with issued sale invoices that no commission covers yet, from `since` to
 * the month before `today`'s: the previous month at its first run, and any sale invoice of a
 * closed month issued after that month's run (a follow-up, decision 996).
 */
export async function monthsToCharge(db: Executor, since: string, today: string): Promise<Array<{ sellerId: number; period: string }>> {
  const before = previousMonth(today).nextFirst;
  const res = await db.execute<{ sellerId: number | string; period: string }>(sql`
    select i.seller_id as "sellerId", to_char(date_trunc('month', i.issue_date), 'YYYY-MM-DD') as period
    from invoices i
    where ${isSaleInvoice} and i.issue_date >= ${since}::date and i.issue_date < ${before}::date
      and not exists (select 1 from commission_coverage c where c.sale_invoice_id = i.id)
    group by 1, 2 order by 2, 1`);
  return res.rows.map((r) => ({ sellerId: Number(r.sellerId), period: r.period }));
}

export interface CoverageLine {
  saleInvoiceId: number;
  invoiceNumber: string;
  orderNumber: string;
  issuedOn: string;
  baseCents: number;
  percent: number;
  commissionCents: number;
}

/**
 * Claims a seller's uncovered sale invoices of one month for the commission, in the caller's
 * transaction: one coverage row each, inserted ON CONFLICT DO NOTHING on the sale invoice's key, so
 * of two overlapping runs each sale invoice goes to one (the other waits for its commit, then skips
 * it). When one of them earns a commission, a commission row (NEEDS_DATA) is made first and the
 * claimed rows name it; a run that claimed only 0,00 € commissions (or nothing) removes it again,
 * before any number is taken. Returns the commission row's id (or null) and the rows claimed, in issue order.
 */
export async function claimSaleInvoices(
  tx: Executor,
  sellerId: number,
  period: string,
  percent: number,
): Promise<{ commissionInvoiceId: number | null; claimed: CoverageLine[] }> {
  const { nextFirst } = previousMonth(addDays(period, 40));
  const res = await tx.execute<{ id: number | string; number: string; order: string; day: string; net: string }>(sql`
    select i.id, i.number, o.number as "order", to_char(i.issue_date, 'YYYY-MM-DD') as day, i.net::text as net
    from invoices i join ${orderViewSql} o on o.id = i.order_id
    where ${isSaleInvoice} and i.seller_id = ${sellerId}
      and i.issue_date >= ${period}::date and i.issue_date < ${nextFirst}::date
      and not exists (select 1 from commission_coverage c where c.sale_invoice_id = i.id)
    order by i.issue_date, i.id`);
  const candidates = res.rows.map((r) => {
    const baseCents = toCents(Number(r.net));
    return {
      saleInvoiceId: Number(r.id),
      invoiceNumber: r.number,
      orderNumber: r.order,
      issuedOn: r.day,
      baseCents,
      percent,
      commissionCents: commissionCents(baseCents, percent),
    };
  });
  if (!candidates.length) return { commissionInvoiceId: null, claimed: [] };
  let rowId = candidates.some((c) => c.commissionCents > 0) ? await newCommissionRow(tx, sellerId, period) : null;
  const inserted = await tx
    .insert(commissionCoverage)
    .values(
      candidates.map((c) => ({
        saleInvoiceId: c.saleInvoiceId,
        commissionInvoiceId: c.commissionCents > 0 ? rowId : null,
        period,
        base: centsToDecimal(c.baseCents),
        percent: percent.toFixed(2),
        commission: centsToDecimal(c.commissionCents),
      })),
    )
    .onConflictDoNothing({ target: commissionCoverage.saleInvoiceId })
    .returning({ id: commissionCoverage.saleInvoiceId });
  const ids = new Set(inserted.map((c) => c.id));
  const claimed = candidates.filter((c) => ids.has(c.saleInvoiceId));
  if (rowId !== null && !claimed.some((c) => c.commissionCents > 0)) {
    // Another run took every sale invoice that earns a commission: this row charges nothing.
    await tx.delete(invoices).where(eq(invoices.id, rowId));
    rowId = null;
  } else if (rowId !== null) {
    // The 0,00 € ones are covered by the invoice that charges their month's others (no line on it).
    await tx
      .update(commissionCoverage)
      .set({ commissionInvoiceId: rowId })
      .where(inArray(commissionCoverage.saleInvoiceId, [...ids]));
  }
  return { commissionInvoiceId: rowId, claimed };
}

/** The sale invoices a commission invoice covers, in issue order. */
export async function coveredBy(db: Executor, commissionInvoiceId: number): Promise<CoverageLine[]> {
  const res = await db.execute<{ id: number | string; number: string; order: string; day: string; base: string; percent: string; commission: string }>(sql`
    select i.id, i.number, o.number as "order", to_char(i.issue_date, 'YYYY-MM-DD') as day,
           c.base::text as base, c.percent::text as percent, c.commission::text as commission
    from commission_coverage c join invoices i on i.id = c.sale_invoice_id join ${orderViewSql} o on o.id = i.order_id
    where c.commission_invoice_id = ${commissionInvoiceId}
    order by i.issue_date, i.id`);
  return res.rows.map((r) => ({
    saleInvoiceId: Number(r.id),
    invoiceNumber: r.number,
    orderNumber: r.order,
    issuedOn: r.day,
    baseCents: toCents(Number(r.base)),
    percent: Number(r.percent),
    commissionCents: toCents(Number(r.commission)),
  }));
}

/** A new commission row of a seller and month, NEEDS_DATA (numbered when it is issued). */
async function newCommissionRow(tx: Executor, sellerId: number, period: string): Promise<number> {
  const [row] = await tx
    .insert(invoices)
    .values({ kind: 'INVOICE', status: 'NEEDS_DATA', orderId: null, commissionPeriod: period, sellerId: null, buyerId: sellerId })
    .returning({ id: invoices.id });
  return row!.id;
}

/** The selling company as the customer of the commission, from its current company data. */
async function customerOf(db: Executor, sellerId: number): Promise<InvoiceParty | null> {
  const u = await accountWithPlace(db, sellerId);
  if (!u) return null;
  const address = u.address.trim();
  return {
    name: u.companyName.trim().slice(0, 200),
    addressLines: address ? [address.slice(0, 200)] : [],
    postalCode: u.postalCode.trim().slice(0, 20),
    city: (u.city ?? '').trim().slice(0, 100),
    country: u.alpha2 ?? 'FR',
    vatId: u.vatId.trim() || null,
    // The seller as the operator's customer: its identifier is BT-47 (decision 968).
    registrationId: u.registrationId?.slice(0, 40) ?? null,
    legal: null,
    contact: u.email ? { name: null, phone: null, email: u.email } : null,
  };
}

function operatorParty(cfg: CommissionConfig): InvoiceParty {
  const o = cfg.operator;
  return {
    name: o.name,
    addressLines: o.addressLines,
    postalCode: o.postalCode,
    city: o.city,
    country: o.country,
    vatId: o.vatId,
    registrationId: o.registrationId,
    legal: null,
    contact: o.email ? { name: null, phone: null, email: o.email } : null,
  };
}

const percentText = (p: number, lng: Language) => formatDecimal(p, lng, { maxDecimals: 2 });

/** The commission invoice of one seller and month, before its number; null when no sale invoice earns a commission. */
export function commissionDraft(
  cfg: CommissionConfig,
  customer: InvoiceParty,
  covered: CoverageLine[],
  month: { first: string; last: string },
  issueDate: string,
): Omit<InvoiceInput, 'number'> | null {
  const language = languageForCountry(customer.country);
  const lines = covered
    // A sale invoice whose commission rounds to 0,00 € is covered but not charged (a 0 € line says nothing).
    .filter((c) => c.commissionCents > 0)
    .map((c) => ({
      article: text(
        language,
        'issue.commissionLine',
        {
          percent: percentText(c.percent, language),
          base: formatEuro(c.baseCents / 100, language),
          invoice: c.invoiceNumber,
          date: formatDay(c.issuedOn, language, 'medium'),
        },
        'invoice',
      ).slice(0, 200),
      origin: null,
      caliber: null,
      orderNumber: c.orderNumber,
      unit: 'C62' as const,
      quantityKg: 1,
      unitPrice: c.commissionCents / 100,
    }));
  if (!lines.length) return null;
  return {
    kind: 'INVOICE',
    purpose: 'COMMISSION',
    period: { start: month.first, end: month.last },
    issueDate,
    precedingInvoice: null,
    language,
    seller: operatorParty(cfg),
    buyer: customer,
    // A service has no delivery; the period's last day stands for BT-72 (not written for a commission).
    delivery: { date: month.last, name: null, addressLines: [], postalCode: '', city: '', country: customer.country },
    incoterm: null,
    orderNumber: null,
    lines,
    payment: {
      termsText: text(language, 'issue.commissionTerms', { days: cfg.termDays }, 'invoice'),
      dueDate: addDays(issueDate, cfg.termDays),
      iban: cfg.operator.iban,
      bic: cfg.operator.bic,
    },
    notes: [text(language, 'issue.commissionNote', { from: formatDay(month.first, language, 'long'), to: formatDay(month.last, language, 'long') }, 'invoice')],
  };
}

/** The month of a period key (its first day): 40 days later is always in the next month. */
const monthOf = (period: string) => previousMonth(addDays(period, 40));

/**
 * Tries to issue a commission row, in the caller's transaction (the row locked): a row already
 * issued is left alone; a draft that needs data records why and takes no number.
 */
export async function completeCommissionRow(tx: Tx, row: InvoiceRow, cfg: CommissionConfig | undefined, today: string): Promise<RowOutcome> {
  const waiting = async (needs: string[], input?: Omit<InvoiceInput, 'number'>) => ({
    result: 'needsData' as const,
    // The unnumbered draft is kept so the lists can name the parties of a waiting commission.
    row: await repo.updateInvoice(tx, row.id, { status: 'NEEDS_DATA', needs, ...(input ? { input: input as unknown as Record<string, unknown> } : {}) }),
  });
  if (row.status !== 'NEEDS_DATA' && row.status !== 'NEEDS_ATTENTION') return { result: 'unchanged', row };
  if (!cfg) return waiting(['COMMISSION_OFF']);
  if (row.buyerId === null) return waiting(['SELLER_MISSING']);
  const customer = await customerOf(tx, row.buyerId);
  if (!customer) return waiting(['SELLER_MISSING']);
  const month = monthOf(row.commissionPeriod!);
  const draft = commissionDraft(cfg, customer, await coveredBy(tx, row.id), month, today);
  if (!draft) return waiting(['NO_COMMISSION']);
  let check;
  try {
    check = prepareInvoice({ ...draft, number: 'UNNUMBERED' });
  } catch (err) {
    if (err instanceof ZodError) return waiting(['INVALID_DATA'], draft);
    throw err;
  }
  if (check.status === 'needsData') return waiting(check.reasons, draft);
  if (check.status === 'unsupported') return waiting([check.reason], draft);
  const number = await nextOperatorInvoiceNumber(tx, Number(today.slice(0, 4)), cfg.prefix);
  const input: InvoiceInput = { ...draft, number };
  const prepared = prepareInvoice(input);
  if (prepared.status !== 'ready') throw new Error('a numbered commission stopped being valid');
  const a = prepared.invoice.amounts;
  const issued = await storeIssued(tx, row.id, {
    status: 'ISSUED',
    number,
    needs: [],
    issueDate: today,
    dueDate: draft.payment.dueDate,
    currency: 'EUR',
    ...repo.storedAmounts(a),
    input: input as unknown as Record<string, unknown>,
  });
  if (issued === 'NUMBER_CONFLICT') return { result: 'attention', row, reason: 'NUMBER_CONFLICT' };
  return { result: 'issued', row: issued };
}

export interface CommissionDeps {
  db: Db;
  log: { error(o: object, m: string): void };
}

/**
 * The commission pass (run by the commission job on every tick): each seller and closed month with
 * issued sale invoices no commission covers yet claims them and, when their commission is not all
 * 0,00 €, gets a commission invoice for that month, issued if it can be. At the first tick of a month
 * that is every seller with sales in the month before; afterwards only sale invoices of a closed
 * month issued after its run (a follow-up invoice of that month, decision 996). Returns the rows it
 * issued (their documents are rendered by the caller after the commits).
 */
export async function chargeMonth(
  deps: CommissionDeps,
  cfg: CommissionConfig,
  today: string,
): Promise<{ issued: InvoiceRow[]; waiting: number; attention: RowOutcome[]; failed: number }> {
  // attention: rows left NEEDS_ATTENTION (decision 971), told to the admins by the caller after the commit.
  const out = { issued: [] as InvoiceRow[], waiting: 0, attention: [] as RowOutcome[], failed: 0 };
  const since = await commissionStart(deps.db, today);
  for (const { sellerId, period } of await monthsToCharge(deps.db, since, today)) {
    try {
      const r = await deps.db.transaction(async (tx) => {
        const { commissionInvoiceId } = await claimSaleInvoices(tx, sellerId, period, cfg.percent);
        // Nothing left to claim (another run took it), or every commission rounds to 0: covered, no invoice.
        if (commissionInvoiceId === null) return null;
        const row = (await repo.lockInvoice(tx, commissionInvoiceId))!;
        return issueOrFlag(tx, row, (sp) => completeCommissionRow(sp, row, cfg, today));
      });
      if (r?.result === 'issued') out.issued.push(r.row);
      else if (r?.result === 'needsData') out.waiting++;
      else if (r?.result === 'attention') out.attention.push(r);
    } catch (err) {
      out.failed++;
      deps.log.error({ err, seller: sellerId, period }, 'commission invoice failed');
    }
  }
  return out;
}
