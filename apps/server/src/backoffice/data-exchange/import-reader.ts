import {
  CALIBER_MAX_LENGTH,
  EXPORT_ONLY_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_OPTIONAL_COLUMNS,
  isoDate,
  QUALITY_CLASSES,
  type QualityClass,
  type ImportCellCode,
  type ImportCellError,
  type ImportKind,
  type ImportPreview,
} from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { looksLikeFormula, parseDecimal, unescapeCell, type CsvTable } from '../../lib/csv.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as locationService from '../../platform/location/location.service.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as usersService from '../../companies/users/users.service.js';

/**
 * The reader shared by the CSV imports of every kind (decision 886): the header and cell checks, the
 * reference data the names are looked up in, and one row's typed cell reads that record each
 * refusal on its cell. The per-kind row checks are beside it (import-supplier-prices.ts,
 * import-client-products.ts, import-lots.ts); imports.ts runs them and writes.
 */

export const fold = (s: string) => s.trim().toLowerCase();

/** Names the operator may write for a reference: its name, every translated name, a country's alpha-2. */
export interface RefData {
  articles: Map<string, number>;
  countries: Map<string, number>;
  packagings: Map<string, number>;
  boxes: Map<string, number>;
  suppliers: Map<string, number[]>;
  clients: Map<string, number[]>;
  supplierAccounts: Map<string, number[]>;
}

function multi(entries: Array<[string, number]>) {
  const m = new Map<string, number[]>();
  for (const [k, id] of entries) m.set(fold(k), [...(m.get(fold(k)) ?? []), id]);
  return m;
}

function named(items: Array<{ id: number; name: string; names?: Record<string, string> | null }>) {
  const m = new Map<string, number>();
  for (const it of items) for (const n of [it.name, ...Object.values(it.names ?? {})]) if (!m.has(fold(n))) m.set(fold(n), it.id);
  return m;
}

export async function loadRefs(db: Db, kind: ImportKind): Promise<RefData> {
  const [articles, countries, packagings, boxes] = await Promise.all([
    catalogService.listArticles(db),
    locationService.listCountries(db),
    catalogService.listPackagings(db),
    catalogService.listBoxes(db),
  ]);
  const countryMap = new Map<string, number>();
  for (const c of countries) {
    countryMap.set(fold(c.alpha2), c.id);
    countryMap.set(fold(c.name), c.id);
  }
  return {
    articles: new Map(articles.map((a) => [fold(a.code), a.id])),
    countries: countryMap,
    packagings: named(packagings),
    boxes: named(boxes),
    suppliers: kind === 'supplier-prices' ? multi((await companiesService.options(db, 'supplier')).map((o) => [o.company, o.id])) : new Map(),
    clients: kind === 'client-products' ? multi((await companiesService.options(db, 'client')).map((o) => [o.company, o.id])) : new Map(),
    supplierAccounts:
      kind === 'lots' ? multi((await usersService.searchBatch(db, { category: 'supplier' }, 1_000_000, 0)).map((u) => [u.companyName, u.userId])) : new Map(),
  };
}

/** One data row while it is checked: its cells by column, and the refusals found so far. */
export class Row {
  readonly errors: ImportCellError[] = [];
  constructor(
    readonly line: number,
    private readonly cells: Map<string, string>,
  ) {}

  fail(column: string, code: ImportCellCode) {
    // One refusal per cell: the first found says what to fix.
    if (!this.errors.some((e) => e.column === column)) this.errors.push({ row: this.line, column, code });
    return undefined;
  }

  /** The cell's text (trimmed, our own formula escape undone); undefined once refused. */
  text(column: string): string | undefined {
    if (!this.cells.has(column)) return undefined;
    return this.cells.get(column)!.trim();
  }

  required(column: string) {
    const v = this.text(column);
    if (v === undefined) return undefined;
    return v === '' ? this.fail(column, 'REQUIRED') : v;
  }

  ref(column: string, map: Map<string, number>, code: ImportCellCode, required = false): number | null | undefined {
    const v = required ? this.required(column) : this.text(column);
    if (!v) return v === '' ? null : undefined;
    return map.get(fold(v)) ?? this.fail(column, code);
  }

  company(column: string, map: Map<string, number[]>, unknown: ImportCellCode): number | undefined {
    const v = this.required(column);
    if (v === undefined) return undefined;
    const ids = map.get(fold(v)) ?? [];
    if (ids.length > 1) return this.fail(column, 'AMBIGUOUS_SUPPLIER');
    return ids[0] ?? this.fail(column, unknown);
  }

  /** A non-negative decimal (point or comma) with at most `digits` decimals; empty → `empty`. */
  decimal<E>(column: string, digits: number, empty: E, max = 1e9): number | E | undefined {
    const v = this.text(column);
    if (v === undefined || v === '') return v === '' ? empty : undefined;
    const n = parseDecimal(v);
    const decimals = v.split(/[.,]/)[1]?.length ?? 0;
    if (n === null || decimals > digits || n >= max) return this.fail(column, 'BAD_NUMBER');
    return n;
  }

  integer<E>(column: string, min: number, max: number, empty: E): number | E | undefined {
    const v = this.text(column);
    if (v === undefined || v === '') return v === '' ? empty : undefined;
    if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) return this.fail(column, 'BAD_INTEGER');
    return Number(v);
  }

  date(column: string): string | undefined {
    const v = this.required(column);
    if (v === undefined) return undefined;
    return isoDate.safeParse(v).success ? v : this.fail(column, 'BAD_DATE');
  }

  /**
   * An EU quality class as the API and the export write it (EXTRA, I, II; any case): empty or a column
   * the file leaves out is none (null), anything else `UNKNOWN_QUALITY_CLASS` (decision 935).
   */
  qualityClass(column: string): QualityClass | null | undefined {
    const v = this.text(column);
    if (!v) return null;
    const upper = v.toUpperCase();
    return (QUALITY_CLASSES as readonly string[]).includes(upper) ? (upper as QualityClass) : this.fail(column, 'UNKNOWN_QUALITY_CLASS');
  }

  caliber(column: string): string | undefined {
    const v = this.text(column);
    if (v === undefined) return undefined;
    if (v.length > CALIBER_MAX_LENGTH) return this.fail(column, 'TOO_LONG');
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
    if (/[\u0000-\u001f\u007f]/.test(v)) return this.fail(column, 'BAD_TEXT');
    return v;
  }
}

/** What a checked file holds: the preview, and the rows ready to write when there is no error. */
export interface Checked<T> {
  preview: ImportPreview;
  items: T[];
}

/** The header and cell-level checks every kind shares; answers the rows as cell maps by column. */
export function readRows(table: CsvTable, kind: ImportKind, errors: ImportCellError[]): Row[] {
  const expected = IMPORT_COLUMNS[kind];
  const optional = IMPORT_OPTIONAL_COLUMNS[kind];
  const header = table.header.map(fold);
  const seen = new Set<string>();
  header.forEach((h, i) => {
    const name = table.header[i] ?? h;
    if (seen.has(h)) errors.push({ row: 1, column: name, code: 'DUPLICATE_COLUMN' });
    else if (!expected.includes(h) && !(EXPORT_ONLY_COLUMNS as readonly string[]).includes(h)) errors.push({ row: 1, column: name, code: 'EXTRA_COLUMN' });
    seen.add(h);
  });
  for (const c of expected) if (!seen.has(c) && !optional.includes(c)) errors.push({ row: 1, column: c, code: 'MISSING_COLUMN' });

  return table.records.map(({ line, cells }) => {
    const byColumn = new Map<string, string>();
    const row = new Row(line, byColumn);
    if (cells.length !== header.length) row.fail(table.header[Math.min(cells.length, header.length - 1)] ?? '', 'CELL_COUNT');
    header.forEach((h, i) => {
      if (!expected.includes(h) || byColumn.has(h)) return;
      const raw = cells[i] ?? '';
      if (looksLikeFormula(raw)) row.fail(h, 'FORMULA');
      else byColumn.set(h, unescapeCell(raw));
    });
    return row;
  });
}

export const variantKey = (...parts: Array<string | number | null | undefined>) =>
  parts.map((p) => (p === null || p === undefined ? '' : fold(String(p)))).join('\u0001');
