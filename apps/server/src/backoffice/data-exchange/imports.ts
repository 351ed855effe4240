import { IMPORT_MAX_ROWS, type ImportCellError, type ImportKind } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { readCsv, type CsvSource } from '../../lib/csv.js';
import * as productLinksService from '../../companies/product-links/product-links.service.js';
import * as supplierProductsService from '../../pricing/supplier-products/supplier-products.service.js';
import * as clientProductsService from '../../pricing/client-products/client-products.service.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import * as marketplaceService from '../../trading/marketplace/marketplace.service.js';
import { loadRefs, readRows, type Checked } from './import-reader.js';
import { checkClientProducts, type ClientProductItem } from './import-client-products.js';
import { checkLots, type LotItem } from './import-lots.js';
import { checkSupplierPrices, type SupplierPriceItem } from './import-supplier-prices.js';

export type { ClientProductItem, LotItem, SupplierPriceItem };

/**
 * CSV imports of the back office (issue 26 item 3, decision 886): the file is read, every row and
 * cell checked against the database's reference data, and either every row is written in one
 * transaction or none. The preview and the commit run the same check; the commit never trusts a
 * preview the page may have shown. The shared reader is import-reader.ts, each kind's row checks
 * are in import-<kind>.ts.
 */

type ItemOf<K extends ImportKind> = K extends 'supplier-prices' ? SupplierPriceItem : K extends 'client-products' ? ClientProductItem : LotItem;

/**
 * Reads and checks a whole file (the preview's answer; the commit's first step). The file is read as
 * it arrives (the upload's stream) and refused at its row IMPORT_MAX_ROWS + 1 (decision 1013).
 */
export async function checkFile<K extends ImportKind>(db: Db, kind: K, file: CsvSource): Promise<Checked<ItemOf<K>>> {
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
export async function commitFile(db: Db, actor: Actor, kind: ImportKind, file: CsvSource) {
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
    await changes.recordCreations(
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
