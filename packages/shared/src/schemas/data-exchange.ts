import { z } from 'zod';
import { LANGUAGES } from '../constants/limits.js';

/**
 * CSV in and out of the back office (issue 26 items 2 and 3, decision 885). The column lists live
 * here, once: the export writes them, the import reads them, the templates are them, the page shows
 * them. A new lot fact (a column of `products`) is one more entry in LOT_COLUMNS.
 */

/** The admin lists that export (`GET /api/admin/export/{list}.csv`). */
export const EXPORT_LISTS = ['users', 'lots', 'suppliers', 'clients', 'carriers', 'variants'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** What an import file holds (`POST /api/admin/import/{kind}/preview|commit`). */
export const IMPORT_KINDS = ['supplier-prices', 'client-products', 'lots'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** More data rows than this is refused as a whole (a price list is a few hundred lines). */
export const IMPORT_MAX_ROWS = 10_000;
/** Upload limit of an import file: 10 000 rows of ~200 bytes, with room (the PAYLOAD_TOO_LARGE text says 5 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A supplier's price list: one variant per row; the supplier by name, the article by catalog code.
 * `quality_class` is EXTRA, I or II, empty when the supplier did not state one (decisions 915, 935).
 */
export const SUPPLIER_PRICE_COLUMNS = [
  'supplier',
  'article',
  'origin',
  'packaging',
  'box',
  'caliber',
  'quality_class',
  'weight_piece',
  'nb_piece',
  'price_kg',
  'price_colis',
  'price_piece',
  'volume',
  'start_date',
  'end_date',
] as const;

/** A client's product list: one client variant per row (empty origin/packaging/box/caliber = any). */
export const CLIENT_PRODUCT_COLUMNS = ['client', 'article', 'origin', 'packaging', 'box', 'caliber', 'weight_piece', 'nb_piece'] as const;

/**
 * A supplier's lots: one lot per row; `auction_start` (ISO date-time) empty for the marketplace.
 * The one list of lot columns: export, import and template all read it.
 */
export const LOT_COLUMNS = [
  'supplier',
  'article',
  'name',
  'description',
  'caliber',
  'quality_class',
  'variety',
  'packed_on',
  'origin',
  'packaging',
  'price',
  'quantity',
  'net_kg_per_pallet',
  'boxes_per_pallet',
  'net_kg_per_box',
  'available_until',
  'auction_start',
  'reserve_price',
] as const;

export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  'supplier-prices': SUPPLIER_PRICE_COLUMNS,
  'client-products': CLIENT_PRODUCT_COLUMNS,
  lots: LOT_COLUMNS,
};

/**
 * Columns of IMPORT_COLUMNS a file may leave out (decision 935): a price list made on the template of
 * before the class reads as one with every class empty. The export and the template still write them.
 */
export const IMPORT_OPTIONAL_COLUMNS: Record<ImportKind, readonly string[]> = {
  'supplier-prices': ['quality_class'],
  'client-products': [],
  lots: [],
};

/** Columns an export adds for the reader (ids, states): an import of that export skips them. */
export const EXPORT_ONLY_COLUMNS = ['id', 'status', 'created_at'] as const;

/** Per-cell refusals of an import file, each translated on the page. */
export const IMPORT_CELL_CODES = [
  'REQUIRED',
  'UNKNOWN_ARTICLE',
  'UNKNOWN_SUPPLIER',
  'UNKNOWN_CLIENT',
  'AMBIGUOUS_SUPPLIER',
  'UNKNOWN_ORIGIN',
  'UNKNOWN_PACKAGING',
  'UNKNOWN_BOX',
  'UNKNOWN_QUALITY_CLASS',
  'BAD_NUMBER',
  'BAD_INTEGER',
  'BAD_DATE',
  'DATE_ORDER',
  'DATE_PAST',
  'DUPLICATE',
  'FORMULA',
  'TOO_LONG',
  'BAD_TEXT',
  'BAD_VALUE',
  'MISSING_COLUMN',
  'EXTRA_COLUMN',
  'DUPLICATE_COLUMN',
  'CELL_COUNT',
] as const;
export type ImportCellCode = (typeof IMPORT_CELL_CODES)[number];

/** One refusal: `row` is the spreadsheet's line number (the header is line 1), `column` the header name. */
export const importCellError = z.object({ row: z.number().int(), column: z.string(), code: z.enum(IMPORT_CELL_CODES) });
export type ImportCellError = z.infer<typeof importCellError>;

/** The preview: the cells as read (by the file's columns) and every refusal; importable when errors is empty. */
export const importPreview = z.object({
  columns: z.array(z.string()),
  /** Each data row with its spreadsheet line number (what `errors[].row` names). */
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  errors: z.array(importCellError),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({ imported: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;

export const importKindParam = z.object({ kind: z.enum(IMPORT_KINDS) });
export const exportListParam = z.object({ list: z.enum(EXPORT_LISTS) });

/** The reader's language of an export (separator and decimal mark); else the request's Accept-Language. */
export const exportLangQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/** The variants export: every supplier's, or one supplier's (the supplier page). */
export const variantExportQuery = z.object({ supplierId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });
