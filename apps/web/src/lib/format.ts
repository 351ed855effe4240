import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale, formatDecimal, formatEuro, type FormatEuroOptions } from '@primeur/shared';

/** Country name in the reader's language from its ISO code (the server stores English names). */
export function countryName(alpha2: string, lng: string, fallback?: string) {
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(alpha2.toUpperCase()) ?? fallback ?? alpha2;
  } catch {
    return fallback ?? alpha2;
  }
}

export type EuroOptions = FormatEuroOptions;

/**
 * THE way the web app shows an amount (decision 610): Intl.NumberFormat in the reader's language,
 * currency EUR — en `€3.10`, fr/de/es `3,10 €` — 2 decimals unless told (`decimals: 3` for an
 * average), `perKg` appends "/kg"; "–" when there is no amount. The same shared formatter writes the
 * server's e-mails, so a price reads alike on screen and in the mail.
 */
export function euro(value: number | string | null | undefined, lng: string | undefined, options?: EuroOptions): string {
  return formatEuro(value, lng, options);
}

/** `euro` bound to the language the page is shown in (follows a language switch). */
export function useEuro(): (value: number | string | null | undefined, options?: EuroOptions) => string {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useCallback((value, options) => formatEuro(value, lng, options), [lng]);
}

/** A percentage (a discount) in the reader's language, up to 2 decimals: en "2.5%", fr/de/es "2,5 %". */
export function percent(value: number | string | null | undefined, lng: string | undefined): string {
  const n = formatDecimal(value, lng, { maxDecimals: 2 });
  if (n === '') return '–';
  return (lng ?? 'en').startsWith('en') ? `${n}%` : `${n} %`;
}

/** `percent` bound to the language the page is shown in. */
export function usePercent(): (value: number | string | null | undefined) => string {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useCallback((value) => percent(value, lng), [lng]);
}

/** A weight in kg in the reader's language, thousands grouped: en "6,400 kg", fr "6 400 kg" (no-break space before kg). */
export function kg(value: number | string | null | undefined, lng: string | undefined): string {
  const n = formatDecimal(value, lng, { maxDecimals: 2 });
  return n === '' ? '–' : `${n}\u00a0kg`;
}

/** `kg` bound to the language the page is shown in. */
export function useKg(): (value: number | string | null | undefined) => string {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return useCallback((value) => kg(value, lng), [lng]);
}

/** A signed whole percent in the reader's language: en "+4%", fr "+4 %" (narrow no-break space), "−12 %"; 0 → "0%". */
export function signedPercent(value: number, lng: string | undefined): string {
  return new Intl.NumberFormat(displayLocale(lng), { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(value / 100);
}
