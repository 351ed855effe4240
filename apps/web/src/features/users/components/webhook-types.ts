import type { FeedEventType, WebhookDeliveryStatus } from '@primeur/shared';

/** The feed's types by what they are about, in the order of the form's groups. */
export const GROUPS = ['order', 'claim', 'purchase_request', 'invoice', 'lot'] as const;
export const groupOf = (type: FeedEventType) => (type.startsWith('credit_note.') ? 'invoice' : (type.slice(0, type.indexOf('.')) as (typeof GROUPS)[number]));
/** A type's words in the reader's language (`order.shipped` → types.order.shipped). */
export const typeKey = (type: FeedEventType) => `types.${type}`;

/** A delivery's status as a badge colour. */
export const STATUS_VARIANT: Record<WebhookDeliveryStatus, string> = { pending: 'secondary', failed: 'warning', delivered: 'success', abandoned: 'danger' };
