import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal, type InvoiceAmounts } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { invoiceDocuments, invoices, orders, users, type InvoiceVatLine } from '../../db/schema/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;

/** An invoice row with what its readers see beside it: the order's number and parties, the corrected invoice's number, whether its documents exist. */
export interface InvoiceView {
  invoice: InvoiceRow;
  /** Null on a commission invoice (no order). */
  orderNumber: string | null;
  seller: { companyName: string; countryAlpha2: string; vatId: string };
  buyer: { companyName: string; countryAlpha2: string; vatId: string };
  precedingNumber: string | null;
  documents: boolean;
}

const preceding = sql<string | null>`(select p.number from invoices p where p.id = ${invoices.precedingInvoiceId})`;
const hasDocuments = sql<boolean>`exists (select 1 from invoice_documents d where d.invoice_id = ${invoices.id})`;

const viewColumns = {
  invoice: invoices,
  orderNumber: orders.number,
  sellerSnapshot: orders.seller,
  buyerSnapshot: orders.buyer,
  precedingNumber: preceding,
  documents: hasDocuments,
};

type ViewRow = {
  invoice: InvoiceRow;
  orderNumber: string | null;
  sellerSnapshot: OrderRow['seller'] | null;
  buyerSnapshot: OrderRow['buyer'] | null;
  precedingNumber: string | null;
  documents: boolean;
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
    .values({ kind: 'CREDIT_NOTE', status: 'NEEDS_DATA', orderId: c.order.id, claimId: c.claimId, sellerId: c.order.sellerId, buyerId: c.order.buyerId })
    .onConflictDoNothing({ target: invoices.claimId, where: sql`kind = 'CREDIT_NOTE'` })
    .returning({ id: invoices.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.claimId, c.claimId), eq(invoices.kind, 'CREDIT_NOTE')));
  return existing!.id;
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

export async function findOrder(db: Executor, id: number) {
  return (await db.select().from(orders).where(eq(orders.id, id)))[0];
}

/** A company's current data, used for facts its order snapshot lacks (a VAT number given since). */
export async function currentCompany(db: Executor, userId: number | null) {
  if (userId === null) return undefined;
  return (
    await db
      .select({
        companyName: users.companyName,
        vatId: users.vatId,
        address: users.address,
        postalCode: users.postalCode,
        iban: users.iban,
        bic: users.bic,
      })
      .from(users)
      .where(eq(users.id, userId))
  )[0];
}

/** The seller's invoicing settings (bank account, number prefix). */
export async function invoicingSettingsOf(db: Executor, userId: number) {
  return (
    await db
      .select({ iban: users.iban, bic: users.bic, invoicePrefix: users.invoicePrefix, companyName: users.companyName })
      .from(users)
      .where(eq(users.id, userId))
  )[0];
}

export async function setInvoicingSettings(db: Executor, userId: number, v: { iban: string | null; bic: string | null; invoicePrefix: string | null }) {
  await db
    .update(users)
    .set({ ...v, updatedAt: sql`clock_timestamp()` })
    .where(eq(users.id, userId));
}

export async function orderInvoice(db: Executor, orderId: number) {
  return (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')))
  )[0];
}

/** Delivered (or since closed) orders with a received weight and no invoice row yet, after `afterId` (a cursor: one failing order never stalls the pass). */
export async function ordersWithoutInvoice(db: Executor, afterId: number, limit: number) {
  return db
    .select({ id: orders.id, sellerId: orders.sellerId, buyerId: orders.buyerId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['DELIVERED', 'CLOSED']),
        sql`${orders.id} > ${afterId}`,
        sql`${orders.receivedNetKg} is not null`,
        sql`not exists (select 1 from invoices i where i.order_id = ${orders.id} and i.kind = 'INVOICE')`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
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

/** Settled claims with a credit and no credit note. */
export async function settledClaimsWithoutCreditNote(db: Executor, limit: number): Promise<Array<{ claimId: number; orderId: number }>> {
  const res = await db.execute(sql`
    select c.id as "claimId", c.order_id as "orderId" from claims c
    where c.status = 'SETTLED' and c.settled_credit > 0
      and not exists (select 1 from invoices i where i.claim_id = c.id and i.kind = 'CREDIT_NOTE')
    order by c.id limit ${limit}`);
  return (res.rows as Array<{ claimId: number | string; orderId: number | string }>).map((r) => ({ claimId: Number(r.claimId), orderId: Number(r.orderId) }));
}

/** A settled claim's credit (null: no such settled claim). */
export async function settledClaim(db: Executor, claimId: number): Promise<{ orderId: number; credit: number; settledAt: Date } | null> {
  const res = await db.execute(
    sql`select order_id as "orderId", settled_credit as "credit", settled_at as "settledAt" from claims where id = ${claimId} and status = 'SETTLED'`,
  );
  const row = res.rows[0] as { orderId: number | string; credit: string | number; settledAt: string | Date } | undefined;
  return row ? { orderId: Number(row.orderId), credit: Number(row.credit), settledAt: new Date(row.settledAt) } : null;
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

export async function buyerContact(db: Executor, buyerId: number | null) {
  if (buyerId === null) return undefined;
  return (await db.select({ email: users.email, companyName: users.companyName, active: users.active }).from(users).where(eq(users.id, buyerId)))[0];
}

// ---- reads -----------------------------------------------------------------------------------------

export type ShownStatus = 'NEEDS_DATA' | 'NEEDS_ATTENTION' | 'UNPAID' | 'OVERDUE' | 'PAID';

/** The stored status and due date behind a shown status; overdue applies to invoices, not credit notes. */
export function statusCondition(status: ShownStatus | undefined, today: string): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'NEEDS_DATA':
      return eq(invoices.status, 'NEEDS_DATA');
    case 'NEEDS_ATTENTION':
      return eq(invoices.status, 'NEEDS_ATTENTION');
    case 'PAID':
      return eq(invoices.status, 'PAID');
    case 'UNPAID':
      return and(eq(invoices.status, 'ISSUED'), or(eq(invoices.kind, 'CREDIT_NOTE'), gte(invoices.dueDate, today)));
    case 'OVERDUE':
      return and(eq(invoices.status, 'ISSUED'), eq(invoices.kind, 'INVOICE'), sql`${invoices.dueDate} < ${today}`);
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
    db.select(viewColumns).from(invoices).leftJoin(orders, eq(orders.id, invoices.orderId)).where(w).orderBy(desc(invoices.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(invoices).where(w),
  ]);
  return { rows: rows.map(toView), total: totalRow?.n ?? 0 };
}

/** The journal's rows in number order (issue date, then number), rows without a number last. */
export async function chunk(db: Executor, f: InvoiceFilter, limit: number, offset: number): Promise<InvoiceView[]> {
  const rows = await db
    .select(viewColumns)
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(where(f))
    .orderBy(sql`${invoices.issueDate} asc nulls last`, asc(invoices.number), asc(invoices.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toView);
}

export async function findView(db: Executor, id: number): Promise<InvoiceView | undefined> {
  const [row] = await db.select(viewColumns).from(invoices).leftJoin(orders, eq(orders.id, invoices.orderId)).where(eq(invoices.id, id));
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
