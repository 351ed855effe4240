import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import type { OutgoingMail } from './mailer.js';

export type OutboxRow = typeof outbox.$inferSelect;

// The outbox: every message, kept with its status (decision 124). Messages are queued with their
// `mail.queued` events by `queueMailEvent` and sent by delivery.ts (decision 1009); this file reads it.

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

/** The newest messages first, for the admin outbox page. */
export const listOutbox = (db: Db, limit: number, offset: number) =>
  db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset);
export const countOutbox = async (db: Db) => db.$count(outbox);
/** The number of messages not sent yet (`pending`). */
export const countPendingMails = (db: Executor) => db.$count(outbox, eq(outbox.status, 'pending'));
