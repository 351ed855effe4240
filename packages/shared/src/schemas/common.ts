import { z } from 'zod';
import { ERROR_CODES } from '../constants/errors.js';
import { isIsoDay } from '../dates.js';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_DB_ID = 2_147_483_647;

/** An id in a JSON body: an integer in 1…2^31−1 (a larger one would fail in the database). */
export const dbId = z.number().int('invalidId').min(1, 'invalidId').max(MAX_DB_ID, 'invalidId');

/**
 * An id in a path or query string: decimal digits only, 1…2^31−1. No hex (`0x10`), spaces (` 1`),
 * exponents (`1e3`), signs or leading zeros, which a plain number coercion would accept.
 */
export const dbIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'invalidId')
  .refine((s) => Number(s) <= MAX_DB_ID, 'invalidId')
  .transform((s) => Number(s));

/** An id of a `bigserial` column in a path: decimal digits only, 1…2^53−1. */
export const dbBigIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'invalidId')
  .refine((s) => Number(s) <= Number.MAX_SAFE_INTEGER, 'invalidId')
  .transform((s) => Number(s));

/** `{id}` path parameter. */
export const idParam = z.object({ id: dbIdText });

/** Single-line text: no C0 control character (NUL, tab, line breaks, escape…) and no DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line text: tab, line feed and carriage return allowed; the other C0 controls and DEL refused. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A string for one-line fields (names, addresses, codes): control characters are refused. */
export const text = () => z.string().regex(SINGLE_LINE_TEXT, 'controlCharacters');
/** A string for multi-line fields (descriptions, messages, notes). */
export const multilineText = () => z.string().regex(MULTI_LINE_TEXT, 'controlCharacters');

export const errorBody = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Standard address pattern used by the login and registration forms. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The contact forms' looser text@text rule (spec §5). */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export const emailField = text()
  .trim()
  .min(1, 'required')
  .max(254)
  .regex(EMAIL_PATTERN, 'invalidEmail')
  .transform((v) => v.toLowerCase());

/** Years a calendar day may carry anywhere in the API: wide enough for history and plans, never year 9999. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

/** A calendar day, YYYY-MM-DD, that exists, between MIN_YEAR and MAX_YEAR. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
  .refine((s) => {
    const year = Number(s.slice(0, 4));
    return isIsoDay(s) && year >= MIN_YEAR && year <= MAX_YEAR;
  }, 'invalidDate');

/** An instant (ISO date-time with offset) between MIN_YEAR and MAX_YEAR. */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'invalidDate' }).refine((s) => {
  const y = new Date(s).getUTCFullYear();
  return y >= MIN_YEAR && y <= MAX_YEAR;
}, 'invalidDate');

/** `{productId}` path parameter (a PostgreSQL integer). */
export const productIdParam = z.object({ productId: dbIdText });
