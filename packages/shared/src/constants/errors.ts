/**
 * Machine codes of API errors — the one list (issue 11). The server's `HttpError` accepts only these;
 * every code has a translated message in `i18n/locales/<lng>/errors.json` (a test checks all four
 * languages); the web turns a code into text with `apps/web/src/lib/error-message.ts`; the OpenAPI
 * document lists each route's codes. Add a code here and its four messages.
 */
export const ERROR_CODES = [
  // Any route
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_SIGNED_IN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'CROSS_SITE_REQUEST',
  'INTERNAL',
  // Roles declared on routes (config.access)
  'SUPPLIERS_ONLY',
  'BUYERS_ONLY',
  // Accounts and sessions
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'WRONG_PASSWORD',
  'CANNOT_DISABLE_SELF',
  // API tokens (decision 1008)
  'TOKEN_INVALID',
  'SCOPE_MISSING',
  'TOKEN_IN_URL',
  'TOO_MANY_API_TOKENS',
  // Webhooks (decision 1012)
  'TOO_MANY_WEBHOOKS',
  'WEBHOOK_HTTPS_REQUIRED',
  'WEBHOOK_ADDRESS_REFUSED',
  'WEBHOOK_HOST_UNKNOWN',
  // Companies, contacts, product links
  'COMPANY_EXISTS',
  'COMPANY_IN_USE',
  'CARRIER_EXISTS',
  'CARRIER_NOT_FOR_INCOTERM',
  'NO_COUNTRY',
  'PRODUCT_ALREADY_LINKED',
  'PRODUCT_IN_USE',
  'INVALID_PHONE',
  // Supplier and client price lists
  'VARIANT_NOT_SAME_PRODUCT',
  'PRODUCT_NOT_IN_CLIENT_LIST',
  'PRODUCT_NOT_IN_SUPPLIER_LIST',
  'MISSING_SUPPLIER',
  'NO_PRICE_LIST',
  // Marketplace lots and auctions
  'OWN_PRODUCT',
  'ADMIN_CANNOT_BID',
  'BID_TOO_LOW',
  'AUCTION_CLOSED',
  'NOT_STARTED',
  'PRODUCT_HAS_OFFERS',
  'PRODUCT_NOT_AVAILABLE',
  'STATUS_NOT_TOGGLEABLE',
  'TOO_MANY_PALLETS',
  'BAD_PHOTO',
  'TOO_MANY_PHOTOS',
  'LAST_PHOTO',
  'UNKNOWN_REFERENCE',
  // Outbox, webhooks, prices, weather
  'MAIL_NOT_CONFIGURED',
  'ALREADY_SENT',
  'SENDING',
  'BAD_SIGNATURE',
  'IMPORT_INVALID',
  'NO_PRICE_SOURCES',
  'WEATHER_UNAVAILABLE',
  // Bids, lots and passwords (engine, harden)
  'AMOUNT_INVALID',
  'ALREADY_HIGHEST',
  'MAX_BELOW_MINIMUM',
  'IDEMPOTENCY_KEY_REUSED',
  'DATABASE_UNAVAILABLE',
  'AVAILABLE_UNTIL_PAST',
  'AUCTION_OUTSIDE_AVAILABILITY',
  'AUCTION_START_TOO_FAR',
  'WEAK_PASSWORD',
  'SAME_PASSWORD',
  'PHOTO_TOO_LARGE',
  // Orders and purchase requests (issue 21)
  'NOT_ENOUGH_PALLETS',
  'ILLEGAL_TRANSITION',
  'RECEIVED_MORE_THAN_SHIPPED',
  'SHIPPED_MORE_THAN_ORDERED',
  'REQUEST_NOT_PENDING',
  'RECEIVED_BEFORE_SHIPPED',
  // Books that balance (issue 32): weights both parties can trust, prices that hold
  'WEIGHT_OUT_OF_TOLERANCE',
  'PRICE_CHANGED',
  'NO_COUNTER_OFFER',
  // Delivery documents and quality claims (issue 22)
  'DOCUMENT_NOT_AVAILABLE',
  'ORDER_NOT_DELIVERED',
  // A cancelled order takes no claim and nothing on it is paid (decision 966)
  'ORDER_CANCELLED',
  'CLAIM_WINDOW_CLOSED',
  'CLAIM_ALREADY_OPEN',
  'ONLY_BUYER_CLAIMS',
  'ILLEGAL_CLAIM_STEP',
  'CREDIT_ABOVE_AMOUNT',
  'CLAIM_MORE_THAN_RECEIVED',
  // Invoices (issue 23)
  'INVOICE_NOT_PAYABLE',
  'PAID_BEFORE_ISSUE',
  'OVERPAYMENT',
  // Lot facts and lists (issue 25)
  'UNKNOWN_QUALITY_CLASS',
  'PACKED_ON_FUTURE',
  'UNKNOWN_SORT',
  // CSV in and out (issue 26)
  'CSV_BAD_ENCODING',
  'CSV_UNREADABLE',
  'CSV_EMPTY',
  'CSV_TOO_MANY_ROWS',
  'IMPORT_HAS_ERRORS',
  // Pallets and the trace (issue 37)
  'COMPANY_PREFIX_TAKEN',
  'SSCC_RANGE_EXHAUSTED',
  'PALLET_NOT_ON_ORDER',
  'TRACE_AMBIGUOUS',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes the web makes itself: no answer came, or an answer without a code. */
export const CLIENT_ERROR_CODES = ['NETWORK', 'UNKNOWN'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * Schema messages that stand for a code of their own (issue 25): a refused request whose issues carry
 * one of them answers that code instead of VALIDATION_FAILED, so "a class outside the list" reads
 * UNKNOWN_QUALITY_CLASS; the details keep every issue.
 */
export const ISSUE_CODES: Readonly<Record<string, ErrorCode>> = {
  unknownQualityClass: 'UNKNOWN_QUALITY_CLASS',
  packedInFuture: 'PACKED_ON_FUTURE',
  unknownSort: 'UNKNOWN_SORT',
};

/** The code of a refused request from its issues' messages (ISSUE_CODES), else VALIDATION_FAILED. */
export function codeOfIssues(issues: ReadonlyArray<{ message: string }>): ErrorCode {
  for (const i of issues) {
    const code = ISSUE_CODES[i.message];
    if (code) return code;
  }
  return 'VALIDATION_FAILED';
}

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  details?: Array<{ path: string; message: string }>;
}
