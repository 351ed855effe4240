/**
 * Webhooks to the Standard Webhooks specification (issue "An API for the traders' own systems", part 3,
 * decision 1012): a company's endpoints receive its change feed (decision 1011), one signed POST per event.
 */

/** Endpoints a company may hold at once (the 11th is 409 TOO_MANY_WEBHOOKS). */
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 10;
/** An endpoint's address: at most this many characters, before and after normalisation. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Every secret starts with it (the Standard Webhooks form: `whsec_` and the key in base64). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a secret's key (the specification asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;
/** After a rotation, the previous secret signs beside the new one for this long, so a receiver can switch without a gap. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** A delivery is retried with back-off for this long after its first attempt, then abandoned; an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 72;

/**
 * A delivery's state: `pending` (not tried yet, or being sent), `failed` (its last attempt failed, another
 * is planned), `delivered` (a 2xx answer), `abandoned` (still failing 72 h after its first attempt).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'failed', 'delivered', 'abandoned'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an endpoint is off: switched off by the company, or disabled after failing for 72 hours. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** Deliveries per page of an endpoint's log. */
export const WEBHOOK_DELIVERIES_PAGE_DEFAULT = 50;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 200;

/** Whether an address's host is the local machine written as such (http:// is allowed there in development). */
export const isLoopbackHost = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname.toLowerCase());
