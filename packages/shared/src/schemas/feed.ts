import { z } from 'zod';
import { FEED_EVENT_TYPES, FEED_PAGE_DEFAULT, FEED_PAGE_MAX } from '../constants/feed.js';

/** A sequence number of a company's feed: 0 (before the first entry) up to 2^53 − 1. */
const sequence = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `GET /api/v1/events?after=&limit=`: the entries after `after` (0: from the start), oldest first. */
export const feedQuery = z
  .object({
    after: sequence.default(0),
    limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
  })
  .strict();
export type FeedQuery = z.infer<typeof feedQuery>;

export const feedEntry = z.object({
  /** This company's number for the entry: 1, 2, 3… without a gap. */
  sequence: z.number().int(),
  /** The event's id: the same for every company that sees it, and the webhook's `webhook-id` (evt_<id>). */
  id: z.string(),
  type: z.enum(FEED_EVENT_TYPES),
  occurredAt: z.string(),
  /** The resource as the API showed it to this company when the event was taken (an order, a claim, an invoice…). */
  data: z.record(z.string(), z.unknown()),
});
export type FeedEntry = z.infer<typeof feedEntry>;

export const feedPage = z.object({
  items: z.array(feedEntry),
  /** The `after` of the next call: the last entry's sequence, or the same `after` when none came. */
  next: z.number().int(),
});
export type FeedPage = z.infer<typeof feedPage>;
