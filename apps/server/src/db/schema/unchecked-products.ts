import { date, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { qualityClassEnum } from './listings.js';
import type { CatalogMatch, Lookalike } from '../../lib/offers/lookalike.js';

export const inboundSourceEnum = pgEnum('inbound_source', ['whatsapp', 'paste']);

/**
 * Every offer message received (WhatsApp webhook) or pasted by staff, kept whole so reviewers see
 * what the supplier really wrote. `externalId` is the WhatsApp message id: unique, so a message
 * delivered twice by Meta's retries is imported once.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: serial('id').primaryKey(),
    source: inboundSourceEnum('source').notNull(),
    externalId: text('external_id'),
    /** E.164 of the sender when known (WhatsApp), null for pasted text. */
    fromPhone: text('from_phone'),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending → parsing → parsed | failed (decision 522); parsing again is allowed from failed. */
    status: text('status', { enum: ['pending', 'parsing', 'parsed', 'failed'] })
      .notNull()
      .default('parsed'),
    parseError: text('parse_error'),
    attempts: integer('attempts').notNull().default(0),
    /** When an instance took the message to parse it; an old claim is taken over (the instance died). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    parsedAt: timestamp('parsed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('inbound_messages_external_uq').on(t.externalId)],
);

export type { CatalogMatch, Lookalike };

/** One offer line awaiting review (spec §3 "unchecked product"); moving it creates a supplier variant. */
export const uncheckedProducts = pgTable(
  'unchecked_products',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    /** The supplier whose contact sent the message; null for an unknown number or pasted text. */
    supplierId: integer('supplier_id').references(() => companies.id, { onDelete: 'set null' }),
    line: text('line').notNull(),
    productName: text('product_name').notNull(),
    origin: text('origin').notNull().default(''),
    packaging: text('packaging').notNull().default(''),
    box: text('box').notNull().default(''),
    caliber: text('caliber').notNull().default(''),
    /** EU class as the offer states it ("cat I"), or as the operator set it; null when not stated (decision 915). */
    qualityClass: qualityClassEnum('quality_class'),
    priceKg: numeric('price_kg', { precision: 12, scale: 3 }),
    priceColis: numeric('price_colis', { precision: 12, scale: 3 }),
    pricePiece: numeric('price_piece', { precision: 12, scale: 3 }),
    /** Pallets. */
    volume: numeric('volume', { precision: 10, scale: 2 }),
    startDate: date('start_date'),
    lookalike: jsonb('lookalike').$type<Lookalike>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unchecked_products_message_idx').on(t.messageId), index('unchecked_products_created_idx').on(t.createdAt, t.id)],
);
