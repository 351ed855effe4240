import { z } from 'zod';
import { FEED_EVENT_TYPES } from '../constants/feed.js';
import {
  isLoopbackHost,
  WEBHOOK_DELIVERIES_PAGE_DEFAULT,
  WEBHOOK_DELIVERIES_PAGE_MAX,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_URL_MAX_LENGTH,
} from '../constants/webhooks.js';
import { dbBigIdText, dbIdText } from './common.js';

/** No white space, control character (C0, DEL, C1) or bidirectional override anywhere in an address. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PLAIN = /^[^\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;

const parse = (s: string) => {
  try {
    return new URL(s);
  } catch {
    return undefined;
  }
};

/**
 * An endpoint's address (decision 1012): an absolute http(s) URL of at most 2000 characters, no
 * credentials in it, https unless the host is the local machine written as such (`localhost`,
 * `127.0.0.1`, `[::1]`, for development: the server refuses those too in production, and checks where
 * the name leads). Kept as the URL parser writes it (`HTTPS://Example.com` → `https://example.com/`).
 */
export const webhookUrl = z
  .string()
  .trim()
  .min(1, 'urlRequired')
  .max(WEBHOOK_URL_MAX_LENGTH, 'urlTooLong')
  .regex(PLAIN, 'controlCharacters')
  .superRefine((s, ctx) => {
    const u = parse(s);
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname) {
      ctx.addIssue({ code: 'custom', message: 'invalidUrl' });
      return;
    }
    if (u.username || u.password) ctx.addIssue({ code: 'custom', message: 'credentialsInUrl' });
    if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) ctx.addIssue({ code: 'custom', message: 'httpsRequired' });
    if (u.href.length > WEBHOOK_URL_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: 'urlTooLong' });
  })
  .transform((s) => new URL(s).href);

/** The event types an endpoint receives, each once; none listed means every type of the feed. */
export const webhookTypes = z
  .array(z.enum(FEED_EVENT_TYPES, 'unknownType'))
  .max(FEED_EVENT_TYPES.length, 'duplicateType')
  .refine((a) => new Set(a).size === a.length, 'duplicateType');

/** `POST /api/users/webhooks`. */
export const createWebhookInput = z.object({ url: webhookUrl, types: webhookTypes.default([]) }).strict();
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

/** `PATCH /api/users/webhooks/{id}`: any of the three, at least one. */
export const updateWebhookInput = z
  .object({ url: webhookUrl.optional(), types: webhookTypes.optional(), enabled: z.boolean().optional() })
  .strict()
  .refine((o) => o.url !== undefined || o.types !== undefined || o.enabled !== undefined, 'nothingToChange');
export type UpdateWebhookInput = z.input<typeof updateWebhookInput>;

/** An endpoint as its company's list shows it: never its secret. */
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  /** Empty: every type of the feed. */
  types: z.array(z.enum(FEED_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is off: `manual` (the company) or `failing` (72 hours without a success); null when on. */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The feed's sequence taken up to: later entries are still to come to this endpoint. */
  position: z.number().int(),
  /** Since when every attempt failed (null when the last one succeeded or none failed). */
  failingSince: z.string().nullable(),
  /** Deliveries waiting or being retried. */
  backlog: z.number().int(),
  /** The last attempt made to it, if any. */
  lastAttempt: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      statusCode: z.number().int().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The answer to a creation: the endpoint with its signing secret, shown this once. */
export const createdWebhook = webhookEndpoint.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

/** The answer to a rotation: the new secret (shown once), and until when the previous one still signs beside it. */
export const rotatedWebhookSecret = z.object({ secret: z.string(), previousValidUntil: z.string() });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecret>;

export const webhookIdParam = z.object({ id: dbIdText });
export const webhookDeliveryParams = z.object({ id: dbIdText, deliveryId: dbBigIdText });

/** A feed sequence number: 0 up to 2^53 − 1. */
const sequence = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `GET /api/users/webhooks/{id}/deliveries`: newest first (by sequence), before `before`, of one status if asked. */
export const webhookDeliveriesQuery = z
  .object({
    before: sequence.optional(),
    limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(WEBHOOK_DELIVERIES_PAGE_DEFAULT),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  })
  .strict();
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

/** One event's delivery to one endpoint (a resend or a replay sends the same row again, under the same id). */
export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The event's id, sent as `webhook-id`: the same on every attempt, resend and replay. */
  eventId: z.string(),
  sequence: z.number().int(),
  type: z.enum(FEED_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is planned (pending and failed deliveries). */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt; null when none came (timeout, refused, closed). */
  lastStatusCode: z.number().int().nullable(),
  /** What went wrong at the last attempt, in a few words (English, for the developer). */
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryPage = z.object({
  items: z.array(webhookDelivery),
  /** The `before` of the next page; null at the end. */
  next: z.number().int().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

/** `POST /api/users/webhooks/{id}/replay`: send again every entry of the feed after this sequence. */
export const replayWebhookInput = z.object({ after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }).strict();
export type ReplayWebhookInput = z.input<typeof replayWebhookInput>;

export const replayedWebhook = z.object({
  /** The endpoint takes the feed again from here. */
  after: z.number().int(),
  /** The feed's last sequence now: the entries after `after` up to it are sent again, in order. */
  upTo: z.number().int(),
});
export type ReplayedWebhook = z.infer<typeof replayedWebhook>;
