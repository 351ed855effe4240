import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import { emit, type Processor } from '../../events/events.js';
import type { Mailer } from './mailer.js';
import { queueMail, type AttachmentSource, type QueuedMail } from './outbox.js';

/**
 * E-mails that leave through the event backbone (issue 33 §3, decision 1003): queued in the writer's
 * transaction with a `mail.queued` event, sent by the `mail-delivery` processor after the commit. An
 * instance stopped between the two sends them at its restart, once.
 */

/** Makes a file queued with a `source` (the sale confirmation): registered by its module when the app is built. */
export type AttachmentRenderer = (db: Executor, source: AttachmentSource) => Promise<Buffer | null>;

/** Queues messages and their `mail.queued` events in the caller's transaction. Returns the outbox ids. */
export async function queueMailEvent(tx: Executor, mails: QueuedMail[]): Promise<number[]> {
  const ids = await queueMail(tx, mails);
  // No company sees these events: a message is its recipient's, never part of a change feed.
  for (const id of ids) await emit(tx, { name: 'mail.queued', subject: 'mail', subjectId: id, payload: { outboxId: id }, companyIds: [] });
  return ids;
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
