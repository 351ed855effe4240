import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { LANGUAGES, type Language } from '@primeur/shared';
import { HttpError } from './http-error.js';

/**
 * CSV as spreadsheet programs read and write it (decision 885): UTF-8 with a BOM, `;` and a decimal
 * comma for French, German and Spanish readers (their Excel splits on `;`), `,` and a decimal point
 * for English ones; dates ISO. Reading takes either separator and either decimal mark.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const dialectFor = (lang: Language): CsvDialect => (lang === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' });

/** The reader's language: `?lang=` first, else the browser's Accept-Language, else English. */
export function readerLanguage(lang: string | undefined, accept: string | undefined): Language {
  const pick = (s: string | undefined) => (LANGUAGES as readonly string[]).find((l) => s?.trim().toLowerCase().startsWith(l)) as Language | undefined;
  if (pick(lang)) return pick(lang)!;
  for (const part of (accept ?? '').split(',')) {
    const l = pick(part.split(';')[0]);
    if (l) return l;
  }
  return 'en';
}

/** A cell a spreadsheet would run: = + - @ first, or a tab / carriage return (DDE and friends). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

/** A number in the reader's format, `digits` decimals at most (trailing zeros kept, as amounts read). */
export function csvNumber(value: number | string | null | undefined, digits: number, dialect: CsvDialect): string | null {
  if (value === null || value === undefined || value === '') return null;
  const s = Number(value).toFixed(digits);
  return dialect.decimal === ',' ? s.replace('.', ',') : s;
}

/**
 * One cell: text quoted with inner quotes doubled, and text that starts like a formula made inert with
 * a leading apostrophe, so a company named "=HYPERLINK(…)" stays text. Numbers (already formatted by
 * csvNumber, passed as `{ n }`) are written bare: a negative amount is data, not a formula.
 */
export function csvCell(value: CsvValue | { n: string | null }): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.n ?? '';
  if (typeof value === 'number') return String(value);
  const s = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${s.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: Array<CsvValue | { n: string | null }>, dialect: CsvDialect) => cells.map(csvCell).join(dialect.separator) + '\r\n';

/** The header line, after the BOM that tells Excel the file is UTF-8. */
export const csvHead = (columns: readonly string[], dialect: CsvDialect) => '\ufeff' + columns.join(dialect.separator) + '\r\n';

// ---- reading ----

export interface CsvRecord {
  /** The spreadsheet's line number of the record (the header is line 1). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
  separator: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The separator of the header line: the most frequent of `;` `,` tab outside quotes. */
function detectSeparator(text: string): string {
  const first = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]! += 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![1] > 0 ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0] : ',';
}

/**
 * Reads an uploaded CSV with csv-parse, streaming record by record: refuses a file that is not UTF-8,
 * holds NUL bytes (binary), cannot be parsed, has no header, or has more than `maxRows` data rows (the
 * reading stops there, so a 100 000-row file costs no more than the limit).
 */
export async function readCsv(buffer: Buffer, maxRows: number): Promise<CsvTable> {
  let text: string;
  try {
    text = utf8.decode(buffer);
  } catch {
    throw new HttpError(400, 'CSV_BAD_ENCODING', 'The file is not UTF-8 text.', [{ path: 'file', message: 'CSV_BAD_ENCODING' }]);
  }
  if (text.includes('\u0000'))
    throw new HttpError(400, 'CSV_UNREADABLE', 'The file holds NUL bytes: it is not a CSV text.', [{ path: 'file', message: 'CSV_UNREADABLE' }]);
  const separator = detectSeparator(text);
  const parser = Readable.from([text]).pipe(
    parse({ bom: true, delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, max_record_size: 64 * 1024 }),
  );
  let header: string[] | undefined;
  const records: CsvRecord[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((h) => h.trim());
        continue;
      }
      // A line of empty cells (a spreadsheet's trailing ;;;;) is no row.
      if (record.every((c) => c.trim() === '')) continue;
      if (records.length >= maxRows) {
        parser.destroy();
        throw new HttpError(413, 'CSV_TOO_MANY_ROWS', `The file has more than ${maxRows} rows.`, [{ path: 'file', message: 'CSV_TOO_MANY_ROWS' }]);
      }
      records.push({ line: info.lines, cells: record });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, 'CSV_UNREADABLE', 'The file cannot be read as CSV.', [{ path: 'file', message: 'CSV_UNREADABLE' }]);
  }
  if (!header || header.every((h) => h === '')) throw new HttpError(400, 'CSV_EMPTY', 'The file has no header line.', [{ path: 'file', message: 'CSV_EMPTY' }]);
  return { header, records, separator };
}

/** A cell typed as a formula (=, +, @, a tab or CR first; - first unless a plain number follows). */
export function looksLikeFormula(raw: string): boolean {
  if (!FORMULA_START.test(raw)) return false;
  return !/^-\d+([.,]\d+)?$/.test(raw.trim());
}

/** Our own export's escape (a leading apostrophe before a formula character) read back as the text it protects. */
export const unescapeCell = (raw: string) => (/^'[=+\-@\t\r]/.test(raw) ? raw.slice(1) : raw);

/** A decimal with a point or a comma (1.25, 1,25); no thousands separators, no sign, no exponent. */
export function parseDecimal(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,12}([.,]\d+)?$/.test(s)) return null;
  return Number(s.replace(',', '.'));
}
