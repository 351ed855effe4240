import { desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from './mailer.js';

export type OutboxRow = typeof outbox.$inferSelect;

export interface QueuedMail extends OutgoingMail {
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
      const { messageId } = await mailer.send({
        to: { name: row.toName, address: row.toAddress },
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      await db.update(outbox).set({ status: 'sent', messageId, sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db.update(outbox).set({ status: 'failed', error }).where(eq(outbox.id, row.id));
    }
  }
  return ids.length ? db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id) : [];
}

/** The newest messages first, for the admin outbox page. */
export const listOutbox = (db: Db, limit: number, offset: number) =>
  db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset);
export const countOutbox = async (db: Db) => db.$count(outbox);
