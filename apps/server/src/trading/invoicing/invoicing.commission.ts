import {
  addDays,
  commissionCents,
  formatCommissionNumber,
  formatDay,
  formatDecimal,
  formatEuro,
  lineNetCents,
  previousMonth,
  type Language,
} from '@primeur/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { CommissionConfig } from '../../config/commission.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { cities, countries, invoices, operatorInvoiceCounters, orders, users } from '../../db/schema/index.js';
import { languageForCountry } from '../../documents/email/language.js';
import { t as text } from '../../documents/email/i18n.js';
import type { InvoiceInput, InvoiceParty } from './invoice-input.js';
import { issueOrFlag, storeIssued, type RowOutcome } from './invoicing.attention.js';
import { prepareInvoice } from './invoicing.builder.js';
import * as repo from './invoicing.repository.js';
import type { InvoiceRow } from './invoicing.repository.js';

/**
 * The operator's commission invoices (issue 23 §8, decision 850). Once a month, for the month
 * before, the operator invoices each seller the commission on its orders delivered (received) in
 * that month: one line per order, the commission rounded to the cent per order. One row per seller
 * and month (a partial unique index), numbered in the operator's own series in the transaction that
 * issues it, so overlapping runs on several instances issue each invoice once; the documents are
 * rendered after the commit by the same code as the sale invoices.
 */

const TIME_ZONE = 'Europe/Paris';

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

/** When an order counts as delivered: its receipt (the received net kg), else its delivery. */
const deliveredAt = sql`coalesce(${orders.receivedAt}, ${orders.deliveredAt})`;

/** Orders of the period [first, nextFirst) in Paris days, delivered (or since closed) with a received weight. */
function deliveredInPeriod(first: string, nextFirst: string) {
  return and(
    inArray(orders.status, ['DELIVERED', 'CLOSED']),
    isNotNull(orders.receivedNetKg),
    sql`${deliveredAt} >= (${first}::date::timestamp at time zone ${TIME_ZONE})`,
    sql`${deliveredAt} < (${nextFirst}::date::timestamp at time zone ${TIME_ZONE})`,
  );
}

export interface CommissionOrder {
  id: number;
  number: string;
  netCents: number;
  deliveredOn: string;
}

/** A seller's orders delivered in the period, in delivery order, with their net value (the sale invoice's rule). */
export async function deliveredOrdersOf(db: Executor, sellerId: number, first: string, nextFirst: string): Promise<CommissionOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      kg: orders.receivedNetKg,
      price: orders.pricePerKg,
      day: sql<string>`to_char(${deliveredAt} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`,
    })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), deliveredInPeriod(first, nextFirst)))
    .orderBy(asc(deliveredAt), asc(orders.id));
  return rows.map((r) => ({ id: r.id, number: r.number, netCents: lineNetCents(Number(r.kg), Number(r.price)), deliveredOn: r.day }));
}

/** Sellers with orders delivered in the period and no commission row for it yet. */
export async function sellersToCharge(db: Executor, period: string, first: string, nextFirst: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ sellerId: orders.sellerId })
    .from(orders)
    .where(
      and(
        isNotNull(orders.sellerId),
        deliveredInPeriod(first, nextFirst),
        sql`not exists (select 1 from invoices i where i.buyer_id = ${orders.sellerId} and i.commission_period = ${period})`,
      ),
    )
    .orderBy(asc(orders.sellerId));
  return rows.map((r) => r.sellerId!);
}

/** The commission row of a seller and month, created NEEDS_DATA if missing; a concurrent creator waits on the unique index, then finds it. */
export async function ensureCommissionRow(tx: Executor, sellerId: number, period: string): Promise<number> {
  const [created] = await tx
    .insert(invoices)
    .values({ kind: 'INVOICE', status: 'NEEDS_DATA', orderId: null, commissionPeriod: period, sellerId: null, buyerId: sellerId })
    .onConflictDoNothing({ target: [invoices.buyerId, invoices.commissionPeriod], where: sql`commission_period is not null` })
    .returning({ id: invoices.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.buyerId, sellerId), eq(invoices.commissionPeriod, period)));
  return existing!.id;
}

/** The selling company as the customer of the commission, from its current company data. */
async function customerOf(db: Executor, sellerId: number): Promise<InvoiceParty | null> {
  const [u] = await db
    .select({
      name: users.companyName,
      address: users.address,
      postalCode: users.postalCode,
      vatId: users.vatId,
      email: users.email,
      country: countries.alpha2,
      city: cities.name,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(eq(users.id, sellerId));
  if (!u) return null;
  const address = u.address.trim();
  return {
    name: u.name.trim().slice(0, 200),
    addressLines: address ? [address.slice(0, 200)] : [],
    postalCode: u.postalCode.trim().slice(0, 20),
    city: (u.city ?? '').trim().slice(0, 100),
    country: u.country ?? 'FR',
    vatId: u.vatId.trim() || null,
    registrationId: null,
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
    contact: o.email ? { name: null, phone: null, email: o.email } : null,
  };
}

const percentText = (p: number, lng: Language) => formatDecimal(p, lng, { maxDecimals: 2 });

/** The commission invoice of one seller and month, before its number; null when no order earns a commission. */
export function commissionDraft(
  cfg: CommissionConfig,
  customer: InvoiceParty,
  ordersOfMonth: CommissionOrder[],
  month: { first: string; last: string },
  issueDate: string,
): Omit<InvoiceInput, 'number'> | null {
  const language = languageForCountry(customer.country);
  const percent = percentText(cfg.percent, language);
  const lines = ordersOfMonth
    .map((o) => ({ o, cents: commissionCents(o.netCents, cfg.percent) }))
    // An order whose commission rounds to 0,00 € is not charged (a 0 € line says nothing).
    .filter((x) => x.cents > 0)
    .map(({ o, cents }) => ({
      article: text(
        language,
        'issue.commissionLine',
        { percent, base: formatEuro(o.netCents / 100, language), date: formatDay(o.deliveredOn, language, 'medium') },
        'invoice',
      ).slice(0, 200),
      origin: null,
      caliber: null,
      orderNumber: o.number,
      unit: 'C62' as const,
      quantityKg: 1,
      unitPrice: cents / 100,
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
    notes: [
      text(
        language,
        'issue.commissionNote',
        { percent, from: formatDay(month.first, language, 'long'), to: formatDay(month.last, language, 'long') },
        'invoice',
      ),
    ],
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
  const draft = commissionDraft(cfg, customer, await deliveredOrdersOf(tx, row.buyerId, month.first, month.nextFirst), month, today);
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
 * The monthly pass (run by the commission job on every tick; only the first pass of a month finds
 * work): for the previous month, each seller with delivered orders and no commission row gets one,
 * issued if it can be. Returns the rows it issued (their documents are rendered by the caller after the commits).
 */
export async function chargeMonth(
  deps: CommissionDeps,
  cfg: CommissionConfig,
  today: string,
): Promise<{ issued: InvoiceRow[]; waiting: number; attention: RowOutcome[]; failed: number }> {
  const month = previousMonth(today);
  // attention: rows left NEEDS_ATTENTION (decision 971), told to the admins by the caller after the commit.
  const out = { issued: [] as InvoiceRow[], waiting: 0, attention: [] as RowOutcome[], failed: 0 };
  for (const sellerId of await sellersToCharge(deps.db, month.first, month.first, month.nextFirst)) {
    try {
      const r = await deps.db.transaction(async (tx) => {
        // Nothing to charge (every commission rounds to 0): no row, no invoice.
        const customer = await customerOf(tx, sellerId);
        const found = await deliveredOrdersOf(tx, sellerId, month.first, month.nextFirst);
        if (customer && !commissionDraft(cfg, customer, found, month, today)) return null;
        const id = await ensureCommissionRow(tx, sellerId, month.first);
        const row = (await repo.lockInvoice(tx, id))!;
        return issueOrFlag(tx, row, (sp) => completeCommissionRow(sp, row, cfg, today));
      });
      if (r?.result === 'issued') out.issued.push(r.row);
      else if (r?.result === 'needsData') out.waiting++;
      else if (r?.result === 'attention') out.attention.push(r);
    } catch (err) {
      out.failed++;
      deps.log.error({ err, seller: sellerId }, 'commission invoice failed');
    }
  }
  return out;
}
