import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { articles, boxes, packagings } from './catalog.js';
import { contacts } from './companies.js';
import { users } from './users.js';

/** A product request sent to suppliers (spec §3 "product request payload"), kept for the record. */
export const productRequests = pgTable(
  'product_requests',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'restrict' }),
    packagingId: integer('packaging_id').references(() => packagings.id, { onDelete: 'restrict' }),
    boxId: integer('box_id').references(() => boxes.id, { onDelete: 'restrict' }),
    caliber: text('caliber').notNull(),
    volume: numeric('volume', { precision: 12, scale: 3 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_requests_dates_order', sql`${t.startDate} <= ${t.endDate}`), check('product_requests_volume_pos', sql`${t.volume} > 0`)],
);

/**
 * Every email the app produces, whatever became of it (decision 124): `pending` before the send,
 * then `sent` (accepted by the SMTP server), `failed` (with the error) or `outbox` (no SMTP server is
 * configured, so the message waits here for a human to read it on /intern/outbox).
 */
export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed', 'outbox']);

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').references(() => productRequests.id, { onDelete: 'set null' }),
    /** The contact may be deleted later; the address and name below keep what was sent. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    toName: text('to_name').notNull().default(''),
    /** The recipient's company, as it was named when the message was written. */
    company: text('company').notNull().default(''),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: emailStatusEnum('status').notNull().default('pending'),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_request_idx').on(t.requestId)],
);

/** Binary content: pg gives a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * Files sent with an outbox message (the sale confirmation PDF), stored as sent so a resend sends the
 * same bytes. A file too slow to make inside the writer's transaction is queued with its `source`
 * (what to render) and no content: its owner fills it after the commit, or its sweep after a crash;
 * the message is not sent before (decision 723).
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: serial('id').primaryKey(),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content'),
    source: jsonb('source').$type<{ kind: 'order-confirmation'; orderId: number; language: string }>(),
  },
  (t) => [
    index('outbox_attachments_outbox_idx').on(t.outboxId),
    index('outbox_attachments_unrendered_idx')
      .on(t.id)
      .where(sql`content is null`),
  ],
);
