/** Machine codes of API errors; the web maps each to a translated message. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_SIGNED_IN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'RATE_LIMITED',
  'WRONG_PASSWORD',
  'CROSS_SITE_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'CANNOT_DISABLE_SELF',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  code: ErrorCode | (string & {});
  details?: Array<{ path: string; message: string }>;
}
