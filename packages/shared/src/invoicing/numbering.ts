import { foldForSearch } from '../search.js';

/**
 * Invoice numbers `{PREFIX}-YYYY-NNNNN` and credit-note numbers `{PREFIX}-CN-YYYY-NNNNN`: one
 * continuous series per seller, kind and year (decisions 762, 970). A number is unique per issuer,
 * not across sellers: two sellers may choose the same prefix. The prefix is the seller's choice in
 * the company settings; until then one is derived from the company name.
 */

/** The kind marker of a credit note's number: a fourth part, so never one of the invoice series (prefixes hold no dash). */
export const CREDIT_NOTE_MARKER = 'CN';

/** A prefix a seller may set: a letter then letters or digits, 2 to 10 characters, upper case. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;
export const INVOICE_PREFIX_MAX_LENGTH = 10;

/** Legal forms and small words that say nothing about which company it is. */
const NOISE = new Set([
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sca',
  'scea',
  'earl',
  'gaec',
  'sci',
  'snc',
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'ev',
  'sl',
  'slu',
  'sll',
  'scoop',
  'srl',
  'spa',
  'bv',
  'nv',
  'vof',
  'bvba',
  'sprl',
  'lda',
  'ltd',
  'llc',
  'inc',
  'co',
  'cie',
  'et',
  'and',
  'und',
  'y',
  'e',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'l',
  'd',
  'del',
  'los',
  'las',
  'el',
  'der',
  'die',
  'das',
  'von',
  'van',
  'den',
  'het',
  'di',
  'da',
  'do',
  'dos',
  'the',
  'of',
  'sp',
  'z',
  'oo',
  'as',
  'ab',
  'oy',
  'aps',
]);

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = { ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'Th', ı: 'i' };
function transliterate(s: string): string {
  return s.replace(/[øØłŁđĐþÞı]/g, (c) => LETTERS[c] ?? c);
}

/**
 * 3 to 6 upper-case ASCII letters from the folded company name: "Les Vergers du Roussillon SARL" →
 * "VERROU", "Frischmarkt GmbH" → "FRISCH", "Agrícola Hermanos Pérez Martínez" → "AHPM".
 */
export function defaultInvoicePrefix(companyName: string): string {
  const words = foldForSearch(transliterate(companyName))
    // "S.L.", "o.o." are one word each.
    .replace(/\./g, '')
    .split(/[^a-z0-9]+/)
    .map((w) => w.replace(/[^a-z]/g, ''))
    .filter(Boolean);
  const meaningful = words.filter((w) => !NOISE.has(w));
  const source = meaningful.length ? meaningful : words;
  let prefix: string;
  if (source.length >= 3) prefix = source.map((w) => w[0]).join('');
  else if (source.length === 2) prefix = source[0]!.slice(0, 3) + source[1]!.slice(0, 3);
  else prefix = (source[0] ?? '').slice(0, 6);
  prefix = prefix.slice(0, 6).toUpperCase();
  // Too short to read as a series of its own ("A B", "Ö"): complete it so it is never empty.
  return prefix.length >= 3 ? prefix : (prefix + 'INV').slice(0, 3);
}

/** Normalizes a prefix typed by a user; null when it cannot be one. */
export function parseInvoicePrefix(text: string): string | null {
  const s = text.trim().toUpperCase();
  return INVOICE_PREFIX_PATTERN.test(s) ? s : null;
}

/** The number of a seller's document: `{PREFIX}-YYYY-NNNNN` for an invoice, `{PREFIX}-CN-YYYY-NNNNN` for a credit note. */
export function formatInvoiceNumber(prefix: string, year: number, n: number, kind: 'INVOICE' | 'CREDIT_NOTE' = 'INVOICE'): string {
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new RangeError(`invoice prefix ${prefix}`);
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`year ${year}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`number ${n}`);
  const marker = kind === 'CREDIT_NOTE' ? `${CREDIT_NOTE_MARKER}-` : '';
  return `${prefix}-${marker}${year}-${String(n).padStart(5, '0')}`;
}
