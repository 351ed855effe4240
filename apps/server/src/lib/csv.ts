import { Readable, pipeline } from 'node:stream';
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

/** What a CSV is read from: the uploaded bytes as they arrive (a multipart file stream), or a whole buffer. */
export type CsvSource = Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Bytes decoded and parsed between two turns of the event loop: at most ~400 rows of 5 bytes. A row
 * whose cell count differs from the header's costs csv-parse an error object (a stack trace and a
 * JSON copy of the row, ~0.1 ms on a busy machine) even when relaxed, so a piece of short ragged rows
 * is the slowest to parse: 2 kB keeps it to tens of milliseconds.
 */
const PIECE_BYTES = 2 * 1024;
/** Records read between two turns of the event loop, whatever the pieces hold. */
const RECORDS_PER_TURN = 1000;
/** The longest record (and header line) read: a longer one is no spreadsheet row. */
const MAX_RECORD_BYTES = 64 * 1024;

/** Lets the event loop run: the other requests are answered while a file is read. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const fileError = (status: number, code: 'CSV_BAD_ENCODING' | 'CSV_UNREADABLE' | 'CSV_EMPTY', message: string) =>
  new HttpError(status, code, message, [{ path: 'file', message: code }]);

/**
 * The file's text in pieces of at most PIECE_BYTES, decoded as UTF-8 as the bytes come (refused at the
 * first byte that is not UTF-8, or a NUL: binary), with a turn of the event loop after each piece.
 */
async function* textPieces(source: CsvSource): AsyncGenerator<string> {
  // `fatal`: a Latin-1 export is refused, not read with replacement characters. The BOM is dropped.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array) => {
    let text: string;
    try {
      text = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw fileError(400, 'CSV_BAD_ENCODING', 'The file is not UTF-8 text.');
    }
    if (text.includes('\u0000')) throw fileError(400, 'CSV_UNREADABLE', 'The file holds NUL bytes: it is not a CSV text.');
    return text;
  };
  for await (const chunk of source instanceof Uint8Array ? [source] : source) {
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
      const text = decode(chunk.subarray(at, at + PIECE_BYTES));
      if (text) yield text;
      await nextTurn();
    }
  }
  const rest = decode();
  if (rest) yield rest;
}

/**
 * Reads an uploaded CSV with csv-parse as a stream (decision 1013): the bytes are decoded and parsed
 * as they arrive, a piece at a time with a turn of the event loop between pieces, so other requests
 * are answered meanwhile. Refuses a file that is not UTF-8, holds NUL bytes (binary), cannot be
 * parsed, has no header, or has more than `maxRows` data rows: the reading stops at row maxRows + 1
 * (and the rest of the upload is never parsed), so a file of 10⁶ short rows costs what the limit does.
 * Lines of empty cells (a spreadsheet's trailing ;;;;) are no rows, but more than `maxRows` of them
 * are refused alike.
 */
export async function readCsv(source: CsvSource, maxRows: number): Promise<CsvTable> {
  const pieces = textPieces(source);
  // The separator is the header line's: the first pieces are kept until that line is whole.
  const head: string[] = [];
  let headLength = 0;
  while (headLength <= MAX_RECORD_BYTES) {
    const next = await pieces.next();
    if (next.done) break;
    head.push(next.value);
    headLength += next.value.length;
    if (next.value.includes('\n')) break;
  }
  const separator = detectSeparator(head.join(''));
  const text = async function* () {
    yield* head;
    yield* pieces;
  };
  const parser = parse({
    bom: true,
    delimiter: separator,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  // One piece in flight at a time; an error of the text (encoding, NUL) ends the parser with it.
  pipeline(Readable.from(text(), { highWaterMark: 1 }), parser, () => {});
  const tooMany = () =>
    new HttpError(413, 'CSV_TOO_MANY_ROWS', `The file has more than ${maxRows} rows.`, [
      { path: 'file', message: 'CSV_TOO_MANY_ROWS' },
      { path: 'maxRows', message: String(maxRows) },
    ]);
  let header: string[] | undefined;
  const records: CsvRecord[] = [];
  let read = 0;
  let blank = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (++read % RECORDS_PER_TURN === 0) await nextTurn();
      if (!header) {
        header = record.map((h) => h.trim());
        continue;
      }
      // A line of empty cells (a spreadsheet's trailing ;;;;) is no row.
      if (record.every((c) => c.trim() === '')) {
        if (++blank > maxRows) throw tooMany();
        continue;
      }
      if (records.length >= maxRows) throw tooMany();
      records.push({ line: info.lines, cells: record });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw fileError(400, 'CSV_UNREADABLE', 'The file cannot be read as CSV.');
  } finally {
    // Leaving early (a refusal) stops the parser and, through the pipeline, the reading of the upload.
    parser.destroy();
  }
  if (!header || header.every((h) => h === '')) throw fileError(400, 'CSV_EMPTY', 'The file has no header line.');
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
