import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from './mailer.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** A file to send with a message: its bytes, or what to render after the commit (`source`). */
export interface QueuedAttachment {
  filename: string;
  contentType: string;
  content?: Buffer;
  source?: AttachmentSource;
}
export type AttachmentSource = NonNullable<typeof outboxAttachments.$inferSelect.source>;

export interface QueuedMail extends Omit<OutgoingMail, 'attachments'> {
  attachments?: QueuedAttachment[];
  language: string;
  company: string;
  requestId?: number;
  contactId?: number;
}

/** Records messages as `pending`, inside the caller's transaction, before anything leaves. */
export async function queueMail(db: Executor, mails: QueuedMail[]) {
  if (!mails.length) return [];
  const rows = await db
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
  if (files.length) await db.insert(outboxAttachments).values(files);
  return rows.map((r) => r.id);
}

/**
 * Sends the pending messages (after the caller's commit: no mail for a request that was rolled back)
 * and records each outcome. A failed send is recorded with its error, never thrown away; the other
 * messages still go.
 */
export async function deliverQueued(db: Db, mailer: Mailer, ids: number[]): Promise<OutboxRow[]> {
  for (const row of ids.length ? await db.select().from(outbox).where(inArray(outbox.id, ids)) : []) {
    if (row.status !== 'pending') continue;
    if (mailer.mode === 'outbox') {
      await db.update(outbox).set({ status: 'outbox' }).where(eq(outbox.id, row.id));
      continue;
    }
    try {
      const attachments = await db
        .select({ filename: outboxAttachments.filename, contentType: outboxAttachments.contentType, content: outboxAttachments.content })
        .from(outboxAttachments)
        .where(eq(outboxAttachments.outboxId, row.id))
        .orderBy(outboxAttachments.id);
      // A file still to be rendered: the message waits (its owner or its sweep renders it, then sends).
      if (attachments.some((a) => a.content === null)) continue;
      const { messageId } = await mailer.send({
        to: { name: row.toName, address: row.toAddress },
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(attachments.length ? { attachments: attachments.map((a) => ({ ...a, content: a.content! })) } : {}),
      });
      await db.update(outbox).set({ status: 'sent', messageId, sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db.update(outbox).set({ status: 'failed', error }).where(eq(outbox.id, row.id));
    }
  }
  return ids.length ? db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id) : [];
}

/**
 * Puts a failed or kept message back to `pending` so `deliverQueued` sends it again. A `pending`
 * message is being sent by someone else (or its process died mid-send): it is left alone, so two
 * clicks never send one message twice. Answers 'missing', 'sent', 'pending' or 'queued'.
 */
export async function requeue(db: Db, id: number): Promise<'missing' | 'sent' | 'pending' | 'queued'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!row) return 'missing';
    if (row.status === 'sent' || row.status === 'pending') return row.status;
    await tx.update(outbox).set({ status: 'pending', error: null }).where(eq(outbox.id, id));
    return 'queued';
  });
}

/** The newest messages first, for the admin outbox page. */
export const listOutbox = (db: Db, limit: number, offset: number) =>
  db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset);
export const countOutbox = async (db: Db) => db.$count(outbox);
/** The number of messages not sent yet (`pending`). */
export const countPendingMails = (db: Executor) => db.$count(outbox, eq(outbox.status, 'pending'));

/** Files queued with a `source` and not rendered yet, oldest first (a sweep after a crash). */
export function unrenderedAttachments(db: Db, limit: number, outboxIds?: number[], afterId = 0) {
  return db
    .select({ id: outboxAttachments.id, outboxId: outboxAttachments.outboxId, source: outboxAttachments.source })
    .from(outboxAttachments)
    .where(
      and(
        isNull(outboxAttachments.content),
        gt(outboxAttachments.id, afterId),
        outboxIds ? inArray(outboxAttachments.outboxId, outboxIds.length ? outboxIds : [0]) : undefined,
      ),
    )
    .orderBy(asc(outboxAttachments.id))
    .limit(limit);
}

/** Stores a rendered file (only once: a second renderer finds it filled and changes nothing). */
export async function fillAttachment(db: Db, id: number, content: Buffer) {
  await db
    .update(outboxAttachments)
    .set({ content })
    .where(and(eq(outboxAttachments.id, id), isNull(outboxAttachments.content)));
}
