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
  return t(errorCode(err), { ns: 'errors', ...interpolation(err, options.lng), defaultValue: t('UNKNOWN', { ns: 'errors' }) });
}

/** The refusal's extra fields, and `when` for a wait the server gives in seconds. */
function interpolation(err: unknown, lng: string | undefined): Record<string, unknown> {
  if (!(err instanceof ApiError) || !err.body) return {};
  const { error: _e, code: _c, details: _d, ...extra } = err.body;
  const seconds = extra.retryAfterSeconds;
  if (typeof seconds !== 'number') return extra;
  const [value, unit] = seconds < 90 ? [Math.max(1, Math.round(seconds)), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return { ...extra, when: new Intl.NumberFormat(displayLocale(lng), { style: 'unit', unit, unitDisplay: 'long' }).format(value) };
}

/** `errorMessage` bound to the current language. */
export function useErrorMessage() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (err: unknown, options?: Omit<ErrorMessageOptions, 'lng'>) => errorMessage(err, t, { ...options, lng: i18n.resolvedLanguage }),
    [t, i18n.resolvedLanguage],
  );
}
