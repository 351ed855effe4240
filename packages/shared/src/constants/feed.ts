import type { ApiScope } from './api-tokens.js';

/**
 * The change feed's event types (issue 34 §2, decision 1011), each with the token scope that reads it.
 * A company's feed holds the events of its own trade only: its orders as buyer or seller, their claims
 * and purchase requests, its invoices and credit notes (issued or received), and its lots' outcomes.
 */
export const FEED_EVENT_SCOPES = {
  'order.confirmed': 'orders:read',
  'order.shipped': 'orders:read',
  'order.delivered': 'orders:read',
  'order.cancelled': 'orders:read',
  'order.closed': 'orders:read',
  'claim.filed': 'orders:read',
  'claim.accepted': 'orders:read',
  'claim.proposed': 'orders:read',
  'claim.rejected': 'orders:read',
  'claim.escalated': 'orders:read',
  'claim.decided': 'orders:read',
  'purchase_request.filed': 'orders:read',
  'purchase_request.accepted': 'orders:read',
  'purchase_request.declined': 'orders:read',
  'purchase_request.countered': 'orders:read',
  'purchase_request.expired': 'orders:read',
  'invoice.issued': 'invoices:read',
  'invoice.paid': 'invoices:read',
  'credit_note.issued': 'invoices:read',
  'lot.sold': 'lots:read',
  'lot.unsold': 'lots:read',
} as const satisfies Record<string, ApiScope>;

export type FeedEventType = keyof typeof FEED_EVENT_SCOPES;
export const FEED_EVENT_TYPES = Object.keys(FEED_EVENT_SCOPES) as FeedEventType[];
/** The scopes that read at least one type of the feed: a token needs one of them to read it. */
export const FEED_SCOPES = [...new Set(Object.values(FEED_EVENT_SCOPES))] as ApiScope[];

/** Entries per page of `GET /api/v1/events`: 100 unless asked, at most 1000. */
export const FEED_PAGE_DEFAULT = 100;
export const FEED_PAGE_MAX = 1000;
