import { formatDay, formatEuro, todayInParis, type InvoiceAttentionReason } from '@primeur/shared';
import { ZodError } from 'zod';
import type { CommissionConfig } from '../../config/commission.js';
import type { Db, Tx } from '../../db/client.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { Processor } from '../../events/events.js';
import type { Mailer } from '../../documents/email/mailer.js';
import { queueMailEvent } from '../../documents/email/delivery.js';
import { renderInvoiceReminder } from '../../documents/email/templates/invoice-reminder.js';
import type { InvoiceInput } from './invoice-input.js';
import { alertAdmins, attentionNoticeIds, issueOrFlag, sendAttention, storeIssued, type IssueResult, type RowOutcome } from './invoicing.attention.js';
import { chargeMonth, completeCommissionRow } from './invoicing.commission.js';
import { applyCreditNote } from './invoicing.payments.js';
import { numberInvoice, renderInvoiceDocuments, type InvoiceDraft } from './invoicing.documents.js';
import * as repo from './invoicing.repository.js';
import type { InvoiceRow } from './invoicing.repository.js';
import { settledClaim } from '../claims/claims.read-model.js';
import * as orders from '../orders/orders.read-model.js';
import { invoiceDraft, creditNoteDraft, remainderDraft } from './invoicing.drafts.js';

/**
 * Issuing (decision 820): an idempotent pass, run by the invoicing job (and by the operator's retry),
 * makes the invoice of every delivered order and the credit note of every settled claim with a
 * credit. Each document is one row made once (partial unique indexes), numbered in the transaction
 * that marks it ISSUED, or left NEEDS_DATA with its reasons (no number used); its PDF and XML are
 * rendered after that commit and stored, and a later pass renders any that a crash left missing.
 */

export interface IssueDeps {
  db: Db;
  mailer: Mailer;
  log: { error(o: object, m: string): void; info?(o: object, m: string): void };
  publicOrigin?: string;
  /** The live bell of the admins' attention notices (decision 971). */
  bus?: EventBus;
  /** The operator's commission (decision 850); absent when COMMISSION_PERCENT is 0. */
  commission?: CommissionConfig;
}

export type { IssueResult };

/**
 * Tries to issue one waiting row (NEEDS_DATA or NEEDS_ATTENTION), in the caller's transaction: the
 * row is locked, so two passes on one row queue and the second finds it issued. A draft that cannot
 * be issued records why and takes no number; an attempt that fails leaves the row NEEDS_ATTENTION
 * with its reason and tells the admins once (decision 971).
 */
export async function completeRow(tx: Tx, id: number, today: string, commission?: CommissionConfig): Promise<RowOutcome> {
  const row = await repo.lockInvoice(tx, id);
  if (!row) throw new Error(`invoice ${id} vanished`);
  if (row.status !== 'NEEDS_DATA' && row.status !== 'NEEDS_ATTENTION') return { result: 'unchanged', row };
  if (row.commissionPeriod !== null || row.orderId === null) return issueOrFlag(tx, row, (sp) => completeCommissionRow(sp, row, commission, today));
  return issueOrFlag(tx, row, (sp) => issueSaleRow(sp, row, today));
}

/** One attempt at a sale invoice or credit note (in a savepoint: an error undoes it, not the row). */
async function issueSaleRow(tx: Tx, row: InvoiceRow, today: string): Promise<RowOutcome> {
  const id = row.id;
  const o = await orders.findRow(tx, row.orderId!);
  if (!o) throw new Error(`order ${row.orderId} of invoice ${id} not found`);
  const waiting = async (needs: string[]) => {
    const same = row.status === 'NEEDS_DATA' && needs.length === row.needs.length && needs.every((n, i) => n === row.needs[i]);
    return {
      result: 'needsData' as const,
      row: same ? await repo.updateInvoice(tx, id, {}) : await repo.updateInvoice(tx, id, { status: 'NEEDS_DATA', needs }),
    };
  };
  let draft: InvoiceDraft;
  let precedingInvoiceId: number | null = null;
  // A cancelled order is not invoiced, nor credited for a claim: its cancellation's credit note
  // covers what remained (decision 966). The cancellation removes such rows; this holds the line for any other path.
  if (o.status === 'CANCELLED' && row.creditReason !== 'CANCELLATION') return waiting(['ORDER_CANCELLED']);
  if (row.kind === 'INVOICE') {
    draft = await invoiceDraft(tx, o, today);
  } else if (row.creditReason === 'CANCELLATION') {
    const found = await repo.orderInvoice(tx, o.id);
    const inv = found && (await repo.lockInvoice(tx, found.id));
    if (!inv || !inv.number || !inv.issueDate || inv.net === null || inv.total === null) return waiting(['INVOICE_NOT_ISSUED']);
    const credited = await repo.issuedCredits(tx, inv.id, row.id);
    const remain = { netCents: repo.decimalToCents(inv.net) - credited.netCents, totalCents: repo.decimalToCents(inv.total) - credited.totalCents };
    const next =
      remain.totalCents > 0 && remain.netCents > 0 ? await remainderDraft(tx, o, remain, { number: inv.number, issueDate: inv.issueDate }, today) : null;
    // Nothing left to credit (claims' credit notes took it all since the row was made): no document.
    if (!next) {
      await repo.deleteInvoice(tx, row.id);
      return { result: 'unchanged', row };
    }
    precedingInvoiceId = inv.id;
    draft = next;
  } else {
    const claim = await settledClaim(tx, row.claimId!);
    if (!claim) return waiting(['CLAIM_NOT_SETTLED']);
    const found = await repo.orderInvoice(tx, o.id);
    // Locked before this row refers to it (the foreign key's share lock would otherwise let two
    // credit notes of one invoice deadlock on the lock applyCreditNote takes, decision 964).
    const inv = found && (await repo.lockInvoice(tx, found.id));
    if (!inv || !inv.number || !inv.issueDate) return waiting(['INVOICE_NOT_ISSUED']);
    precedingInvoiceId = inv.id;
    draft = await creditNoteDraft(tx, o, { id: row.claimId!, credit: claim.credit }, { number: inv.number, issueDate: inv.issueDate }, today);
  }
  if (o.sellerId === null) return waiting(['SELLER_MISSING']);
  let outcome;
  try {
    outcome = await numberInvoice(tx, o.sellerId, draft);
  } catch (err) {
    // Data no invoice can carry (a control character, a name over 200 characters): a person must fix it.
    if (err instanceof ZodError) return waiting(['INVALID_DATA']);
    throw err;
  }
  if (outcome.status === 'needsData') return waiting(outcome.reasons);
  if (outcome.status === 'unsupported') return waiting([outcome.reason]);
  const a = outcome.invoice.amounts;
  const issued = await storeIssued(tx, id, {
    status: 'ISSUED',
    number: outcome.number,
    needs: [],
    precedingInvoiceId,
    issueDate: draft.issueDate,
    dueDate: draft.payment.dueDate,
    currency: 'EUR',
    ...repo.storedAmounts(a),
    input: outcome.input as unknown as Record<string, unknown>,
  });
  if (issued === 'NUMBER_CONFLICT') return { result: 'attention', row, reason: 'NUMBER_CONFLICT' };
  // A credit note lowers its invoice's balance, or becomes a refund due (decision 964), in this transaction.
  return { result: 'issued', row: row.kind === 'CREDIT_NOTE' ? await applyCreditNote(tx, issued) : issued };
}

/**
 * Renders and stores the documents of an issued row. A failure is logged, left to the next pass,
 * and told to the admins once (RENDER_FAILED, decision 971); the row keeps its number and status.
 */
export async function renderAndStore(deps: Pick<IssueDeps, 'db' | 'log' | 'mailer' | 'bus'>, id: number, input: unknown) {
  try {
    const docs = await renderInvoiceDocuments(input as InvoiceInput);
    await repo.storeDocuments(deps.db, id, docs);
    return true;
  } catch (err) {
    deps.log.error({ err, invoice: id }, 'could not render an invoice');
    try {
      const fx = await deps.db.transaction(async (tx) => {
        const row = await repo.lockInvoice(tx, id);
        return row ? alertAdmins(tx, row, 'RENDER_FAILED') : undefined;
      });
      await sendAttention(deps, fx);
    } catch (alertErr) {
      deps.log.error({ err: alertErr, invoice: id }, 'could not tell the admins of an invoice whose documents failed');
    }
    return false;
  }
}

/** After the commit: the documents of what was issued, the admins' notices and e-mails of what was not. */
async function afterCommit(deps: IssueDeps, out: RowOutcome) {
  if (out.result === 'issued') await renderAndStore(deps, out.row.id, out.row.input);
  if (out.result === 'attention') {
    if (out.error) deps.log.error({ err: out.error, invoice: out.row.id }, 'an invoice could not be issued');
    else deps.log.error({ invoice: out.row.id, reason: out.reason }, 'an invoice needs attention');
    await sendAttention(deps, out.effects);
  }
  return out;
}

/** The invoice of one order: made if missing, issued if it can be (idempotent). */
export async function issueForOrder(deps: IssueDeps, orderId: number, today = todayInParis()) {
  const out = await deps.db.transaction((tx) => issueOrderIn(tx, orderId, today));
  return out && afterCommit(deps, out);
}

/** The order's invoice in the caller's transaction; null when the order is not (or no longer) invoiceable. */
export async function issueOrderIn(tx: Tx, orderId: number, today: string) {
  // Share-locked: a cancellation (which locks the order for update, decision 966) waits for this
  // invoice and credits it, or this pass waits for the cancellation and finds the order CANCELLED.
  const o = await orders.lockRowShared(tx, orderId);
  if (!o || !o.receivedNetKg || (o.status !== 'DELIVERED' && o.status !== 'CLOSED')) return null;
  return completeRow(tx, await repo.ensureOrderInvoice(tx, o), today);
}

/** The credit note of one settled claim with a credit (idempotent). */
export async function issueForClaim(deps: IssueDeps, claimId: number, today = todayInParis()) {
  const out = await deps.db.transaction((tx) => issueClaimIn(tx, claimId, today));
  return out && afterCommit(deps, out);
}

/** The claim's credit note in the caller's transaction; null when it has none to issue. */
export async function issueClaimIn(tx: Tx, claimId: number, today: string) {
  const claim = await settledClaim(tx, claimId);
  if (!claim || claim.credit <= 0) return null;
  const o = await orders.findRow(tx, claim.orderId);
  if (!o || o.status === 'CANCELLED') return null;
  return completeRow(tx, await repo.ensureCreditNote(tx, { claimId, order: o }), today);
}

/**
 * Invoicing as a reaction to the trade's events (decisions 1001, 1010): a delivered order's invoice
 * and a settled claim's credit note are issued in the dispatcher's transaction, a second after the
 * fact; a cancelled order's credit note, issued in the cancellation's own transaction (decision 966),
 * gets its documents here. Documents are rendered after the commit. Nothing scans the orders or the
 * claims: a delivered order left without its invoice is a broken rule of the books (ORDER_INVOICED),
 * which the hourly reconciliation reports.
 */
export function invoicingProcessor(deps: IssueDeps): Processor {
  return {
    name: 'invoicing',
    events: ['order.delivered', 'order.cancelled', 'claim.accepted', 'claim.decided'],
    async handle(tx, e) {
      if (e.name === 'order.cancelled') return afterCancellationOf(deps, tx, e.subjectId);
      const today = todayInParis();
      const out = e.subject === 'order' ? await issueOrderIn(tx, e.subjectId, today) : await issueClaimIn(tx, e.subjectId, today);
      return out ? () => afterCommit(deps, out) : undefined;
    },
  };
}

/**
 * What follows a cancellation's commit, from its event: the documents of the credit note it issued,
 * or, when that credit note could not be issued, the admins' notices on the bell (recorded, with
 * their e-mails, in the cancellation's transaction).
 */
async function afterCancellationOf(deps: IssueDeps, tx: Tx, orderId: number) {
  const row = await repo.cancellationCreditNote(tx, orderId);
  if (!row) return undefined;
  if (row.status === 'NEEDS_ATTENTION') {
    const reasons = (row.needs ?? []) as InvoiceAttentionReason[];
    const noticeIds = await attentionNoticeIds(tx, row.id, reasons);
    return noticeIds.length ? () => sendAttention(deps, { noticeIds }) : undefined;
  }
  if (row.status !== 'ISSUED' && row.status !== 'PAID') return undefined;
  if (await repo.documentsStored(tx, row.id)) return undefined;
  return () => renderAndStore(deps, row.id, row.input);
}

/**
 * The books' side of an order's cancellation (decision 966), in the cancellation's transaction,
 * which holds the order's row lock: the documents never issued are removed (no number was given),
 * and an issued sale invoice gets the cancellation's credit note for what remains uncredited, issued
 * here and applied to the invoice (its balance falls, or a refund is due on what was paid). The
 * credit note's row is unique per order, so a second cancellation attempt finds it instead of adding one.
 */
export async function creditCancelledOrder(tx: Tx, orderId: number, today = todayInParis()): Promise<RowOutcome | null> {
  await repo.deleteUnissuedOfOrder(tx, orderId);
  const found = await repo.orderInvoice(tx, orderId);
  if (!found || (found.status !== 'ISSUED' && found.status !== 'PAID') || found.total === null) return null;
  const inv = await repo.lockInvoice(tx, found.id);
  const credited = await repo.issuedCredits(tx, inv!.id, null);
  if (repo.decimalToCents(inv!.total) - credited.totalCents <= 0) return null;
  const o = await orders.findRow(tx, orderId);
  return completeRow(tx, await repo.ensureCancellationCreditNote(tx, o!), today);
}

/** Tries a waiting row again (the job, or the operator's retry after the company data was fixed). */
export async function retry(deps: IssueDeps, id: number, today = todayInParis()) {
  const out = await deps.db.transaction((tx) => completeRow(tx, id, today, deps.commission));
  return afterCommit(deps, out);
}

const BATCH = 100;

/**
 * The invoicing job's pass over its own rows (new ones come from the events, invoicingProcessor):
 * rows waiting for data or attention tried again, documents a crash left unrendered, and the due-date
 * reminders. Every step is idempotent, so overlapping passes on several instances issue each document once.
 */
export async function runInvoicing(deps: IssueDeps, now = Date.now()) {
  const today = todayInParis(now);
  // attention: rows this pass left NEEDS_ATTENTION; renderFailed: issued rows whose documents failed;
  // failed: steps that threw outside a row's attempt (the database away). Any of them fails the job's run.
  const counts = { issued: 0, waiting: 0, rendered: 0, reminded: 0, attention: 0, renderFailed: 0, failed: 0 };
  // A row this pass flagged waits for the next pass (or the operator's retry): tried again at once, it
  // would only repeat the same failure or hide it behind an immediate second number.
  const flagged = new Set<number>();
  const tally = (r: Awaited<ReturnType<typeof issueForOrder>>) => {
    if (r?.result === 'issued') counts.issued++;
    else if (r?.result === 'needsData') counts.waiting++;
    else if (r?.result === 'attention') {
      counts.attention++;
      flagged.add(r.row.id);
    }
  };
  const guarded = async (what: object, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      counts.failed++;
      deps.log.error({ err, ...what }, 'invoicing step failed');
    }
  };
  // Invoices first: a credit note waits for the invoice it corrects.
  for (const w of await repo.waitingInvoices(deps.db, BATCH)) {
    if (!flagged.has(w.id)) await guarded({ invoice: w.id }, async () => tally(await retry(deps, w.id, today)));
  }
  for (const m of await repo.withoutDocuments(deps.db, BATCH)) {
    if (await renderAndStore(deps, m.id, m.input)) counts.rendered++;
    else counts.renderFailed++;
  }
  await guarded({ step: 'reminders' }, async () => {
    counts.reminded = await sendReminders(deps, today);
  });
  return counts;
}

/**
 * The commission job's pass (decision 850): the previous month's commission invoices, each issued
 * once whatever the number of overlapping passes, then their documents rendered.
 */
export async function runCommission(deps: IssueDeps, now = Date.now()) {
  if (!deps.commission) return { issued: 0, waiting: 0, attention: 0, renderFailed: 0, failed: 0 };
  const { issued, waiting, attention, failed } = await chargeMonth(deps, deps.commission, todayInParis(now));
  let renderFailed = 0;
  for (const row of issued) if (!(await renderAndStore(deps, row.id, row.input))) renderFailed++;
  for (const a of attention) await afterCommit(deps, a);
  return { issued: issued.length, waiting, attention: attention.length, renderFailed, failed };
}

/**
 * One reminder per unpaid invoice on its due date (decision 822): marked in the transaction that queues
 * it with its `mail.queued` event (the mail-delivery processor sends it after the commit).
 */
export async function sendReminders(deps: IssueDeps, today: string): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDueForReminder(tx, today, BATCH);
      for (const inv of due) {
        const buyer = await repo.currentCompany(tx, inv.buyerId);
        const input = inv.input as unknown as InvoiceInput;
        if (buyer?.email) {
          const lng = input.language;
          const mail = renderInvoiceReminder({
            language: lng,
            company: buyer.companyName,
            number: inv.number!,
            seller: input.seller.name,
            order: input.orderNumber ?? '',
            total: formatEuro(Number(inv.total), lng),
            dueDate: formatDay(inv.dueDate!, lng, 'long'),
            url: deps.publicOrigin ? `${deps.publicOrigin.replace(/\/$/, '')}/user/invoices?invoice=${inv.id}` : undefined,
          });
          await queueMailEvent(tx, [{ ...mail, to: { name: buyer.companyName, address: buyer.email }, language: lng, company: buyer.companyName }]);
        }
        await repo.updateInvoice(tx, inv.id, { reminderSentAt: new Date() });
      }
      return due.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
