import {
  LOT_COLUMNS,
  SUPPLIER_PRICE_COLUMNS,
  type AdminProduct,
  type AdminProductQuery,
  type ExportList,
  type SupplierVariant,
  type UserCard,
  type UserListQuery,
} from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { csvHead, csvLine, csvNumber, type CsvDialect, type CsvValue } from '../../lib/csv.js';
import * as usersService from '../../companies/users/users.service.js';
import * as adminProductsService from '../../trading/products/admin-products.service.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as supplierProductsService from '../../pricing/supplier-products/supplier-products.service.js';
import * as marketplaceService from '../../trading/marketplace/marketplace.service.js';

/** Rows fetched per database call: the export never holds more than this many in memory. */
export const EXPORT_BATCH = 500;

type Cell = CsvValue | { n: string | null };

/** The filters each export takes: the list endpoint's own query, less the paging. */
export interface ExportFilters {
  users: Omit<UserListQuery, 'page' | 'size'>;
  lots: Omit<AdminProductQuery, 'page' | 'size'>;
  variants: { supplierId?: number };
}

/** Offset batches over a list that is sorted stably (name + id, or newest + id). */
async function* byOffset<T>(fetch: (limit: number, offset: number) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await fetch(EXPORT_BATCH, offset);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

const USER_COLUMNS = ['id', 'company', 'email', 'category', 'status', 'address', 'postal_code', 'city', 'country', 'created_at'] as const;
const userCells = (u: UserCard): Cell[] => [
  u.userId,
  u.companyName,
  u.username,
  u.category,
  u.status ? 'active' : 'inactive',
  u.address,
  u.postalCode,
  u.city?.name ?? null,
  u.country?.alpha2 ?? null,
  u.createdAt,
];

/** The lot export: the import's columns (LOT_COLUMNS) then the export-only id, status and created_at. */
const lotCells = (p: AdminProduct, codeOf: Map<number, string>, reserve: number | null, d: CsvDialect): Record<(typeof LOT_COLUMNS)[number], Cell> => ({
  supplier: p.user.companyName,
  article: codeOf.get(p.articleId) ?? null,
  name: p.productName,
  description: p.description,
  caliber: p.caliber,
  quality_class: p.qualityClass,
  variety: p.variety,
  packed_on: p.packedOn,
  origin: p.origin.alpha2,
  packaging: p.packaging.name,
  price: { n: csvNumber(p.price, 2, d) },
  quantity: p.quantity,
  net_kg_per_pallet: { n: csvNumber(p.netKgPerPallet, 2, d) },
  boxes_per_pallet: p.boxesPerPallet,
  net_kg_per_box: { n: csvNumber(p.netKgPerBox, 3, d) },
  available_until: p.availableUntil,
  auction_start: p.auctionStartDate,
  reserve_price: { n: csvNumber(reserve, 2, d) },
});

const variantCells = (v: SupplierVariant, d: CsvDialect): Record<(typeof SUPPLIER_PRICE_COLUMNS)[number], Cell> => ({
  supplier: v.supplier.company,
  article: v.supplierProductList.product.code,
  origin: v.origin?.alpha2 ?? null,
  packaging: v.packaging?.name ?? null,
  box: v.box?.name ?? null,
  caliber: v.caliber,
  // The code as the API writes it (EXTRA, I, II), in every language: the import reads it back (decision 935).
  quality_class: v.qualityClass,
  weight_piece: { n: csvNumber(v.weightPiece, 3, d) },
  nb_piece: v.nbPiece,
  price_kg: { n: csvNumber(v.priceKg, 3, d) },
  price_colis: { n: csvNumber(v.priceColis, 3, d) },
  price_piece: { n: csvNumber(v.pricePiece, 3, d) },
  volume: { n: csvNumber(v.volume, 3, d) },
  start_date: v.startDate,
  end_date: v.endDate,
});

const COMPANY_COLUMNS = ['id', 'company', 'incoterm', 'carrier', 'discount_pct', 'certificates', 'products'] as const;
const SUPPLIER_COLUMNS = [...COMPANY_COLUMNS, 'packagings', 'country', 'city', 'address'] as const;
const CARRIER_COLUMNS = ['id', 'carrier', 'price_eur'] as const;

/**
 * The export of one admin list, as CSV text chunks: the header, then one line per row, read from the
 * database in batches of EXPORT_BATCH (users, lots, variants); the companies and carriers lists are
 * small reference lists read at once, as their pages read them.
 */
export async function* exportCsv<L extends ExportList>(
  db: Db,
  list: L,
  filters: L extends keyof ExportFilters ? ExportFilters[L] : Record<string, never>,
  d: CsvDialect,
): AsyncGenerator<string> {
  switch (list) {
    case 'users': {
      const f = filters as ExportFilters['users'];
      yield csvHead(USER_COLUMNS, d);
      for await (const u of byOffset((limit, offset) => usersService.searchBatch(db, f, limit, offset))) yield csvLine(userCells(u), d);
      return;
    }
    case 'lots': {
      const f = filters as ExportFilters['lots'];
      const codeOf = new Map((await catalogService.listArticles(db)).map((a) => [a.id, a.code]));
      yield csvHead([...LOT_COLUMNS, 'id', 'status', 'created_at'], d);
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const batch = await adminProductsService.searchBatch(db, f, EXPORT_BATCH, offset);
        const reserves = await marketplaceService.reservePrices(
          db,
          batch.map((p) => p.productId),
        );
        for (const p of batch) {
          const cells = lotCells(p, codeOf, reserves.get(p.productId) ?? null, d);
          yield csvLine([...LOT_COLUMNS.map((c) => cells[c]), p.productId, p.status, p.created], d);
        }
        if (batch.length < EXPORT_BATCH) return;
      }
      return;
    }
    case 'variants': {
      const { supplierId } = filters as ExportFilters['variants'];
      yield csvHead([...SUPPLIER_PRICE_COLUMNS, 'id'], d);
      let after = 0;
      for (;;) {
        const batch = await supplierProductsService.exportBatch(db, supplierId, after, EXPORT_BATCH);
        for (const v of batch) {
          const cells = variantCells(v, d);
          yield csvLine([...SUPPLIER_PRICE_COLUMNS.map((c) => cells[c]), v.id], d);
        }
        if (batch.length < EXPORT_BATCH) return;
        after = batch[batch.length - 1]!.id;
      }
    }
    case 'suppliers': {
      yield csvHead(SUPPLIER_COLUMNS, d);
      for (const s of await companiesService.suppliers(db)) {
        yield csvLine(
          [
            s.id,
            s.company,
            s.ict,
            s.carrier?.carrier ?? null,
            { n: csvNumber(s.discount, 2, d) },
            s.certificates.map((c) => c.name).join(' | '),
            s.products.map((p) => p.product.code).join(' | '),
            s.packagings.join(' | '),
            s.country?.alpha2 ?? null,
            s.city?.name ?? null,
            s.address,
          ],
          d,
        );
      }
      return;
    }
    case 'clients': {
      yield csvHead(COMPANY_COLUMNS, d);
      for (const c of await companiesService.clients(db)) {
        yield csvLine(
          [
            c.id,
            c.company,
            c.ict,
            c.carrier?.carrier ?? null,
            { n: csvNumber(c.discount, 2, d) },
            c.certificates.map((x) => x.name).join(' | '),
            c.products.map((p) => p.product.code).join(' | '),
          ],
          d,
        );
      }
      return;
    }
    case 'carriers': {
      yield csvHead(CARRIER_COLUMNS, d);
      for (const t of await catalogService.listTransports(db)) yield csvLine([t.id, t.carrier, { n: csvNumber(t.price, 2, d) }], d);
      return;
    }
  }
}
