import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal, type InvoiceAmounts, type InvoiceStatus } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { invoiceDocuments, invoicePayments, invoices, type InvoiceVatLine } from '../../db/schema/index.js';
import { accountsView, accountWithPlace } from '../../companies/users/users.read-model.js';
import { orderView, type OrderRow } from '../orders/orders.read-model.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** An invoice row with what its readers see beside it: the order's number and parties, the corrected invoice's number, whether its documents exist. */
export interface InvoiceView {
  invoice: InvoiceRow;
  /** Null on a commission invoice (no order). */
  orderNumber: string | null;
  seller: { companyName: string; countryAlpha2: string; vatId: string };
  buyer: { companyName: string; countryAlpha2: string; vatId: string };
  precedingNumber: string | null;
  documents: boolean;
  /** The sum of the payments (refunds on a credit note), in cents. */
  paidCents: number;
  /** The latest payment's day. */
  lastPaidOn: string | null;
  /** An invoice: the credit notes applied to it; a credit note: its part applied to its invoice (cents). */
  creditedCents: number;
}

/** A numeric(…, 2) as text ("-12.30") → exact integer cents. */
export function decimalToCents(v: string | number | null | undefined): number {
  if (v === null || v === undefined || v === '') return 0;
  const s = String(v).trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(s);
  if (!m) throw new RangeError(`not a decimal amount: ${s}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

const paidSum = sql<string>`(select coalesce(sum(p.amount), 0)::text from invoice_payments p where p.invoice_id = ${invoices.id})`;
const lastPaid = sql<string | null>`(select max(p.paid_on)::text from invoice_payments p where p.invoice_id = ${invoices.id})`;
/** On an invoice the credit notes applied to it; on a credit note its own applied part. */
const creditedSum = sql<string>`(case when ${invoices.kind} = 'INVOICE'
  then (select coalesce(sum(c.credit_applied), 0) from invoices c where c.preceding_invoice_id = ${invoices.id} and c.kind = 'CREDIT_NOTE')
  else coalesce(${invoices.creditApplied}, 0) end)::text`;
const hasPayments = sql`exists (select 1 from invoice_payments p where p.invoice_id = ${invoices.id})`;

const preceding = sql<string | null>`(select p.number from invoices p where p.id = ${invoices.precedingInvoiceId})`;
const hasDocuments = sql<boolean>`exists (select 1 from invoice_documents d where d.invoice_id = ${invoices.id})`;

const viewColumns = {
  invoice: invoices,
  orderNumber: orderView.number,
  sellerSnapshot: orderView.seller,
  buyerSnapshot: orderView.buyer,
  precedingNumber: preceding,
  documents: hasDocuments,
  paid: paidSum,
  lastPaidOn: lastPaid,
  credited: creditedSum,
};

type ViewRow = {
  invoice: InvoiceRow;
  orderNumber: string | null;
  sellerSnapshot: OrderRow['seller'] | null;
  buyerSnapshot: OrderRow['buyer'] | null;
  precedingNumber: string | null;
  documents: boolean;
  paid: string;
  lastPaidOn: string | null;
  credited: string;
};

/** The parties as the document states them: the issued input when there is one, else the order's snapshot. */
function toView(r: ViewRow): InvoiceView {
  const input = r.invoice.input as {
    seller?: { name: string; country: string; vatId: string | null };
    buyer?: { name: string; country: string; vatId: string | null };
  } | null;
  const party = (fromInput: { name: string; country: string; vatId: string | null } | undefined, snap: OrderRow['seller'] | null) =>
    fromInput
      ? { companyName: fromInput.name, countryAlpha2: fromInput.country, vatId: fromInput.vatId ?? '' }
      : snap
        ? { companyName: snap.companyName, countryAlpha2: snap.countryAlpha2, vatId: snap.vatId }
        : // A commission row that could not even be drafted (its seller's account is gone).
          { companyName: '', countryAlpha2: '', vatId: '' };
  return {
    invoice: r.invoice,
    orderNumber: r.orderNumber,
    seller: party(input?.seller, r.sellerSnapshot),
    buyer: party(input?.buyer, r.buyerSnapshot),
    precedingNumber: r.precedingNumber,
    documents: Boolean(r.documents),
    paidCents: decimalToCents(r.paid),
    lastPaidOn: r.lastPaidOn,
    creditedCents: decimalToCents(r.credited),
  };
}

// ---- issuing ---------------------------------------------------------------------------------------

/**
 * The order's invoice row, created NEEDS_DATA if it has none. A concurrent creator waits on the
 * unique index until the first commits, then finds its row: one invoice per order, whatever the
 * number of issuers.
 */
export async function ensureOrderInvoice(tx: Executor, o: Pick<OrderRow, 'id' | 'sellerId' | 'buyerId'>): Promise<number> {
  const [created] = await tx
    .insert(invoices)
    .values({ kind: 'INVOICE', status: 'NEEDS_DATA', orderId: o.id, sellerId: o.sellerId, buyerId: o.buyerId })
    .onConflictDoNothing({ target: invoices.orderId, where: sql`kind = 'INVOICE'` })
    .returning({ id: invoices.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, 'INVOICE')));
  return existing!.id;
}

/** The credit note row of a settled claim, created NEEDS_DATA if it has none (same rule as above). */
export async function ensureCreditNote(tx: Executor, c: { claimId: number; order: Pick<OrderRow, 'id' | 'sellerId' | 'buyerId'> }): Promise<number> {
  const [created] = await tx
    .insert(invoices)
    .values({
      kind: 'CREDIT_NOTE',
      status: 'NEEDS_DATA',
      orderId: c.order.id,
      claimId: c.claimId,
      creditReason: 'CLAIM',
      sellerId: c.order.sellerId,
      buyerId: c.order.buyerId,
    })
    .onConflictDoNothing({ target: invoices.claimId, where: sql`kind = 'CREDIT_NOTE'` })
    .returning({ id: invoices.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.claimId, c.claimId), eq(invoices.kind, 'CREDIT_NOTE')));
  return existing!.id;
}

/**
 * The cancellation credit note row of an order (decision 966), created NEEDS_DATA if it has none: the
 * partial unique index makes a second one impossible, whatever the number of cancellations racing.
 */
export async function ensureCancellationCreditNote(tx: Executor, o: Pick<OrderRow, 'id' | 'sellerId' | 'buyerId'>): Promise<number> {
  const [created] = await tx
    .insert(invoices)
    .values({ kind: 'CREDIT_NOTE', status: 'NEEDS_DATA', orderId: o.id, creditReason: 'CANCELLATION', sellerId: o.sellerId, buyerId: o.buyerId })
    .onConflictDoNothing({ target: invoices.orderId, where: sql`credit_reason = 'CANCELLATION'` })
    .returning({ id: invoices.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, o.id), eq(invoices.creditReason, 'CANCELLATION')));
  return existing!.id;
}

/**
 * A cancelled order's documents that were never issued (no number: removing them leaves no gap): its
 * sale invoice waiting for data and its claims' credit notes waiting, which the cancellation's credit
 * note replaces (decision 966). Their row locks are taken, so a pass issuing one of them is waited for.
 */
export async function deleteUnissuedOfOrder(tx: Executor, orderId: number) {
  return tx
    .delete(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        inArray(invoices.status, ['NEEDS_DATA', 'NEEDS_ATTENTION']),
        sql`${invoices.creditReason} is distinct from 'CANCELLATION'`,
      ),
    )
    .returning({ id: invoices.id });
}

/** The net and total (cents) of the issued credit notes of an invoice, but one (the one being issued). */
export async function issuedCredits(tx: Executor, invoiceId: number, exceptId: number | null) {
  const [r] = await tx
    .select({ net: sql<string>`coalesce(sum(${invoices.net}), 0)::text`, total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.precedingInvoiceId, invoiceId),
        eq(invoices.kind, 'CREDIT_NOTE'),
        inArray(invoices.status, ['ISSUED', 'PAID']),
        exceptId === null ? undefined : sql`${invoices.id} <> ${exceptId}`,
      ),
    );
  return { netCents: decimalToCents(r?.net), totalCents: decimalToCents(r?.total) };
}

/** Removes a row that was never issued (no number). */
export async function deleteInvoice(tx: Executor, id: number) {
  await tx.delete(invoices).where(and(eq(invoices.id, id), inArray(invoices.status, ['NEEDS_DATA', 'NEEDS_ATTENTION'])));
}

export async function lockInvoice(tx: Executor, id: number) {
  return (await tx.select().from(invoices).where(eq(invoices.id, id)).for('update'))[0];
}

export async function updateInvoice(tx: Executor, id: number, values: Partial<NewInvoice>) {
  return (
    await tx
      .update(invoices)
      .set({ ...values, updatedAt: sql`clock_timestamp()` })
      .where(eq(invoices.id, id))
      .returning()
  )[0]!;
}

/** A company's current data, used for facts its order snapshot lacks (a VAT number given since) and for its reminders' address. */
export async function currentCompany(db: Executor, userId: number | null) {
  return userId === null ? undefined : accountWithPlace(db, userId);
}

export async function orderInvoice(db: Executor, orderId: number) {
  return (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')))
  )[0];
}

/** The credit note of an order's cancellation, if the cancellation made one. */
export async function cancellationCreditNote(db: Executor, orderId: number) {
  return (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.creditReason, 'CANCELLATION')))
  )[0];
}

/** Whether the row's documents (PDF and XML) are stored. */
export async function documentsStored(db: Executor, invoiceId: number) {
  return (await db.$count(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoiceId))) > 0;
}

/** Rows waiting for data or for attention (decision 971), the least recently tried first, so a stuck one never hides the others. */
export async function waitingInvoices(db: Executor, limit: number) {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.status, ['NEEDS_DATA', 'NEEDS_ATTENTION']))
    .orderBy(asc(invoices.updatedAt), asc(invoices.id))
    .limit(limit);
}

/** The rows needing attention (decision 971), counted by their first reason (null: none recorded). */
export async function needingAttentionByReason(db: Executor): Promise<Array<{ reason: string | null; n: number }>> {
  const res = await db.execute<{ reason: string | null; n: number }>(sql`
    select needs->>0 as reason, count(*)::int as n from invoices where status = 'NEEDS_ATTENTION' group by 1`);
  return res.rows.map((r) => ({ reason: r.reason, n: Number(r.n) }));
}

/** Numbered invoices whose documents were never stored (a crash between the commit and the render). */
export async function withoutDocuments(db: Executor, limit: number) {
  return db
    .select({ id: invoices.id, input: invoices.input })
    .from(invoices)
    .where(and(inArray(invoices.status, ['ISSUED', 'PAID']), sql`not exists (select 1 from invoice_documents d where d.invoice_id = ${invoices.id})`))
    .orderBy(asc(invoices.id))
    .limit(limit);
}

export async function storeDocuments(db: Executor, invoiceId: number, docs: { pdf: Buffer; xml: string; pages: number }) {
  await db
    .insert(invoiceDocuments)
    .values({ invoiceId, ...docs })
    .onConflictDoNothing();
}

export async function documentsOf(db: Executor, invoiceId: number) {
  return (await db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoiceId)))[0];
}

/** Unpaid invoices due on or before `day` whose reminder has not left, locked (SKIP LOCKED: one sender). */
export async function lockDueForReminder(tx: Executor, day: string, limit: number) {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'ISSUED'), isNull(invoices.reminderSentAt), lte(invoices.dueDate, day)))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// ---- reads -----------------------------------------------------------------------------------------

export type ShownStatus = InvoiceStatus;

/**
 * The stored status, due date and payments behind a shown status (decision 964). An invoice's stored
 * PAID means balance 0 (kept in step by the payment and credit-note transactions); a credit note's
 * state comes from its applied part and its refunds.
 */
export function statusCondition(status: ShownStatus | undefined, today: string): SQL | undefined {
  const invoice = and(eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'ISSUED'));
  const creditNote = and(eq(invoices.kind, 'CREDIT_NOTE'), inArray(invoices.status, ['ISSUED', 'PAID']));
  const refundDue = sql`(${invoices.total} - coalesce(${invoices.creditApplied}, 0) - ${paidSum}::numeric) > 0`;
  switch (status) {
    case undefined:
      return undefined;
    case 'NEEDS_DATA':
      return eq(invoices.status, 'NEEDS_DATA');
    case 'NEEDS_ATTENTION':
      return eq(invoices.status, 'NEEDS_ATTENTION');
    case 'PAID':
      return and(eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'PAID'));
    case 'UNPAID':
      return and(invoice, gte(invoices.dueDate, today), sql`not ${hasPayments}`);
    case 'PARTLY_PAID':
      return and(invoice, gte(invoices.dueDate, today), hasPayments);
    case 'OVERDUE':
      return and(invoice, sql`${invoices.dueDate} < ${today}`);
    case 'APPLIED':
      return and(creditNote, sql`not ${refundDue}`, sql`not ${hasPayments}`);
    case 'REFUND_DUE':
      return and(creditNote, refundDue);
    case 'REFUNDED':
      return and(creditNote, sql`not ${refundDue}`, hasPayments);
  }
}

export interface InvoiceFilter {
  sellerId?: number;
  buyerId?: number;
  party?: number;
  kind?: 'INVOICE' | 'CREDIT_NOTE';
  status?: ShownStatus;
  from?: string;
  to?: string;
  today: string;
}

function where(f: InvoiceFilter): SQL | undefined {
  return and(
    f.sellerId !== undefined ? eq(invoices.sellerId, f.sellerId) : undefined,
    f.buyerId !== undefined ? eq(invoices.buyerId, f.buyerId) : undefined,
    f.party !== undefined ? or(eq(invoices.sellerId, f.party), eq(invoices.buyerId, f.party)) : undefined,
    f.kind ? eq(invoices.kind, f.kind) : undefined,
    statusCondition(f.status, f.today),
    f.from ? gte(invoices.issueDate, f.from) : undefined,
    f.to ? lte(invoices.issueDate, f.to) : undefined,
  );
}

export async function page(db: Executor, f: InvoiceFilter, limit: number, offset: number): Promise<{ rows: InvoiceView[]; total: number }> {
  const w = where(f);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(viewColumns)
      .from(invoices)
      .leftJoin(orderView, eq(orderView.id, invoices.orderId))
      .where(w)
      .orderBy(desc(invoices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(invoices).where(w),
  ]);
  return { rows: rows.map(toView), total: totalRow?.n ?? 0 };
}

/** The journal's rows in number order (issue date, then number), rows without a number last. */
export async function chunk(db: Executor, f: InvoiceFilter, limit: number, offset: number): Promise<InvoiceView[]> {
  const rows = await db
    .select(viewColumns)
    .from(invoices)
    .leftJoin(orderView, eq(orderView.id, invoices.orderId))
    .where(where(f))
    .orderBy(sql`${invoices.issueDate} asc nulls last`, asc(invoices.number), asc(invoices.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toView);
}

export async function findView(db: Executor, id: number): Promise<InvoiceView | undefined> {
  const [row] = await db.select(viewColumns).from(invoices).leftJoin(orderView, eq(orderView.id, invoices.orderId)).where(eq(invoices.id, id));
  return row ? toView(row) : undefined;
}

export async function idsOfOrder(db: Executor, orderId: number): Promise<number[]> {
  // The invoice first (enum order), then its credit notes as issued.
  const rows = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.kind), asc(invoices.id));
  return rows.map((r) => r.id);
}

export type { InvoiceVatLine };

/** An invoice's computed amounts as its row stores them: decimal euros, and the VAT lines. */
export function storedAmounts(a: InvoiceAmounts) {
  return {
    net: centsToDecimal(a.netCents),
    vat: centsToDecimal(a.vatCents),
    total: centsToDecimal(a.grossCents),
    vatBreakdown: a.breakdown.map((b) => ({
      category: b.category,
      ratePercent: b.ratePercent,
      taxable: centsToDecimal(b.taxableCents),
      vat: centsToDecimal(b.vatCents),
    })),
  };
}

// ---- payments (decision 964) -----------------------------------------------------------------------

export type PaymentRow = typeof invoicePayments.$inferSelect;

/** The payments of these documents, oldest first, with the name of whoever recorded each. */
export async function paymentsOf(db: Executor, invoiceIds: number[]) {
  if (!invoiceIds.length) return [];
  return db
    .select({ payment: invoicePayments, recordedByName: accountsView.companyName })
    .from(invoicePayments)
    .leftJoin(accountsView, eq(accountsView.id, invoicePayments.recordedBy))
    .where(inArray(invoicePayments.invoiceId, invoiceIds))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
}

export async function paymentByKey(tx: Executor, invoiceId: number, key: string) {
  return (
    await tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.idempotencyKey, key)))
  )[0];
}

export async function insertPayment(tx: Executor, values: typeof invoicePayments.$inferInsert) {
  return (await tx.insert(invoicePayments).values(values).returning())[0]!;
}

/**
 * What has been paid on a document and what credit lowers it, in cents, read after its row lock (so
 * no payment or credit note of another transaction can slip in between).
 */
export async function balanceParts(tx: Executor, row: Pick<InvoiceRow, 'id' | 'kind' | 'creditApplied'>) {
  const [r] = await tx
    .select({
      paid: sql<string>`(select coalesce(sum(p.amount), 0)::text from invoice_payments p where p.invoice_id = ${row.id})`,
      credited: sql<string>`(select coalesce(sum(c.credit_applied), 0)::text from invoices c where c.preceding_invoice_id = ${row.id} and c.kind = 'CREDIT_NOTE')`,
    })
    .from(sql`(select 1) as one`);
  return { paidCents: decimalToCents(r?.paid), creditedCents: row.kind === 'INVOICE' ? decimalToCents(r?.credited) : decimalToCents(row.creditApplied) };
}

// ---- statements of account (decision 965) ----------------------------------------------------------

const between = (a: number, b: number) => or(and(eq(invoices.sellerId, a), eq(invoices.buyerId, b)), and(eq(invoices.sellerId, b), eq(invoices.buyerId, a)));

/** Whether the two companies share any invoice or credit note (issued or waiting). */
export async function sharesDocuments(db: Executor, a: number, b: number): Promise<boolean> {
  const [r] = await db.select({ id: invoices.id }).from(invoices).where(between(a, b)).limit(1);
  return r !== undefined;
}

/** The issued invoices and credit notes between two companies (either direction), with their payments. */
export async function documentsBetween(db: Executor, a: number, b: number) {
  const docs = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issueDate: invoices.issueDate,
      total: invoices.total,
      sellerId: invoices.sellerId,
    })
    .from(invoices)
    .where(and(between(a, b), inArray(invoices.status, ['ISSUED', 'PAID'])))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const payments = docs.length
    ? await db
        .select()
        .from(invoicePayments)
        .where(
          inArray(
            invoicePayments.invoiceId,
            docs.map((d) => d.id),
          ),
        )
        .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id))
    : [];
  return { docs, payments };
}

/** A company as a statement names it. */
export async function companyFacts(db: Executor, id: number) {
  const r = await accountWithPlace(db, id);
  return r ? { id: r.id, name: r.companyName, country: r.alpha2 ?? '', vatId: r.vatId || null } : undefined;
}
