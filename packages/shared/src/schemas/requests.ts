import { z } from 'zod';
import { CALIBER_MAX_LENGTH } from '../constants/limits.js';
import { dbId, isoDate, text } from './common.js';
import { threeDecimals } from './supplier-products.js';

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'outbox'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Spec §3 product request payload: ids for product, packaging and box; caliber and volume required (§5). */
export const productRequest = z
  .object({
    product: dbId,
    packaging: dbId.nullable().optional(),
    box: dbId.nullable().optional(),
    caliber: text().trim().min(1, 'caliberRequired').max(CALIBER_MAX_LENGTH, 'caliberInvalid'),
    volume: z.number({ error: 'volumeRequired' }).positive('volumeRequired').max(1e6).refine(threeDecimals, 'threeDecimals'),
    startDate: isoDate,
    endDate: isoDate,
    contacts: z
      .array(dbId)
      .min(1, 'selectContact')
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'duplicate'),
  })
  .refine((r) => r.startDate <= r.endDate, { message: 'startAfterEnd', path: ['endDate'] });
export type ProductRequest = z.input<typeof productRequest>;

export const emailMessage = z.object({
  id: z.number().int(),
  requestId: z.number().int().nullable(),
  contactId: z.number().int().nullable(),
  to: z.string(),
  toName: z.string(),
  company: z.string(),
  language: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(EMAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailMessage = z.infer<typeof emailMessage>;

export const productRequestSent = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  messages: z.array(emailMessage),
});
export type ProductRequestSent = z.infer<typeof productRequestSent>;

export const outboxQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export const outboxPage = z.object({ content: z.array(emailMessage), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export type OutboxPage = z.infer<typeof outboxPage>;
