import {
  FAMILIES,
  GROWER_PRICE_COLUMNS,
  MARKET_PRICE_COLUMNS,
  PRICE_IMPORT_MAX_ROWS,
  PRICE_KEY_COLUMNS,
  PRICE_OPTIONAL_COLUMNS,
  PRICE_UNITS,
  isoDate,
  round3,
  type GrowerPriceColumn,
  type PriceType,
  type PriceUnit,
} from '@primeur/shared';

/**
 * The import file format, shared by the three ways in (upload, command line, scheduled fetch).
 *
 * CSV: a header line, then one product per line. Columns date (YYYY-MM-DD), source, family
 * (fruits|legumes), name, then either minPrice, maxPrice, avgPrice (market) or firstPrice …
 * fifteenthPrice (grower; only firstPrice required), and optionally unit (kg, piece, box or bunch; kg when
 * absent — decision 860). Comma or semicolon separated; with semicolons a
 * decimal comma is accepted (the usual European spreadsheet export).
 * JSON: { "type": "market"|"grower", "rows": [ { same columns } ] }.
 */
export type PriceFileFormat = 'csv' | 'json';

export type PriceFileReason =
  | 'notText'
  | 'notJson'
  | 'notJsonDocument'
  | 'badType'
  | 'rowNotObject'
  | 'empty'
  | 'badHeader'
  | 'unknownColumn'
  | 'duplicateColumn'
  | 'columnCount'
  | 'unclosedQuote'
  | 'missing'
  | 'tooLong'
  | 'notAPrice'
  | 'outOfRange'
  | 'noRows'
  | 'tooManyRows'
  | 'badDate'
  | 'badFamily'
  | 'badUnit'
  | 'duplicateProduct'
  | 'minAboveMax'
  | 'avgOutside';

export interface ParsedMarketRow {
  line: number;
  date: string;
  source: string;
  family: (typeof FAMILIES)[number];
  name: string;
  unit: PriceUnit;
  minPrice: number;
  maxPrice: number;
  avgPrice: number;
}
export type ParsedGrowerRow = Omit<ParsedMarketRow, 'minPrice' | 'maxPrice' | 'avgPrice'> & Record<GrowerPriceColumn, number | null>;
export type ParsedPriceFile = { type: 'market'; rows: ParsedMarketRow[] } | { type: 'grower'; rows: ParsedGrowerRow[] };

/** A refusal that names the line (CSV) or row (JSON) and why. Line 1 of a CSV is its header. */
export class PriceFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    /** Machine key of the reason with its values, so the dashboard can say it in the reader's language. */
    readonly key: PriceFileReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'PriceFileError';
  }
}

const MAX_PRICE = 100_000;
const MAX_TEXT = 100;

export function detectFormat(fileName: string | undefined, content: string): PriceFileFormat {
  const ext = fileName?.toLowerCase().split('.').pop();
  if (ext === 'json') return 'json';
  if (ext === 'csv') return 'csv';
  return content.trimStart().startsWith('{') ? 'json' : 'csv';
}

export function parsePriceFile(content: string, format: PriceFileFormat): ParsedPriceFile {
  const text = content.replace(/^\uFEFF/, '');
  // A spreadsheet (xlsx, ods) uploaded as is: say what to do rather than "unknown column".
  if (text.includes('\u0000') || text.startsWith('PK\u0003\u0004')) {
    throw new PriceFileError(1, 'this is not a text file: export the sheet as CSV, or send JSON', 'notText');
  }
  return format === 'json' ? parseJson(text) : parseCsv(text);
}

function parseJson(text: string): ParsedPriceFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new PriceFileError(1, `not valid JSON (${(e as Error).message})`, 'notJson');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new PriceFileError(1, 'expected an object { "type", "rows" }', 'notJsonDocument');
  const { type, rows } = doc as { type?: unknown; rows?: unknown };
  if (type !== 'market' && type !== 'grower') throw new PriceFileError(1, 'type must be "market" or "grower"', 'badType');
  if (!Array.isArray(rows)) throw new PriceFileError(1, 'rows must be a list', 'notJsonDocument');
  const records = rows.map((r, i) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw new PriceFileError(i + 1, 'a row must be an object', 'rowNotObject');
    return { line: i + 1, values: r as Record<string, unknown> };
  });
  return validate(type, records, false);
}

function parseCsv(text: string): ParsedPriceFile {
  const firstRaw = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstRaw.match(/;/g)?.length ?? 0) > (firstRaw.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parsed = splitCsvLines(text, delimiter);
  if (!parsed[0] || parsed[0].cells.every((c) => c.trim() === '')) throw new PriceFileError(1, 'the file is empty', 'empty');
  const header = parsed[0]!.cells.map((h) => h.trim());
  const type: PriceType | undefined = header.includes('minPrice') ? 'market' : header.includes('firstPrice') ? 'grower' : undefined;
  if (!type || (header.includes('minPrice') && header.includes('firstPrice'))) {
    throw new PriceFileError(1, 'the header must hold either minPrice, maxPrice, avgPrice (market) or firstPrice … fifteenthPrice (grower)', 'badHeader');
  }
  const allowed = new Set<string>([...PRICE_KEY_COLUMNS, ...PRICE_OPTIONAL_COLUMNS, ...(type === 'market' ? MARKET_PRICE_COLUMNS : GROWER_PRICE_COLUMNS)]);
  const seen = new Set<string>();
  for (const h of header) {
    if (!allowed.has(h)) throw new PriceFileError(1, `unknown column "${h}"`, 'unknownColumn', { column: h });
    if (seen.has(h)) throw new PriceFileError(1, `column "${h}" appears twice`, 'duplicateColumn', { column: h });
    seen.add(h);
  }
  const records = parsed
    .slice(1)
    .filter((l) => l.cells.some((c) => c.trim() !== ''))
    .map((l) => {
      if (l.cells.length !== header.length) {
        throw new PriceFileError(l.line, `expected ${header.length} columns, found ${l.cells.length}`, 'columnCount', {
          expected: header.length,
          found: l.cells.length,
        });
      }
      return { line: l.line, values: Object.fromEntries(header.map((h, i) => [h, l.cells[i]!.trim()])) };
    });
  return validate(type, records, delimiter === ';');
}

/** Splits CSV text into lines of cells, honouring double quotes (a name may hold the delimiter). */
function splitCsvLines(text: string, delimiter = ','): Array<{ line: number; cells: string[] }> {
  const out: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      out.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) throw new PriceFileError(start, 'a quoted value is not closed', 'unclosedQuote');
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    out.push({ line: start, cells });
  }
  return out;
}

function text(values: Record<string, unknown>, col: string, line: number): string {
  const v = values[col];
  if (typeof v !== 'string' || v.trim() === '') throw new PriceFileError(line, `${col} is missing`, 'missing', { column: col });
  if (v.trim().length > MAX_TEXT) throw new PriceFileError(line, `${col} is longer than ${MAX_TEXT} characters`, 'tooLong', { column: col, max: MAX_TEXT });
  return v.trim();
}

function price(values: Record<string, unknown>, col: string, line: number, decimalComma: boolean, required: boolean): number | null {
  const v = values[col];
  if (v === undefined || v === null || v === '') {
    if (required) throw new PriceFileError(line, `${col} is missing`, 'missing', { column: col });
    return null;
  }
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') {
    const s = decimalComma ? v.replace(',', '.') : v;
    n = /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
  } else n = Number.NaN;
  if (!Number.isFinite(n)) throw new PriceFileError(line, `${col} "${String(v)}" is not a price`, 'notAPrice', { column: col, value: String(v) });
  if (n < 0 || n > MAX_PRICE)
    throw new PriceFileError(line, `${col} ${n} is outside 0 … ${MAX_PRICE}`, 'outOfRange', { column: col, value: n, max: MAX_PRICE });
  return round3(n);
}

function validate(type: PriceType, records: Array<{ line: number; values: Record<string, unknown> }>, decimalComma: boolean): ParsedPriceFile {
  if (records.length === 0) throw new PriceFileError(2, 'the file holds no price rows', 'noRows');
  if (records.length > PRICE_IMPORT_MAX_ROWS)
    throw new PriceFileError(PRICE_IMPORT_MAX_ROWS + 2, `more than ${PRICE_IMPORT_MAX_ROWS} rows`, 'tooManyRows', { max: PRICE_IMPORT_MAX_ROWS });
  const keys = new Map<string, number>();
  const allowed = new Set<string>([...PRICE_KEY_COLUMNS, ...PRICE_OPTIONAL_COLUMNS, ...(type === 'market' ? MARKET_PRICE_COLUMNS : GROWER_PRICE_COLUMNS)]);
  const rows = records.map(({ line, values }) => {
    for (const k of Object.keys(values)) if (!allowed.has(k)) throw new PriceFileError(line, `unknown column "${k}"`, 'unknownColumn', { column: k });
    const date = text(values, 'date', line);
    if (!isoDate.safeParse(date).success) throw new PriceFileError(line, `date "${date}" is not a YYYY-MM-DD day`, 'badDate', { value: date });
    const source = text(values, 'source', line);
    const familyText = text(values, 'family', line).toLowerCase();
    if (!(FAMILIES as readonly string[]).includes(familyText))
      throw new PriceFileError(line, `family "${familyText}" must be fruits or legumes`, 'badFamily', { value: familyText });
    const family = familyText as (typeof FAMILIES)[number];
    const name = text(values, 'name', line);
    const unitValue = values.unit;
    // No unit (column absent or cell empty) is the usual wholesale quote: per kg.
    const unitText = unitValue === undefined || unitValue === null || unitValue === '' ? 'kg' : String(unitValue).trim().toLowerCase();
    if (!(PRICE_UNITS as readonly string[]).includes(unitText))
      throw new PriceFileError(line, `unit "${unitText}" must be kg, piece, box or bunch`, 'badUnit', { value: unitText });
    const unit = unitText as PriceUnit;
    // Same product, source and day twice in one file: which one is right is anyone's guess.
    const key = `${date}|${source.toLowerCase()}|${family}|${name.toLowerCase()}`;
    const earlier = keys.get(key);
    if (earlier !== undefined)
      throw new PriceFileError(line, `${name} (${source}, ${date}) already appears on line ${earlier}`, 'duplicateProduct', { name, source, date, earlier });
    keys.set(key, line);
    if (type === 'market') {
      const minPrice = price(values, 'minPrice', line, decimalComma, true)!;
      const maxPrice = price(values, 'maxPrice', line, decimalComma, true)!;
      const avgPrice = price(values, 'avgPrice', line, decimalComma, true)!;
      if (minPrice > maxPrice)
        throw new PriceFileError(line, `minPrice ${minPrice} is greater than maxPrice ${maxPrice}`, 'minAboveMax', { min: minPrice, max: maxPrice });
      if (avgPrice < minPrice || avgPrice > maxPrice)
        throw new PriceFileError(line, `avgPrice ${avgPrice} is not between minPrice and maxPrice`, 'avgOutside', { avg: avgPrice });
      return { line, date, source, family, name, unit, minPrice, maxPrice, avgPrice };
    }
    const cuts = Object.fromEntries(GROWER_PRICE_COLUMNS.map((c, i) => [c, price(values, c, line, decimalComma, i === 0)])) as Record<
      GrowerPriceColumn,
      number | null
    >;
    return { line, date, source, family, name, unit, ...cuts };
  });
  return type === 'market' ? { type, rows: rows as ParsedMarketRow[] } : { type, rows: rows as ParsedGrowerRow[] };
}
