import type { OrderPallets } from '@primeur/shared';
import { csvHead, csvLine, csvNumber, type CsvDialect } from '../../lib/csv.js';
import type { OrderRow } from './orders.repository.js';
import { bestNetKg } from './orders.presenter.js';

const HEADER = [
  'number',
  'status',
  'source',
  'created_at',
  'buyer',
  'buyer_country',
  'buyer_vat',
  'seller',
  'seller_country',
  'seller_vat',
  'article',
  'lot',
  'pallets',
  'net_kg',
  'price_per_kg_eur',
  'amount_excl_vat_eur',
  'incoterm',
  'departure_date',
  'received_at',
  'cancel_reason',
];

/**
 * One CSV cell: quoted, inner quotes doubled, and a leading = + - @ (or tab / carriage return) made
 * inert with a leading apostrophe, so a company named "=HYPERLINK(…)" stays text in a spreadsheet.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

function line(o: OrderRow): string {
  return [
    o.number,
    o.status,
    o.source,
    o.createdAt.toISOString(),
    o.buyer.companyName,
    o.buyer.countryAlpha2,
    o.buyer.vatId,
    o.seller.companyName,
    o.seller.countryAlpha2,
    o.seller.vatId,
    o.lot.article.en,
    o.lot.title,
    o.pallets,
    bestNetKg(o),
    o.pricePerKg,
    o.amount,
    `${o.incoterm} ${o.incotermPlace}`.trim(),
    o.departureDate,
    o.receivedAt?.toISOString() ?? null,
    o.cancelReason,
  ]
    .map(csvCell)
    .join(';');
}

/** The operator's export: UTF-8 with a BOM (Excel reads accents right), `;`-separated, CRLF lines. */
export async function ordersCsv(rows: AsyncIterable<OrderRow>): Promise<string> {
  const out = ['\ufeff' + HEADER.join(';')];
  for await (const o of rows) out.push(line(o));
  return out.join('\r\n') + '\r\n';
}

const PALLET_HEADER = ['order', 'seq', 'code', 'gs1_sscc', 'lot', 'article', 'net_kg', 'gross_kg', 'boxes', 'packed_on', 'origin', 'received_at'];

/** The despatch advice (issue 37) in the reader's CSV dialect: one line a pallet. */
export function palletsCsv(o: OrderRow, advice: OrderPallets, dialect: CsvDialect): string {
  let out = csvHead(PALLET_HEADER, dialect);
  for (const p of advice.items) {
    out += csvLine(
      [
        o.number,
        p.seq,
        p.code,
        p.gs1 ? 'yes' : 'no',
        advice.lotNumber,
        o.lot.article.en,
        { n: csvNumber(p.netKg, 2, dialect) },
        { n: csvNumber(p.grossKg, 2, dialect) },
        p.boxes,
        o.lot.packedOn ?? null,
        o.lot.originAlpha2,
        p.receivedAt,
      ],
      dialect,
    );
  }
  return out;
}
