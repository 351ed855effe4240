import { z } from 'zod';
import {
  CALIBER_MAX_LENGTH,
  EXPORT_ONLY_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  isoDate,
  isoDateTime,
  productInput,
  round3,
  type ImportCellCode,
  type ImportCellError,
  type ImportKind,
  type ImportPreview,
} from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { looksLikeFormula, parseDecimal, readCsv, unescapeCell, type CsvTable } from '../../lib/csv.js';
import * as catalogService from '../../pricing/catalog/catalog.service.js';
import * as locationService from '../../platform/location/location.service.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as usersService from '../../companies/users/users.service.js';
import * as productLinksService from '../../pricing/product-links/product-links.service.js';
import * as supplierProductsService from '../../pricing/supplier-products/supplier-products.service.js';
import * as clientProductsService from '../../pricing/client-products/client-products.service.js';
import * as activityService from '../activity/activity.service.js';
import { type Actor } from '../activity/activity.service.js';
import * as marketplaceService from '../../trading/marketplace/marketplace.service.js';

/**
 * CSV imports of the back office (issue 26 item 3, decision 886): the file is read, every row and
 * cell checked against the database's reference data, and either every row is written in one
 * transaction or none. The preview and the commit run the same check; the commit never trusts a
 * preview the page may have shown.
 */

const fold = (s: string) => s.trim().toLowerCase();

/** Names the operator may write for a reference: its name, every translated name, a country's alpha-2. */
interface RefData {
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

async function loadRefs(db: Db, kind: ImportKind): Promise<RefData> {
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
class Row {
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
interface Checked<T> {
  preview: ImportPreview;
  items: T[];
}

/** The header and cell-level checks every kind shares; answers the rows as cell maps by column. */
function readRows(table: CsvTable, kind: ImportKind, errors: ImportCellError[]): Row[] {
  const expected = IMPORT_COLUMNS[kind];
  const header = table.header.map(fold);
  const seen = new Set<string>();
  header.forEach((h, i) => {
    const name = table.header[i] ?? h;
    if (seen.has(h)) errors.push({ row: 1, column: name, code: 'DUPLICATE_COLUMN' });
    else if (!expected.includes(h) && !(EXPORT_ONLY_COLUMNS as readonly string[]).includes(h)) errors.push({ row: 1, column: name, code: 'EXTRA_COLUMN' });
    seen.add(h);
  });
  for (const c of expected) if (!seen.has(c)) errors.push({ row: 1, column: c, code: 'MISSING_COLUMN' });

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

const variantKey = (...parts: Array<string | number | null | undefined>) =>
  parts.map((p) => (p === null || p === undefined ? '' : fold(String(p)))).join('\u0001');

// ---- supplier price lists ----

export interface SupplierPriceItem {
  line: number;
  supplierId: number;
  articleId: number;
  input: Omit<supplierProductsService.NewVariantInput, 'productLinkId'>;
}

/** The three prices agree when the piece weight is known (decision 121): the missing ones follow from the first given. */
function supplierPrices(row: Row) {
  const weight = row.decimal('weight_piece', 3, null);
  const nb = row.integer('nb_piece', 1, 100_000, 1);
  const kg = row.decimal('price_kg', 3, null);
  const colis = row.decimal('price_colis', 3, null);
  const piece = row.decimal('price_piece', 3, null);
  if (weight === undefined || nb === undefined || kg === undefined || colis === undefined || piece === undefined) return undefined;
  if (weight === null || weight <= 0) return { weightPiece: weight, nbPiece: nb, priceKg: kg ?? 0, priceColis: colis ?? 0, pricePiece: piece ?? 0 };
  const perKg = kg ?? (colis !== null ? round3(colis / (weight * nb)) : piece !== null ? round3(piece / weight) : 0);
  const derivedPiece = round3(perKg * weight);
  const derivedColis = round3(perKg * weight * nb);
  // Rounding of a derived price is allowed; another price is a contradiction the operator must settle.
  if (kg !== null && piece !== null && Math.abs(piece - derivedPiece) > 0.0015) return row.fail('price_piece', 'BAD_VALUE');
  if (kg !== null && colis !== null && Math.abs(colis - derivedColis) > 0.0015) return row.fail('price_colis', 'BAD_VALUE');
  return { weightPiece: weight, nbPiece: nb, priceKg: perKg, priceColis: colis ?? derivedColis, pricePiece: piece ?? derivedPiece };
}

function checkSupplierPrices(rows: Row[], refs: RefData): SupplierPriceItem[] {
  const items: SupplierPriceItem[] = [];
  const keys = new Set<string>();
  for (const row of rows) {
    const supplierId = row.company('supplier', refs.suppliers, 'UNKNOWN_SUPPLIER');
    const articleId = row.ref('article', refs.articles, 'UNKNOWN_ARTICLE', true);
    const originId = row.ref('origin', refs.countries, 'UNKNOWN_ORIGIN');
    const packagingId = row.ref('packaging', refs.packagings, 'UNKNOWN_PACKAGING');
    const boxId = row.ref('box', refs.boxes, 'UNKNOWN_BOX');
    const caliber = row.caliber('caliber');
    const prices = supplierPrices(row);
    const volume = row.decimal('volume', 3, 0);
    const startDate = row.date('start_date');
    const endDate = row.date('end_date');
    if (startDate && endDate && startDate > endDate) row.fail('end_date', 'DATE_ORDER');
    if (row.errors.length || !supplierId || !articleId || !prices || volume === undefined || !startDate || !endDate) continue;
    const key = variantKey(supplierId, articleId, originId, packagingId, boxId, caliber, startDate, endDate);
    if (keys.has(key)) {
      row.fail('article', 'DUPLICATE');
      continue;
    }
    keys.add(key);
    items.push({
      line: row.line,
      supplierId,
      articleId,
      input: { originId, packagingId, boxId, caliber: caliber ?? '', ...prices, volume, startDate, endDate },
    });
  }
  return items;
}

// ---- client product lists ----

export interface ClientProductItem {
  line: number;
  clientId: number;
  articleId: number;
  fields: clientProductsService.ClientVariantFields;
}

function checkClientProducts(rows: Row[], refs: RefData): ClientProductItem[] {
  const items: ClientProductItem[] = [];
  const keys = new Set<string>();
  for (const row of rows) {
    const clientId = row.company('client', refs.clients, 'UNKNOWN_CLIENT');
    const articleId = row.ref('article', refs.articles, 'UNKNOWN_ARTICLE', true);
    const originId = row.ref('origin', refs.countries, 'UNKNOWN_ORIGIN');
    const packagingId = row.ref('packaging', refs.packagings, 'UNKNOWN_PACKAGING');
    const boxId = row.ref('box', refs.boxes, 'UNKNOWN_BOX');
    const caliber = row.caliber('caliber');
    const weightPiece = row.decimal('weight_piece', 3, null, 100_000);
    const nbPiece = row.integer('nb_piece', 1, 100_000, 1);
    if (row.errors.length || !clientId || !articleId || weightPiece === undefined || nbPiece === undefined) continue;
    const fields = { originId: originId ?? null, packagingId: packagingId ?? null, boxId: boxId ?? null, caliber: caliber ?? '', weightPiece, nbPiece };
    const key = variantKey(clientId, articleId, fields.originId, fields.packagingId, fields.boxId, fields.caliber, weightPiece, nbPiece);
    if (keys.has(key)) {
      row.fail('article', 'DUPLICATE');
      continue;
    }
    keys.add(key);
    items.push({ line: row.line, clientId, articleId, fields });
  }
  return items;
}

// ---- lots ----

export interface LotItem {
  line: number;
  supplierId: number;
  input: z.output<typeof productInput>;
}

/** Form fields of a lot → their CSV column, to place the form's refusals on the right cell. */
const LOT_FIELD_COLUMN: Record<string, string> = {
  articleId: 'article',
  name: 'name',
  description: 'description',
  caliber: 'caliber',
  qualityClass: 'quality_class',
  variety: 'variety',
  packedOn: 'packed_on',
  originId: 'origin',
  packagingId: 'packaging',
  price: 'price',
  quantity: 'quantity',
  netKgPerPallet: 'net_kg_per_pallet',
  boxesPerPallet: 'boxes_per_pallet',
  netKgPerBox: 'net_kg_per_box',
  availableUntil: 'available_until',
  auctionStartDate: 'auction_start',
  reservePrice: 'reserve_price',
};

const NUMBER_COLUMNS = new Set(['price', 'net_kg_per_pallet', 'net_kg_per_box', 'reserve_price']);

/** The form's refusal codes (lot dates, reserve) as the cell codes the page translates. */
function lotRuleCode(code: string, message: string): ImportCellCode {
  if (code === 'AVAILABLE_UNTIL_PAST' || message === 'inPast') return 'DATE_PAST';
  if (code === 'AUCTION_OUTSIDE_AVAILABILITY') return 'DATE_ORDER';
  if (code === 'AUCTION_START_TOO_FAR') return 'BAD_DATE';
  if (code === 'PACKED_ON_FUTURE') return 'BAD_DATE';
  return 'BAD_VALUE';
}

function checkLots(rows: Row[], refs: RefData): LotItem[] {
  const items: LotItem[] = [];
  const keys = new Set<string>();
  for (const row of rows) {
    const supplierId = row.company('supplier', refs.supplierAccounts, 'UNKNOWN_SUPPLIER');
    const articleId = row.ref('article', refs.articles, 'UNKNOWN_ARTICLE', true);
    const originId = row.ref('origin', refs.countries, 'UNKNOWN_ORIGIN', true);
    const packagingId = row.ref('packaging', refs.packagings, 'UNKNOWN_PACKAGING', true);
    const price = row.decimal('price', 2, undefined);
    const quantity = row.integer('quantity', 1, 10_000, undefined);
    const netKgPerPallet = row.decimal('net_kg_per_pallet', 2, undefined);
    const boxesPerPallet = row.integer('boxes_per_pallet', 1, 100_000, null);
    const netKgPerBox = row.decimal('net_kg_per_box', 3, null);
    const reservePrice = row.decimal('reserve_price', 2, null);
    const auctionStart = row.text('auction_start');
    if (auctionStart && !isoDateTime.safeParse(auctionStart).success) row.fail('auction_start', 'BAD_DATE');
    const raw = {
      articleId: articleId ?? undefined,
      name: row.text('name'),
      description: row.text('description') ?? '',
      caliber: row.text('caliber') ?? '',
      // The class is written as in the API (EXTRA, I, II); lower case is accepted.
      qualityClass: row.text('quality_class')?.toUpperCase(),
      variety: row.text('variety') || null,
      packedOn: row.text('packed_on') || null,
      originId: originId ?? undefined,
      packagingId: packagingId ?? undefined,
      price,
      quantity,
      availableUntil: row.text('available_until'),
      auctionStartDate: auctionStart || null,
      reservePrice,
      netKgPerPallet,
      boxesPerPallet,
      netKgPerBox,
    };
    const parsed = productInput.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = LOT_FIELD_COLUMN[String(issue.path[0])];
        if (!column) continue;
        const missing = (raw as Record<string, unknown>)[String(issue.path[0])] === undefined || (raw as Record<string, unknown>)[String(issue.path[0])] === '';
        row.fail(
          column,
          missing
            ? 'REQUIRED'
            : NUMBER_COLUMNS.has(column)
              ? 'BAD_NUMBER'
              : column === 'available_until' || column === 'packed_on'
                ? 'BAD_DATE'
                : column === 'quantity'
                  ? 'BAD_INTEGER'
                  : 'BAD_VALUE',
        );
      }
    }
    if (row.errors.length || !parsed.success || !supplierId) continue;
    const refusal = marketplaceService.checkLotRules(parsed.data);
    if (refusal) {
      for (const d of refusal.details ?? [{ path: 'availableUntil', message: refusal.code }]) {
        row.fail(LOT_FIELD_COLUMN[d.path] ?? 'available_until', lotRuleCode(refusal.code, d.message));
      }
      continue;
    }
    const key = variantKey(
      supplierId,
      parsed.data.articleId,
      parsed.data.name,
      parsed.data.caliber,
      parsed.data.originId,
      parsed.data.availableUntil,
      parsed.data.auctionStartDate,
    );
    if (keys.has(key)) {
      row.fail('name', 'DUPLICATE');
      continue;
    }
    keys.add(key);
    items.push({ line: row.line, supplierId, input: parsed.data });
  }
  return items;
}

// ---- the two calls ----

type ItemOf<K extends ImportKind> = K extends 'supplier-prices' ? SupplierPriceItem : K extends 'client-products' ? ClientProductItem : LotItem;

/** Reads and checks a whole file (the preview's answer; the commit's first step). */
export async function checkFile<K extends ImportKind>(db: Db, kind: K, file: Buffer): Promise<Checked<ItemOf<K>>> {
  const table = await readCsv(file, IMPORT_MAX_ROWS);
  const errors: ImportCellError[] = [];
  const rows = readRows(table, kind, errors);
  const refs = await loadRefs(db, kind);
  const items = (
    kind === 'supplier-prices' ? checkSupplierPrices(rows, refs) : kind === 'client-products' ? checkClientProducts(rows, refs) : checkLots(rows, refs)
  ) as Array<ItemOf<K>>;
  for (const r of rows) errors.push(...r.errors);
  return { preview: { columns: table.header, rows: table.records.map((r) => ({ line: r.line, cells: r.cells })), errors }, items };
}

/**
 * Writes every row of a checked file in the caller's transaction, through the owning module's service
 * (the batch twin of the pages' single add, with the same checks): `addVariants`, `addOnLinks`,
 * `createImported`, after `ensureLinked` for articles not yet in a company's list. Those functions
 * hold the per-row loop where whatever is recorded per write (the history of changes, issue 26 item 4)
 * is recorded for each imported row, in this same transaction.
 */
async function writeRows(tx: Executor, kind: ImportKind, items: Array<SupplierPriceItem | ClientProductItem | LotItem>): Promise<number[]> {
  if (kind === 'lots') return marketplaceService.createImported(tx, items as LotItem[]);
  const owned = items as Array<SupplierPriceItem | ClientProductItem>;
  const ownerOf = (i: SupplierPriceItem | ClientProductItem) => ('supplierId' in i ? i.supplierId : i.clientId);
  const ownerKind = kind === 'supplier-prices' ? 'supplier' : 'client';
  const links = new Map<number, Map<number, number>>();
  for (const owner of new Set(owned.map(ownerOf))) {
    links.set(
      owner,
      await productLinksService.ensureLinked(
        tx,
        ownerKind,
        owner,
        owned.filter((i) => ownerOf(i) === owner).map((i) => i.articleId),
      ),
    );
  }
  const linkOf = (i: SupplierPriceItem | ClientProductItem) => links.get(ownerOf(i))!.get(i.articleId)!;
  if (kind === 'supplier-prices') {
    return supplierProductsService.addVariants(
      tx,
      (items as SupplierPriceItem[]).map((i) => ({ ...i.input, productLinkId: linkOf(i) })),
    );
  }
  return clientProductsService.addOnLinks(
    tx,
    (items as ClientProductItem[]).map((i) => ({ productLinkId: linkOf(i), fields: i.fields })),
  );
}

/** All or nothing: re-checks the file, refuses it whole if any cell is wrong, else writes every row in one transaction. */
export async function commitFile(db: Db, actor: Actor, kind: ImportKind, file: Buffer) {
  const { preview, items } = await checkFile(db, kind, file);
  if (preview.errors.length) {
    throw new HttpError(
      400,
      'IMPORT_HAS_ERRORS',
      `The file has ${preview.errors.length} error(s); nothing was imported.`,
      preview.errors.slice(0, 200).map((e) => ({ path: `${e.row}:${e.column}`, message: e.code })),
    );
  }
  await db.transaction(async (tx) => {
    const ids = await writeRows(tx, kind, items);
    // The history of changes: one "created" entry per imported record, in the import's transaction.
    const entity = kind === 'lots' ? 'lot' : kind === 'supplier-prices' ? 'variant' : 'clientVariant';
    await activityService.recordCreations(
      tx,
      actor,
      entity,
      ids.map((id, i) => {
        const item = items[i]!;
        return { id, after: 'input' in item ? { ...item.input } : { ...item.fields } };
      }),
    );
  });
  return { imported: items.length };
}
