import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import { emit, type Processor } from '../../events/events.js';
import type { Mailer } from './mailer.js';
import type { AttachmentSource, OutboxRow, QueuedMail } from './outbox.js';

/**
 * E-mails that leave through the event backbone (issue 33 §3, decisions 1003 and 1009): queued in the
 * writer's transaction with a `mail.queued` event, sent by the `mail-delivery` processor after the
 * commit. An instance stopped between the two sends them at its restart, once. An operator's send
 * that answers with each message's status (`sendQueuedNow`) takes the processor's own path.
 */

/** Makes a file queued with a `source` (the sale confirmation): registered by its module when the app is built. */
export type AttachmentRenderer = (db: Executor, source: AttachmentSource) => Promise<Buffer | null>;

/**
 * Queues messages (`pending` outbox rows and their files) and their `mail.queued` events in the caller's
 * transaction: the one way a module sends an e-mail (decision 1009). Returns the outbox ids.
 */
export async function queueMailEvent(tx: Executor, mails: QueuedMail[]): Promise<number[]> {
  if (!mails.length) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      mails.map((m) => ({
        requestId: m.requestId ?? null,
        contactId: m.contactId ?? null,
        toAddress: m.to.address,
        toName: m.to.name,
        company: m.company,
        language: m.language,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
      })),
    )
    .returning({ id: outbox.id });
  const files = mails.flatMap((m, i) =>
    (m.attachments ?? []).map((a) => ({
      outboxId: rows[i]!.id,
      filename: a.filename,
      contentType: a.contentType,
      content: a.content ?? null,
      source: a.source ?? null,
    })),
  );
  if (files.length) await tx.insert(outboxAttachments).values(files);
  const ids = rows.map((r) => r.id);
  for (const id of ids) await emitQueued(tx, id);
  return ids;
}

/** A message's `mail.queued` event. No company sees it: a message is its recipient's, never part of a change feed. */
function emitQueued(tx: Executor, id: number) {
  return emit(tx, { name: 'mail.queued', subject: 'mail', subjectId: id, payload: { outboxId: id }, companyIds: [] });
}

/**
 * Puts a failed or kept message back to `pending` with a new `mail.queued` event, in one transaction:
 * the processor sends it even if nobody sends it now. A `pending` message is being sent (or waits for
 * the processor): it is left alone, so two clicks never send one message twice. Answers 'missing',
 * 'sent', 'pending' or 'queued'.
 */
export async function requeueMail(db: Db, id: number): Promise<'missing' | 'sent' | 'pending' | 'queued'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!row) return 'missing';
    if (row.status === 'sent' || row.status === 'pending') return row.status;
    await tx.update(outbox).set({ status: 'pending', error: null }).where(eq(outbox.id, id));
    await emitQueued(tx, id);
    return 'queued';
  });
}

/** A rendered message addressed to a notice's recipient (its company, in its language). */
export function addressedTo(
  recipient: { email: string; companyName: string },
  language: string,
  mail: Omit<QueuedMail, 'to' | 'language' | 'company'>,
): QueuedMail {
  return { ...mail, to: { name: recipient.companyName, address: recipient.email }, language, company: recipient.companyName };
}

export interface MailDeliveryDeps {
  mailer: Mailer;
  /** The domain of the Message-IDs (the sender's): `<outbox-{id}@{domain}>`, the same at every attempt. */
  messageIdDomain: string;
  renderers: Partial<Record<AttachmentSource['kind'], AttachmentRenderer>>;
}

/**
 * Sends one queued message per `mail.queued` event, inside the dispatcher's transaction: the row is
 * locked, its files rendered if they wait for it, the message sent, and its status written with the
 * cursor's move. A message no longer `pending` (sent, kept in the outbox, failed) is left alone, so a
 * replay sends nothing twice. A refused send is recorded as `failed` with its error (the operator
 * sends it again from the outbox page), not retried for ever. The one window left is a stop after the
 * SMTP server took the message and before the commit: it is sent again at the restart (at least once).
 */
export function mailDeliveryProcessor(deps: MailDeliveryDeps): Processor {
  return {
    name: 'mail-delivery',
    events: ['mail.queued'],
    // A pass holds a transaction open while it talks to the SMTP server, and every other processor
    // waits for it to read newer events (decision 1002): a few messages per pass, not hundreds.
    batch: 10,
    async handle(tx, e) {
      await deliverOne(tx, deps, e.subjectId);
    },
  };
}

/**
 * Sends messages queued with their `mail.queued` events (`queueMailEvent`, `requeueMail`) now, after
 * the caller's commit, for an operator's action that answers with each message's status. Each one goes
 * through the processor's own step (`deliverOne`) in a transaction of its own: the row is locked, so a
 * message the processor is sending is waited for and then found sent, and the processor later finds
 * these sent and leaves them alone — each leaves once, under its one Message-ID. A message whose step
 * threw (a renderer, the database) stays `pending`: its event has the processor try again.
 */
export async function sendQueuedNow(db: Db, deps: MailDeliveryDeps, ids: number[]): Promise<OutboxRow[]> {
  for (const id of ids) await db.transaction((tx) => deliverOne(tx, deps, id)).catch(() => undefined);
  return ids.length ? db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(asc(outbox.id)) : [];
}

/** One message's delivery (the processor's and `sendQueuedNow`'s): lock, render what waits, send, record. */
async function deliverOne(tx: Tx, deps: MailDeliveryDeps, id: number) {
  const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
  if (!row || row.status !== 'pending') return;
  const files = await tx.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, id)).orderBy(asc(outboxAttachments.id));
  for (const f of files) {
    if (f.content !== null) continue;
    const render = f.source ? deps.renderers[f.source.kind] : undefined;
    // Its document is gone (or nobody makes it): the message cannot leave complete.
    const content = render && f.source ? await render(tx, f.source) : null;
    if (!content) {
      await tx
        .update(outbox)
        .set({ status: 'failed', error: `the attachment ${f.filename} could not be made` })
        .where(eq(outbox.id, id));
      return;
    }
    await tx
      .update(outboxAttachments)
      .set({ content })
      .where(and(eq(outboxAttachments.id, f.id), isNull(outboxAttachments.content)));
    f.content = content;
  }
  if (deps.mailer.mode === 'outbox') {
    await tx.update(outbox).set({ status: 'outbox' }).where(eq(outbox.id, id));
    return;
  }
  try {
    const { messageId } = await deps.mailer.send({
      to: { name: row.toName, address: row.toAddress },
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      messageId: `<outbox-${row.id}@${deps.messageIdDomain}>`,
      ...(files.length ? { attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content! })) } : {}),
    });
    await tx.update(outbox).set({ status: 'sent', messageId, sentAt: new Date(), error: null }).where(eq(outbox.id, id));
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await tx.update(outbox).set({ status: 'failed', error }).where(eq(outbox.id, id));
  }
}

/** The domain of a sender address (`"Primeur" <no-reply@primeur.example>` → `primeur.example`), for Message-IDs. */
export function messageIdDomain(mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1];
  return domain ?? 'primeur.invalid';
}
