/**
 * Amounts as people type and read them, one way everywhere (decision 420).
 *
 * Reading: in every language both the comma and the point are accepted as THE decimal separator
 * (traders copy prices from messages written in other languages); thousands may only be grouped with
 * spaces. Anything that could mean two numbers is refused with a reason instead of guessed:
 * two separators (`1,2,3`, `1.234,5`), or the reader's thousands separator followed by exactly three
 * digits (`1,234` in English, `1.234` in German) — except after a leading 0 (`0,001` is never a
 * thousand).
 *
 * Writing: the reader's own conventions through Intl (en: `3.10`, fr/de/es: `3,10`).
 */

export type MoneyLanguage = 'en' | 'fr' | 'de' | 'es';

export type ParseDecimalFailure =
  /** Nothing typed. */
  | 'empty'
  /** Letters or signs that are not part of a number. */
  | 'invalid'
  /** Could be read two ways (two separators, or a thousands separator). */
  | 'ambiguous'
  /** Below zero. */
  | 'negative'
  /** More decimals than the field keeps (`maxDecimals`). */
  | 'tooManyDecimals'
  /** More digits than a number can hold exactly. */
  | 'tooLarge';

export type ParseDecimalResult = { ok: true; value: number } | { ok: false; reason: ParseDecimalFailure };

export interface ParseDecimalOptions {
  /** Decimals the field keeps: 2 for a price, 3 for a volume, 0 for a count. Default 2. */
  maxDecimals?: number;
}

/** Locale tags behind each app language (Europe: en reads like en-GB). */
const LOCALE: Record<MoneyLanguage, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' };

function language(lng: string | undefined): MoneyLanguage {
  const short = (lng ?? 'en').slice(0, 2).toLowerCase();
  return short === 'fr' || short === 'de' || short === 'es' ? short : 'en';
}

/** The reader's decimal mark: `.` in English, `,` in French, German and Spanish. */
export function decimalSeparator(lng: string | undefined): ',' | '.' {
  return language(lng) === 'en' ? '.' : ',';
}

// Spaces people (and Intl in French) put between thousands: space, no-break space, narrow no-break
// space, thin space.
const SPACES = /[\u0020\u00a0\u202f\u2009]/;
const MAX_DIGITS = 15;

export function parseDecimal(text: string, lng: string | undefined, options: ParseDecimalOptions = {}): ParseDecimalResult {
  const maxDecimals = options.maxDecimals ?? 2;
  const s = text.trim();
  if (s === '') return { ok: false, reason: 'empty' };
  if (/^[-\u2212]/.test(s)) {
    // "-1" is a negative number, not a typo: say so ("-abc" is just not a number).
    const rest = parseDecimal(s.slice(1), lng, options);
    return rest.ok ? { ok: false, reason: 'negative' } : rest;
  }
  if (!/^[\d.,\u0020\u00a0\u202f\u2009]+$/.test(s)) return { ok: false, reason: 'invalid' };
  const separators = s.match(/[.,]/g) ?? [];
  if (separators.length > 1) return { ok: false, reason: 'ambiguous' };
  const [intRaw = '', frac = ''] = separators.length ? s.split(/[.,]/) : [s];
  if (SPACES.test(frac)) return { ok: false, reason: 'invalid' };
  // Spaces only as thousands groups: 1 234 567 (first group 1–3 digits, then groups of 3).
  let intDigits = intRaw;
  if (SPACES.test(intRaw)) {
    if (!/^\d{1,3}([\u0020\u00a0\u202f\u2009]\d{3})+$/.test(intRaw)) return { ok: false, reason: 'invalid' };
    intDigits = intRaw.replace(new RegExp(SPACES.source, 'g'), '');
  }
  if (separators.length === 1) {
    if (frac === '' || !/^\d+$/.test(frac)) return { ok: false, reason: 'invalid' };
    if (intDigits !== '' && !/^\d+$/.test(intDigits)) return { ok: false, reason: 'invalid' };
    const readerGroups = decimalSeparator(lng) === '.' ? ',' : '.';
    const ungroupedInt = !SPACES.test(intRaw);
    if (separators[0] === readerGroups && frac.length === 3 && ungroupedInt && /^[1-9]\d{0,2}$/.test(intDigits)) {
      return { ok: false, reason: 'ambiguous' };
    }
  } else if (!/^\d+$/.test(intDigits)) return { ok: false, reason: 'invalid' };
  if (frac.length > maxDecimals) return { ok: false, reason: 'tooManyDecimals' };
  const digits = (intDigits.replace(/^0+/, '') + frac).length;
  if (digits > MAX_DIGITS) return { ok: false, reason: 'tooLarge' };
  return { ok: true, value: Number(`${intDigits === '' ? '0' : intDigits}.${frac || '0'}`) };
}

export interface FormatDecimalOptions {
  /** Exactly this many decimals (e.g. 2 for a price). */
  decimals?: number;
  /** Otherwise: between minDecimals (default 0) and maxDecimals (default 3). */
  minDecimals?: number;
  maxDecimals?: number;
  /** Thousands groups as the language writes them (default) or none (what a field shows: it reads back). */
  grouping?: boolean;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? n : null;
}

/** `3.1` → en "3.10" / fr "3,10" (decimals: 2). Empty string for null, undefined or not a number. */
export function formatDecimal(value: number | string | null | undefined, lng: string | undefined, options: FormatDecimalOptions = {}): string {
  const n = toNumber(value);
  if (n === null) return '';
  const min = options.decimals ?? options.minDecimals ?? 0;
  const max = options.decimals ?? Math.max(min, options.maxDecimals ?? 3);
  return numberFormat(LOCALE[language(lng)], {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    useGrouping: options.grouping ?? true,
  }).format(n);
}

export interface FormatEuroOptions {
  /** Decimals shown; default 2 (spec §9). */
  decimals?: number;
  /** Appends "/kg". */
  perKg?: boolean;
}

/** `3.1` → en "€3.10", fr/de/es "3,10 €"; "–" when there is no amount. */
export function formatEuro(value: number | string | null | undefined, lng: string | undefined, options: FormatEuroOptions = {}): string {
  const n = toNumber(value);
  if (n === null) return '–';
  const decimals = options.decimals ?? 2;
  const text = numberFormat(LOCALE[language(lng)], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n);
  return options.perKg ? `${text}/kg` : text;
}

/** Euro amount → integer cents, without binary drift (2.675 → 268 is not wanted: 267.5 rounds half up). */
export function toCents(euros: number): number {
  return Math.round(Number((euros * 100).toFixed(6)));
}

/**
 * The one rounding rule of order amounts (issue 21): net kg (2 decimals) × price €/kg (2 decimals),
 * computed exactly in integers and rounded half up to the cent. Returns cents; the server stores the
 * result and every screen, e-mail, PDF and invoice reads it, never recomputes it its own way.
 */
export function lineAmountCents(netKg: number, pricePerKg: number): number {
  const kgCenti = BigInt(Math.round(Number((netKg * 100).toFixed(6))));
  const priceCents = BigInt(toCents(pricePerKg));
  // kg×100 · €×100 = cents×100: halve-up at the last division.
  const hundredths = kgCenti * priceCents;
  return Number((hundredths + 50n) / 100n);
}

/** `lineAmountCents` in euros (a number with at most 2 decimals). */
export function lineAmount(netKg: number, pricePerKg: number): number {
  return lineAmountCents(netKg, pricePerKg) / 100;
}

/** Integer cents → euros. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Integer cents → the text a numeric(…, 2) column, an API amount or the invoice XML takes: 105 → "1.05", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
