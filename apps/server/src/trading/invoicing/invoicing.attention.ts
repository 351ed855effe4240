import type { InvoiceAttentionReason } from '@primeur/shared';
import type { Db, Executor, Tx } from '../../db/client.js';
import { languageForCountry } from '../../documents/email/language.js';
import { queueMailEvent } from '../../documents/email/delivery.js';
import { renderInvoiceAttention, type AttentionDocument } from '../../documents/email/templates/invoice-attention.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { EventBus } from '../../realtime/event-bus.js';
import * as alerts from '../alerts/alerts.service.js';
import * as repo from './invoicing.repository.js';
import { emitInvoiceEvent } from './invoicing.events.js';
import type { InvoiceRow, NewInvoice } from './invoicing.repository.js';

/**
 * Nothing fails silently (decision 971). An invoice that cannot be issued is not rolled back with
 * its row: the attempt runs in a savepoint, and what it could not do leaves the row NEEDS_ATTENTION
 * with its reason code, committed, and tells the operator's admins once (bell and e-mail, one notice
 * per invoice and reason whatever the number of passes). The job and the operator's retry try it
 * again like a row that waits for data.
 */

export type IssueResult = 'issued' | 'needsData' | 'unchanged' | 'attention';

/** What the bell shows after the commit (the e-mails leave through their own events). */
export interface AttentionEffects {
  noticeIds: number[];
}

export interface RowOutcome {
  result: IssueResult;
  row: InvoiceRow;
  reason?: InvoiceAttentionReason;
  /** The error behind ISSUE_FAILED, for the log. */
  error?: unknown;
  effects?: AttentionEffects;
}

const NUMBER_INDEXES = ['invoices_seller_number_uq', 'invoices_operator_number_uq'];

/**
 * Writes an issued row with its number in a savepoint. When the number is already another document's
 * of the same issuer (its counter is behind its documents: a restored backup, a hand-edited row), the
 * write is undone but the counter keeps the number it moved to: that number exists, so skipping it
 * leaves no gap, and the next attempt takes the one after.
 */
export async function storeIssued(tx: Tx, id: number, values: Partial<NewInvoice>): Promise<InvoiceRow | 'NUMBER_CONFLICT'> {
  try {
    return await tx.transaction(async (sp) => {
      const row = await repo.updateInvoice(sp, id, values);
      // Its number given: the `invoice.issued` or `credit_note.issued` event commits with it, or neither.
      if (row.status === 'ISSUED' || row.status === 'PAID') await emitInvoiceEvent(sp, row, 'issued');
      return row;
    });
  } catch (err) {
    if (NUMBER_INDEXES.some((c) => isUniqueViolation(err, c))) return 'NUMBER_CONFLICT';
    throw err;
  }
}

/**
 * Runs one issuing attempt of a locked row in a savepoint. An error undoes the attempt (its number
 * too: no gap) but not the row, which becomes NEEDS_ATTENTION / ISSUE_FAILED; an attempt that ends in
 * a number conflict keeps what it did (the counter moved past a used number) and becomes
 * NEEDS_ATTENTION / NUMBER_CONFLICT. Either way the admins are told in the same transaction.
 */
export async function issueOrFlag(tx: Tx, row: InvoiceRow, attempt: (sp: Tx) => Promise<RowOutcome>): Promise<RowOutcome> {
  let out: RowOutcome;
  try {
    out = await tx.transaction((sp) => attempt(sp));
  } catch (error) {
    out = { result: 'attention', row, reason: 'ISSUE_FAILED', error };
  }
  if (out.result !== 'attention' || !out.reason) return out;
  const flagged = await repo.updateInvoice(tx, row.id, { status: 'NEEDS_ATTENTION', needs: [out.reason] });
  return { ...out, row: flagged, effects: await alertAdmins(tx, flagged, out.reason) };
}

async function documentOf(tx: Executor, row: InvoiceRow, reason: InvoiceAttentionReason): Promise<AttentionDocument> {
  if (reason === 'RENDER_FAILED' && row.number) return { kind: 'numbered', number: row.number };
  const view = await repo.findView(tx, row.id);
  if (row.commissionPeriod) return { kind: 'commission', month: row.commissionPeriod.slice(0, 7), company: view?.buyer.companyName ?? '' };
  if (row.kind === 'CREDIT_NOTE') return { kind: 'creditNote', order: view?.orderNumber ?? '', claim: row.claimId ?? 0 };
  return { kind: 'invoice', order: view?.orderNumber ?? '' };
}

const attentionKey = (invoiceId: number, reason: InvoiceAttentionReason) => `invoice-attention:${invoiceId}:${reason}`;

/**
 * One notice per admin for this invoice and reason (`invoice_attention`), and the e-mail to those who
 * want it, queued with its `mail.queued` event in the same transaction. A later pass with the same
 * reason finds the notices recorded and sends nothing.
 */
export async function alertAdmins(tx: Executor, row: InvoiceRow, reason: InvoiceAttentionReason): Promise<AttentionEffects> {
  const document = await documentOf(tx, row, reason);
  const data: Record<string, unknown> = { invoiceId: row.id, attention: reason };
  if ('order' in document && document.order) data.orderNumber = document.order;
  const recorded = await alerts.recordAdminNotice(tx, { kind: 'invoice_attention', data, dedupeKey: attentionKey(row.id, reason) });
  const fx: AttentionEffects = { noticeIds: [] };
  for (const r of recorded) {
    if (r.notificationId !== undefined) fx.noticeIds.push(r.notificationId);
    if (!r.email) continue;
    const language = languageForCountry(r.recipient.alpha2);
    const mail = renderInvoiceAttention({ language, company: r.recipient.companyName, document, reason });
    await queueMailEvent(tx, [{ ...mail, to: { name: r.recipient.companyName, address: r.recipient.email }, language, company: r.recipient.companyName }]);
  }
  return fx;
}

/** The admins' notices already recorded for this invoice's reasons (a cancellation's credit note told after its commit). */
export async function attentionNoticeIds(tx: Executor, invoiceId: number, reasons: readonly InvoiceAttentionReason[]) {
  return alerts.adminNoticeIds(
    tx,
    reasons.map((reason) => attentionKey(invoiceId, reason)),
  );
}

export interface AttentionDeps {
  db: Db;
  /** The live bell; without it the notices wait in the list until the next fetch. */
  bus?: EventBus;
  log: { error(o: object, m: string): void };
}

/** After the commit: the notices on the bell (a failure is logged; the list shows them at the next fetch). */
export async function sendAttention(deps: AttentionDeps, fx: AttentionEffects | undefined) {
  if (fx?.noticeIds.length && deps.bus) await alerts.publishNotices(deps.db, deps.bus, fx.noticeIds, deps.log);
}
