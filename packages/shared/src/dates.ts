/**
 * Dates, one way everywhere (docs/architecture.md, "One home per rule": `dates.ts`).
 *
 * Two kinds of value travel in the API:
 * - a **calendar day** (`IsoDay`, "YYYY-MM-DD"): a day of the market's calendar, Europe/Paris — an
 *   availability end, a price date, a variant's validity. It has no time and no zone; "today" is the
 *   day it is in Paris, whatever the server's or the reader's zone.
 * - an **instant** (ISO 8601 string with a zone, a `Date`, or epoch milliseconds): when an offer was
 *   placed, when an auction ends. It is shown on the market's clock, Europe/Paris, so everyone reads
 *   the same end time (decision 580).
 *
 * Display: one format per language — `formatDay` for calendar days, `formatDateTime` for instants.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants/limits.js';

export const MARKET_TIME_ZONE = 'Europe/Paris';
export const DAY_MS = 86_400_000;

/** "YYYY-MM-DD". */
export type IsoDay = string;
export type Instant = string | number | Date;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The display locale of each language (British English: day before month, 24-hour clock). */
export const DISPLAY_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' };

/** The display locale for a language code such as i18next's `resolvedLanguage` ('fr', 'fr-FR', undefined). */
export function displayLocale(lng: string | undefined | null): string {
  const base = (lng ?? '').slice(0, 2).toLowerCase();
  return DISPLAY_LOCALES[(LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE];
}

function toDate(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

/** True for a "YYYY-MM-DD" string naming a day that exists (2026-02-30 does not). */
export function isIsoDay(s: string): boolean {
  const m = ISO_DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const dayParts = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dayParts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayParts.set(timeZone, f);
  }
  return f;
}

/** The calendar day an instant falls on in Paris (or in `timeZone`). */
export function isoDay(value: Instant, timeZone: string = MARKET_TIME_ZONE): IsoDay {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const parts = Object.fromEntries(
    dayFormatter(timeZone)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today's calendar day in Paris. */
export function todayInParis(now: Instant = Date.now()): IsoDay {
  return isoDay(now);
}

/** The calendar day `n` days after (or before, n < 0) `day`. */
export function addDays(day: IsoDay, n: number): IsoDay {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(t + n * DAY_MS).toISOString().slice(0, 10);
}

/** Today in Paris plus `n` days. */
export function dayInParis(n: number, now: Instant = Date.now()): IsoDay {
  return addDays(todayInParis(now), n);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A calendar day as a date picker holds it: the browser's local midnight of that day. */
export function localDateOfDay(day: IsoDay): Date {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The calendar day a date picker's (browser-local) date stands for. */
export function dayOfLocalDate(d: Date): IsoDay {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `medium` on screens, `long` in documents, `dayMonth` ("22 Nov") on chart axes. */
export type DayStyle = 'medium' | 'long' | 'dayMonth';
const DAY_STYLES: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  dayMonth: { day: 'numeric', month: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `${key}|${locale}`;
  let f = formatters.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, opts);
    formatters.set(k, f);
  }
  return f;
}

/**
 * A calendar day for display: "22 Nov 2026", "22 nov. 2026", "22.11.2026", "22 nov 2026".
 * Takes a calendar day, or an instant (shown as its day in Paris).
 */
export function formatDay(value: IsoDay | Instant, lng: string | undefined | null, style: DayStyle = 'medium'): string {
  const day = typeof value === 'string' && ISO_DAY.test(value) ? value : isoDay(value);
  return formatter(`day-${style}`, displayLocale(lng), { ...DAY_STYLES[style], timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day with its weekday, without the year ("Monday 23 Nov"): forecasts and other near days. */
export function formatWeekday(value: IsoDay, lng: string | undefined | null): string {
  return formatter('weekday', displayLocale(lng), { weekday: 'long', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** Two calendar days as a range ("16–23 Nov 2026"). */
export function formatDayRange(from: IsoDay, to: IsoDay, lng: string | undefined | null): string {
  return formatter('day-medium', displayLocale(lng), { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    new Date(`${from}T00:00:00Z`),
    new Date(`${to}T00:00:00Z`),
  );
}

/** An instant for display, on the market's clock (Paris): "22 Nov 2026, 18:05". */
export function formatDateTime(value: Instant, lng: string | undefined | null): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return formatter('datetime', displayLocale(lng), { dateStyle: 'medium', timeStyle: 'short', timeZone: MARKET_TIME_ZONE }).format(d);
}

/**
 * An instant to the second, on the market's clock (Paris): "22 Nov 2026, 18:05:09". For offers,
 * where the last seconds of an auction decide who leads.
 */
export function formatDateTimeSeconds(value: Instant, lng: string | undefined | null): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return formatter('datetime-seconds', displayLocale(lng), { dateStyle: 'medium', timeStyle: 'medium', timeZone: MARKET_TIME_ZONE }).format(d);
}

/**
 * An instant people plan by, on the market's clock with its weekday: "Sun 29 Nov, 15:30" (the year
 * only when it is not `now`'s year in Paris), and the zone's own short name where the language has
 * one ("CET", "CEST", "MEZ"); `zone` is null where Intl only knows an offset ("UTC+1" in French), so
 * the caller names the zone in words ("heure de Paris"). Decision 710.
 */
export function formatMarketMoment(value: Instant, lng: string | undefined | null, now: Instant = Date.now()): { text: string; zone: string | null } {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return { text: '', zone: null };
  const withYear = isoDay(d).slice(0, 4) !== isoDay(now).slice(0, 4);
  const locale = displayLocale(lng);
  const opts: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZone: MARKET_TIME_ZONE,
  };
  const text = formatter(`moment-${withYear ? 'y' : 'n'}`, locale, opts).format(d);
  const zonePart = formatter('moment-zone', locale, { timeZone: MARKET_TIME_ZONE, timeZoneName: 'short', hour: 'numeric' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')?.value;
  const zone = zonePart && /^\p{L}+$/u.test(zonePart) && !/^(GMT|UTC)$/.test(zonePart) ? zonePart : null;
  return { text, zone };
}
