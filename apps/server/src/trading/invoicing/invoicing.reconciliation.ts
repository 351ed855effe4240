import { todayInParis, type ReconciliationReport, type ReconciliationRule, type ReconciliationViolation } from '@primeur/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { orderViewSql } from '../orders/orders.read-model.js';
import { commissionStart } from './invoicing.commission.js';

/**
 * The books' invariants (issue 32 §10, decision 997): one function per rule, each one query over
 * the ledger tables (orders, invoices and credit notes, payments, commission coverage, counters)
 * that returns the rows breaking it. `reconcile` runs them all; the admin route, the hourly job,
 * the metrics gauge and the tests (after every step of a history) call it.
 */

/** An order delivered this long ago without an issued sale invoice is a violation (decision 997). */
export const INVOICE_GRACE_MS = 72 * 3_600_000;
/** A sale invoice of a closed month not covered by a commission this long after the month's end (or its issue) is a violation. */
export const COMMISSION_GRACE_MS = 3_600_000;

export interface ReconcileOptions {
  /** The instant the books are checked at (the grace periods count back from it); now by default. */
  at?: Date;
  /** Whether the operator's commission is on (COMMISSION_PERCENT > 0): only then is coverage checked. */
  commission?: boolean;
}

type Rows<T> = Promise<{ rows: T[] }>;
const rows = async <T>(db: Executor, q: SQL): Promise<T[]> => (await (db.execute(q) as unknown as Rows<T>)).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const v = (rule: ReconciliationRule, type: ReconciliationViolation['subject']['type'], id: number | string, detail: string): ReconciliationViolation => ({
  rule,
  subject: { type, id: Number(id) },
  detail,
});

/**
 * Every DELIVERED or CLOSED order has exactly one sale invoice, issued, whose net equals the order's
 * amount. An order delivered less than INVOICE_GRACE_MS ago may still be without one or waiting for
 * data (the invoicing job, a person fixing a VAT number).
 */
export async function ordersInvoiced(db: Executor, at: Date): Promise<ReconciliationViolation[]> {
  const found = await rows<{ id: number; number: string; amount: string | null; n: number; status: string | null; net: string | null; needs: string | null }>(
    db,
    sql`
    select o.id, o.number, o.amount::text as amount, count(i.id)::int as n, min(i.status::text) as status,
           min(i.net::text) as net, min(i.needs::text) as needs
    from ${orderViewSql} o
    left join invoices i on i.order_id = o.id and i.kind = 'INVOICE'
    where o.status in ('DELIVERED', 'CLOSED')
    -- Every order column shown is grouped: a read model's id does not stand for its other columns as a table's key does.
    group by o.id, o.number, o.amount, o.delivered_at, o.received_at, o.updated_at
    having count(i.id) > 1
        or (count(i.id) = 0 or min(i.status::text) = 'NEEDS_DATA') and coalesce(o.delivered_at, o.received_at, o.updated_at) < ${ts(at)} - make_interval(secs => ${INVOICE_GRACE_MS / 1000})
        or (count(i.id) = 1 and min(i.status::text) <> 'NEEDS_DATA' and (o.amount is null or min(i.net) is distinct from o.amount))
    order by o.id`,
  );
  return found.map((r) =>
    v(
      'ORDER_INVOICED',
      'order',
      r.id,
      Number(r.n) > 1
        ? `order ${r.number} has ${r.n} sale invoices`
        : Number(r.n) === 0
          ? `order ${r.number} was delivered more than ${INVOICE_GRACE_MS / 3_600_000} h ago and has no sale invoice`
          : r.status === 'NEEDS_DATA'
            ? `the sale invoice of order ${r.number} has waited for data more than ${INVOICE_GRACE_MS / 3_600_000} h after the delivery: ${r.needs}`
            : `the sale invoice of order ${r.number} is ${r.net} net, the order's amount is ${r.amount ?? 'unknown'}`,
    ),
  );
}

/** The issued credit notes of an order total at most its sale invoice's total (none issued: 0). */
export async function creditsWithinTotal(db: Executor): Promise<ReconciliationViolation[]> {
  const found = await rows<{ orderId: number; invoiceId: number | null; number: string | null; total: string; credited: string; notes: number }>(
    db,
    sql`
    select c.order_id as "orderId", i.id as "invoiceId", i.number, coalesce(i.total, 0)::text as total,
           sum(c.total)::text as credited, count(*)::int as notes
    from invoices c
    left join invoices i on i.order_id = c.order_id and i.kind = 'INVOICE' and i.status <> 'NEEDS_DATA'
    where c.kind = 'CREDIT_NOTE' and c.status <> 'NEEDS_DATA'
    group by c.order_id, i.id
    having sum(c.total) > coalesce(i.total, 0)
    order by c.order_id`,
  );
  return found.map((r) =>
    r.invoiceId === null
      ? v('CREDITS_WITHIN_TOTAL', 'order', r.orderId, `${r.notes} credit note(s) of ${r.credited} issued on order ${r.orderId}, which has no issued invoice`)
      : v('CREDITS_WITHIN_TOTAL', 'invoice', r.invoiceId, `${r.notes} credit note(s) total ${r.credited}, more than invoice ${r.number}'s total of ${r.total}`),
  );
}

/**
 * Numbers unique and gapless per issuer, series and year, and each counter row at the last number
 * given: a seller's invoices `{PREFIX}-YYYY-NNNNN` and credit notes `{PREFIX}-CN-YYYY-NNNNN`, one
 * series per kind (decision 970; by seller: the prefix may change within a year, the counter goes on) and the operator's `{PREFIX}-COM-YYYY-NNNNN` (one series per year). The year in
 * the number is the issue date's.
 */
export async function numbersInSeries(db: Executor): Promise<ReconciliationViolation[]> {
  const found = await rows<{ issuer: number; operator: boolean; series: string; year: number | null; problem: string; detail: string }>(
    db,
    sql`
    with numbered as (
      select i.id, i.number, i.commission_period is not null as operator,
             case when i.commission_period is not null then 0 else i.seller_id end as issuer,
             case when i.commission_period is not null then 'COMMISSION' else i.kind::text end as series,
             extract(year from i.issue_date)::int as issued_year,
             substring(i.number from '-([0-9]{4})-[0-9]+$')::int as year,
             substring(i.number from '-([0-9]+)$')::int as seq
      from invoices i
      where i.number is not null and (i.commission_period is not null or i.seller_id is not null)
    ),
    per_series as (
      select issuer, operator, series, year, max(seq) as last, array_agg(seq order by seq) as seqs
      from numbered where year is not null group by issuer, operator, series, year
    )
    select issuer, operator, series, issued_year as year, 'MALFORMED' as problem, number as detail
      from numbered where year is null or seq is null
    union all
    select issuer, operator, series, year, 'WRONG_YEAR', number || ' issued in ' || issued_year
      from numbered where year is not null and year <> issued_year
    union all
    select issuer, operator, series, year, 'DUPLICATE', seq || ' given ' || count(*) || ' times'
      from numbered where seq is not null group by issuer, operator, series, year, seq having count(*) > 1
    union all
    select p.issuer, p.operator, p.series, p.year, 'GAP', string_agg(g::text, ', ' order by g)
      from per_series p cross join lateral generate_series(1, p.last) g
      where not (g = any(p.seqs)) group by p.issuer, p.operator, p.series, p.year
    union all
    select p.issuer, p.operator, p.series, p.year, 'COUNTER', 'counter at ' || coalesce(c.last_number::text, 'none') || ', last number given ' || p.last
      from per_series p
      left join invoice_counters c on not p.operator and c.seller_company_id = p.issuer and c.kind::text = p.series and c.year = p.year
      left join operator_invoice_counters oc on p.operator and oc.year = p.year
      where coalesce(c.last_number, oc.last_number) is distinct from p.last
    order by 1, 3, 4, 5`,
  );
  return found.map((r) => {
    const what = r.operator ? `operator's series ${r.year}` : `seller ${r.issuer}'s series ${r.series} ${r.year}`;
    const text =
      r.problem === 'MALFORMED'
        ? `number ${r.detail} does not end in -YYYY-N`
        : r.problem === 'WRONG_YEAR'
          ? `${what}: ${r.detail}`
          : r.problem === 'DUPLICATE'
            ? `${what}: number ${r.detail}`
            : r.problem === 'GAP'
              ? `${what}: missing ${r.detail}`
              : `${what}: ${r.detail}`;
    return r.operator ? v('NUMBERS_IN_SERIES', 'operator', r.year ?? 0, text) : v('NUMBERS_IN_SERIES', 'seller', r.issuer, text);
  });
}

/**
 * When commission is on: every issued sale invoice of a closed month, from the first month charged
 * on, is covered (the coverage key makes "at most once" structural), once COMMISSION_GRACE_MS has
 * passed since its month ended and since it was issued; a coverage row names a sale invoice, and a
 * commission invoice of that seller and month; an issued commission invoice charges what its
 * coverage rows say.
 */
export async function commissionCovered(db: Executor, at: Date): Promise<ReconciliationViolation[]> {
  const today = todayInParis(at.getTime());
  const since = await commissionStart(db, today);
  const grace = sql`${ts(at)} - make_interval(secs => ${COMMISSION_GRACE_MS / 1000})`;
  const found = await rows<{ type: 'invoice'; id: number; detail: string }>(
    db,
    sql`
    select 'invoice' as type, i.id, 'sale invoice ' || i.number || ' of ' || to_char(i.issue_date, 'YYYY-MM-DD') || ' is in no commission month' as detail
      from invoices i
      where i.kind = 'INVOICE' and i.order_id is not null and i.status in ('ISSUED', 'PAID') and i.seller_id is not null
        and i.issue_date >= ${since}::date and i.issue_date < date_trunc('month', ${today}::date)
        and ((date_trunc('month', i.issue_date) + interval '1 month')::timestamp at time zone 'Europe/Paris') < ${grace}
        and i.updated_at < ${grace}
        and not exists (select 1 from commission_coverage c where c.sale_invoice_id = i.id)
    union all
    select 'invoice', c.sale_invoice_id, 'commission coverage names invoice ' || coalesce(s.number, s.id::text) || ', which is not an issued sale invoice'
      from commission_coverage c join invoices s on s.id = c.sale_invoice_id
      where not (s.kind = 'INVOICE' and s.order_id is not null and s.status in ('ISSUED', 'PAID'))
    union all
    select 'invoice', c.sale_invoice_id, 'sale invoice ' || s.number || ' is charged on commission invoice ' || coalesce(m.number, m.id::text) || ' of another seller or month'
      from commission_coverage c join invoices s on s.id = c.sale_invoice_id join invoices m on m.id = c.commission_invoice_id
      where m.buyer_id is distinct from s.seller_id or m.commission_period is distinct from c.period
    union all
    select 'invoice', m.id, 'commission invoice ' || m.number || ' is ' || m.net || ' net, its sale invoices'' commissions total ' || coalesce(sum(c.commission), 0)
      from invoices m left join commission_coverage c on c.commission_invoice_id = m.id
      where m.commission_period is not null and m.status <> 'NEEDS_DATA'
      group by m.id having m.net is distinct from coalesce(sum(c.commission), 0)
    order by 2`,
  );
  return found.map((r) => v('COMMISSION_COVERAGE', r.type, r.id, r.detail));
}

/**
 * Payments never exceed the balance (decision 964): on an invoice, its payments plus the credit notes
 * applied to it are at most its total; on a credit note, its refunds plus its applied part are at most
 * its total; and an issued invoice reads PAID exactly when its balance is 0.
 */
export async function paidWithinTotal(db: Executor): Promise<ReconciliationViolation[]> {
  const found = await rows<{ id: number; number: string | null; total: string | null; paid: string; credited: string; status: string }>(
    db,
    sql`
    with paid as (select invoice_id, sum(amount) as paid from invoice_payments group by invoice_id),
    credited as (
      select preceding_invoice_id as invoice_id, sum(coalesce(credit_applied, 0)) as credited
      from invoices where kind = 'CREDIT_NOTE' and status in ('ISSUED', 'PAID') and preceding_invoice_id is not null
      group by preceding_invoice_id
    )
    select i.id, i.number, i.total::text as total, coalesce(p.paid, 0)::text as paid,
           (case when i.kind = 'INVOICE' then coalesce(c.credited, 0) else coalesce(i.credit_applied, 0) end)::text as credited,
           i.status::text as status
    from invoices i
    left join paid p on p.invoice_id = i.id
    left join credited c on c.invoice_id = i.id
    where (p.paid is not null and (i.total is null or i.status not in ('ISSUED', 'PAID')))
       or (i.total is not null and i.status in ('ISSUED', 'PAID') and (
             coalesce(p.paid, 0) + (case when i.kind = 'INVOICE' then coalesce(c.credited, 0) else coalesce(i.credit_applied, 0) end) > i.total
          or (i.kind = 'INVOICE' and (i.status = 'PAID') <> (coalesce(p.paid, 0) + coalesce(c.credited, 0) >= i.total))))
    order by i.id`,
  );
  return found.map((r) =>
    v(
      'PAID_WITHIN_TOTAL',
      'invoice',
      r.id,
      `${r.number ?? `invoice ${r.id}`} (${r.status}): ${r.paid} paid and ${r.credited} credited on a total of ${r.total ?? 'none'}`,
    ),
  );
}

/** An issued, unpaid sale invoice of a CANCELLED order is covered by its issued credit notes (else it is still payable). */
export async function cancelledNotPayable(db: Executor): Promise<ReconciliationViolation[]> {
  const found = await rows<{ id: number; number: string; order: string; total: string; credited: string }>(
    db,
    sql`
    select i.id, i.number, o.number as "order", i.total::text as total, coalesce(sum(c.total), 0)::text as credited
    from invoices i
    join ${orderViewSql} o on o.id = i.order_id and o.status = 'CANCELLED'
    left join invoices c on c.kind = 'CREDIT_NOTE' and c.order_id = o.id and c.status <> 'NEEDS_DATA'
    where i.kind = 'INVOICE' and i.status = 'ISSUED'
    group by i.id, o.id, o.number
    having coalesce(sum(c.total), 0) < i.total
    order by i.id`,
  );
  return found.map((r) =>
    v('CANCELLED_NOT_PAYABLE', 'invoice', r.id, `invoice ${r.number} of cancelled order ${r.order} is payable: ${r.total} total, ${r.credited} credited`),
  );
}

/** Every rule, in the order of RECONCILIATION_RULES; one read-only transaction so they see one state of the books. */
export async function reconcile(db: Db, opts: ReconcileOptions = {}): Promise<ReconciliationReport> {
  return db.transaction((tx) => reconcileIn(tx, opts), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The same checks on an executor the caller holds (a test's transaction, to see its own uncommitted rows). */
export async function reconcileIn(db: Executor, opts: ReconcileOptions = {}): Promise<ReconciliationReport> {
  const at = opts.at ?? new Date();
  const violations = [
    ...(await ordersInvoiced(db, at)),
    ...(await creditsWithinTotal(db)),
    ...(await numbersInSeries(db)),
    ...(opts.commission ? await commissionCovered(db, at) : []),
    ...(await paidWithinTotal(db)),
    ...(await cancelledNotPayable(db)),
  ];
  return { checkedAt: at.toISOString(), violations };
}

/** Violations per rule, every rule present (0 when it holds): the metrics gauge and the job's message. */
export function countByRule(report: ReconciliationReport, rules: readonly ReconciliationRule[]): Record<ReconciliationRule, number> {
  const out = Object.fromEntries(rules.map((r) => [r, 0])) as Record<ReconciliationRule, number>;
  for (const x of report.violations) out[x.rule]++;
  return out;
}
