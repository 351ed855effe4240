import { AUCTION_OUTCOMES, NOTIFICATION_KINDS, type Notification } from '@primeur/shared';
import type { NotificationRow } from './alerts.repository.js';

const isKind = (k: string): k is Notification['kind'] => (NOTIFICATION_KINDS as readonly string[]).includes(k);
const isOutcome = (k: unknown): k is NonNullable<Notification['data']['outcome']> => (AUCTION_OUTCOMES as readonly unknown[]).includes(k);

/** A notice as the API and the live queue carry it. */
export function presentNotification(row: NotificationRow): Notification {
  const d = row.data;
  const data: Notification['data'] = {};
  if (typeof d.amount === 'number' || d.amount === null) data.amount = d.amount;
  if (typeof d.endsAt === 'string') data.endsAt = d.endsAt;
  if (isOutcome(d.outcome)) data.outcome = d.outcome;
  if (typeof d.count === 'number') data.count = d.count;
  if (typeof d.winnerBidderNumber === 'number') data.winnerBidderNumber = d.winnerBidderNumber;
  if (typeof d.buyerCompanyName === 'string') data.buyerCompanyName = d.buyerCompanyName;
  if (typeof d.orderId === 'number') data.orderId = d.orderId;
  if (typeof d.orderNumber === 'string') data.orderNumber = d.orderNumber;
  if (typeof d.reason === 'string') data.reason = d.reason;
  if (typeof d.invoiceId === 'number') data.invoiceId = d.invoiceId;
  if (typeof d.attention === 'string') data.attention = d.attention;
  if (typeof d.webhookId === 'number') data.webhookId = d.webhookId;
  if (typeof d.url === 'string') data.url = d.url;
  if (typeof d.recallId === 'number') data.recallId = d.recallId;
  if (typeof d.exercise === 'boolean') data.exercise = d.exercise;
  if (Array.isArray(d.codes)) data.codes = d.codes.filter((c): c is string => typeof c === 'string');
  return {
    id: row.id,
    // The table's CHECK constraint admits only the known kinds.
    kind: isKind(row.kind) ? row.kind : 'outbid',
    productId: row.productId,
    productName: row.productName ?? '',
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    data,
  };
}
