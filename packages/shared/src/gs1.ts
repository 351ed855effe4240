/**
 * GS1 numbers of the pallet labels: check digits, GTINs, SSCCs (Serial Shipping Container Codes)
 * built from a seller's GS1 company prefix, the platform's own pallet numbers for sellers without
 * one, and the element strings of the GS1-128 barcodes (GS1 General Specifications, sections 3 and 7.9).
 * Pure functions: the server prints the labels with them, the web may check a prefix or a GTIN.
 */

const DIGITS = /^\d+$/;

/**
 * The GS1 mod-10 check digit of `digits` (the number without its check digit): the digits weighted
 * 3, 1, 3, … from the right, and the step from their sum up to the next multiple of ten.
 */
export function gs1CheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) throw new RangeError(`not a string of digits: "${digits}"`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** True when `s` is all digits of the given length and its last digit is the GS1 check digit of the others. */
const checked = (s: string, lengths: readonly number[]) =>
  DIGITS.test(s) && lengths.includes(s.length) && gs1CheckDigit(s.slice(0, -1)) === Number(s[s.length - 1]);

/** A GTIN-8, GTIN-12 (UPC), GTIN-13 (EAN) or GTIN-14: 8, 12, 13 or 14 digits with a correct check digit. */
export function isValidGtin(s: string): boolean {
  return checked(s, [8, 12, 13, 14]);
}

/** A GTIN in its 14-digit form, left-padded with zeros (as AI (01) and (02) carry it). Throws a RangeError on an invalid GTIN. */
export function toGtin14(s: string): string {
  if (!isValidGtin(s)) throw new RangeError(`not a valid GTIN: "${s}"`);
  return s.padStart(14, '0');
}

/**
 * A GS1 company prefix a seller may build SSCCs from: 7 to 11 digits (GS1 allocates prefixes of
 * these lengths for SSCCs), not starting with 2. Numbers starting with 2 are GS1's restricted
 * circulation range (in-store and variable-measure numbers): no company owns them, so an SSCC built
 * from one would not be unique worldwide. Other special ranges (coupons, ISBN/ISSN 977–979) are not
 * refused here: GS1 never issues them as company prefixes, so a seller has none to enter.
 */
export function isValidGs1CompanyPrefix(s: string): boolean {
  return /^\d{7,11}$/.test(s) && !s.startsWith('2');
}

/** The serial reference digits an SSCC leaves after the prefix (16 − prefix length: 17 digits minus the extension digit). */
function serialDigits(prefix: string): number {
  if (!isValidGs1CompanyPrefix(prefix)) throw new RangeError(`not a GS1 company prefix: "${prefix}"`);
  return 16 - prefix.length;
}

/**
 * How many distinct SSCCs a company prefix gives: 10 extension digits × 10^(16 − prefix length)
 * serial references (10^10 for a 7-digit prefix, 10^6 for an 11-digit one). Throws a RangeError on
 * an invalid prefix.
 */
export function ssccCapacity(prefix: string): number {
  return 10 * 10 ** serialDigits(prefix);
}

/**
 * The n-th SSCC of a company prefix (n from 0), 18 digits: the extension digit floor(n / 10^k), the
 * prefix, the serial reference n mod 10^k on k = 16 − prefix length digits, then the check digit.
 * Distinct n give distinct SSCCs. Throws a RangeError when n is not a safe non-negative integer or
 * is not below ssccCapacity(prefix), or when the prefix is invalid.
 */
export function buildSscc(prefix: string, n: number): string {
  const k = serialDigits(prefix);
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a non-negative safe integer: ${n}`);
  const references = 10 ** k;
  if (n >= 10 * references) throw new RangeError(`SSCC number ${n} beyond the prefix's capacity (${10 * references})`);
  const body = `${Math.floor(n / references)}${prefix}${String(n % references).padStart(k, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** An SSCC: 18 digits with a correct check digit. */
export function isValidSscc(s: string): boolean {
  return checked(s, [18]);
}

/**
 * The platform's own pallet number, for sellers without a GS1 company prefix: the order number and
 * the pallet's place in it, `PRM-2026-000123-P01` (at least two digits). The `-P` keeps it from ever
 * being 18 digits, so it cannot be taken for an SSCC. Throws a RangeError when seq is not a positive
 * integer.
 */
export function internalPalletNumber(orderNumber: string, seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`not a pallet sequence number: ${seq}`);
  return `${orderNumber}-P${String(seq).padStart(2, '0')}`;
}

/** The human-readable form of GS1 element strings, each AI in parentheses before its value: `(00)106141411234567897(02)…`. */
export function gs1ElementString(fields: ReadonlyArray<readonly [ai: string, value: string]>): string {
  return fields.map(([ai, value]) => `(${ai})${value}`).join('');
}

/** A calendar day as the GS1 date AIs ((11) production, (13) packaging, (15), (17)) carry it: `2026-11-20` → `261120`. Throws a RangeError on anything but a real YYYY-MM-DD day. */
export function gs1Date(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]))
    throw new RangeError(`not a calendar day: "${isoDate}"`);
  return `${m[1]!.slice(2)}${m[2]}${m[3]}`;
}

/**
 * A net weight as AI (3102) carries it: kg with 2 decimals, on 6 digits (950 kg → `095000`), rounded
 * to the hundredth. Throws a RangeError when the rounded weight is not above 0 or above 9999.99 kg.
 */
export function gs1Weight3102(kg: number): string {
  // toFixed first: 1.005 × 100 is 100.49999…, the hundredth the seller typed is 100.5.
  const hundredths = Number.isFinite(kg) ? Math.round(Number((kg * 100).toFixed(6))) : NaN;
  if (!(hundredths >= 1 && hundredths <= 999_999)) throw new RangeError(`net weight out of AI (3102)'s range (0.01–9999.99 kg): ${kg}`);
  return String(hundredths).padStart(6, '0');
}

/**
 * A batch or lot number AI (10) can carry: 1 to 20 characters of GS1 AI encodable character set 82
 * (digits, A–Z, a–z and ! " % & ' ( ) * + , - . / : ; < = > ? _ ; no space, no accent).
 */
export function isGs1Batch(s: string): boolean {
  return /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/.test(s);
}
