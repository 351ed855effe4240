import type { z } from 'zod';
import { isoDateTime, productInput, type ImportCellCode } from '@primeur/shared';
import * as marketplaceService from '../../trading/marketplace/marketplace.service.js';
import { variantKey, type RefData, type Row } from './import-reader.js';

/** The rows of a lots file: each checked by the lot form's own schema and rules, refusals placed on their cells. */
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

/** The code of the lot form's refusal of a filled cell, by the cell's kind. */
function badCellCode(column: string): ImportCellCode {
  if (column === 'quality_class') return 'UNKNOWN_QUALITY_CLASS';
  if (NUMBER_COLUMNS.has(column)) return 'BAD_NUMBER';
  if (column === 'available_until' || column === 'packed_on') return 'BAD_DATE';
  if (column === 'quantity') return 'BAD_INTEGER';
  return 'BAD_VALUE';
}

/** The form's refusal codes (lot dates, reserve) as the cell codes the page translates. */
function lotRuleCode(code: string, message: string): ImportCellCode {
  if (code === 'AVAILABLE_UNTIL_PAST' || message === 'inPast') return 'DATE_PAST';
  if (code === 'AUCTION_OUTSIDE_AVAILABILITY') return 'DATE_ORDER';
  if (code === 'AUCTION_START_TOO_FAR') return 'BAD_DATE';
  if (code === 'PACKED_ON_FUTURE') return 'BAD_DATE';
  return 'BAD_VALUE';
}

export function checkLots(rows: Row[], refs: RefData): LotItem[] {
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
        row.fail(column, missing ? 'REQUIRED' : badCellCode(column));
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
