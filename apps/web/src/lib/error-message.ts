import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale, type ClientErrorCode, type ErrorCode } from '@primeur/shared';
import { ApiError } from './api';

export interface ErrorMessageOptions {
  /**
   * Where a form's own field messages live (e.g. 'supplier-products:reasons'): a refusal whose first
   * detail names one of them ('startAfterEnd', …) is explained by that message rather than the code's.
   */
  details?: string;
  /** The reader's language, for numbers inside the message (a wait in minutes). */
  lng?: string;
  /**
   * A screen's own wording of some codes, tried in order before errors.json: key prefixes such as
   * 'room:errors' (the auction room says 'Someone bid first' where errors.json says 'too low').
   */
  own?: string[];
  /** Values the screen formats itself (an amount in euros), over the refusal's raw fields of the same name. */
  values?: Record<string, unknown>;
}

/** The machine code of any failure: the server's, NETWORK when no answer came, UNKNOWN otherwise. */
export function errorCode(err: unknown): ErrorCode | ClientErrorCode {
  return err instanceof ApiError ? err.code : 'UNKNOWN';
}

/**
 * The one way to turn a failure into text for the reader: the translated message of its code
 * (packages/shared/src/i18n/locales/<lng>/errors.json, a message for every code in four languages),
 * filled with the refusal's extra fields (`minimum`, `highest`, `when` …).
 */
export function errorMessage(err: unknown, t: TFunction, options: ErrorMessageOptions = {}): string {
  const detail = err instanceof ApiError ? err.body?.details?.[0]?.message : undefined;
  if (options.details && detail) {
    const [ns, prefix] = options.details.split(':') as [string, string | undefined];
    const text = t(prefix ? `${prefix}.${detail}` : detail, { ns, defaultValue: '' });
    if (text) return text;
  }
  const code = errorCode(err);
  const keys = [...(options.own ?? []).map((prefix) => `${prefix}.${code}`), `errors:${code}`];
  return t(keys, { ...interpolation(err, options.lng), ...options.values, defaultValue: t('errors:UNKNOWN') });
}

/**
 * A wait as words in the reader's language ("45 seconds", "5 minutes", "2 hours"): the one
 * formatter of "try again in …" (a 429's `retryAfterSeconds`).
 */
export function waitText(seconds: number, lng: string | undefined): string {
  const [value, unit] =
    seconds < 90 ? [Math.max(1, Math.round(seconds)), 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(displayLocale(lng), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The refusal's extra fields, and `when` for a wait the server gives in seconds. */
function interpolation(err: unknown, lng: string | undefined): Record<string, unknown> {
  if (!(err instanceof ApiError) || !err.body) return {};
  const { error: _e, code: _c, details: _d, ...extra } = err.body;
  const seconds = extra.retryAfterSeconds;
  if (typeof seconds !== 'number' || !(seconds > 0)) return extra;
  return { ...extra, when: waitText(seconds, lng) };
}

/** `errorMessage` bound to the current language. */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (err: unknown, options?: Omit<ErrorMessageOptions, 'lng'>) => errorMessage(err, t, { ...options, lng: i18n.resolvedLanguage }),
    [t, i18n.resolvedLanguage],
  );
}
