import type { TraceResult } from '@primeur/shared';
import { csvHead, csvLine, csvNumber, type CsvDialect } from '../../lib/csv.js';

const HEADER = [
  'lot',
  'supplier',
  'supplier_country',
  'article',
  'variety',
  'class',
  'origin',
  'packed_on',
  'order',
  'order_status',
  'buyer',
  'buyer_country',
  'delivery_city',
  'departure_date',
  'received_at',
  'pallet',
  'sscc_gs1',
  'net_kg',
  'pallet_received_at',
  'claims',
  'invoices',
];

/** The chain as CSV (issue 37) in the reader's dialect: a line a pallet, an order not yet shipped on one line of its own. */
export function traceCsv(t: TraceResult, dialect: CsvDialect): string {
  const out = [csvHead(HEADER, dialect)];
  for (const o of t.orders) {
    const base = [
      t.lot.lotNumber,
      t.supplier.companyName,
      t.supplier.countryAlpha2,
      t.lot.article.en,
      t.lot.variety,
      t.lot.qualityClass,
      t.lot.originAlpha2,
      t.lot.packedOn,
      o.number,
      o.status,
      o.buyer.companyName,
      o.buyer.countryAlpha2,
      o.deliveryAddress.city,
      o.shipment?.departureDate ?? null,
      o.receipt?.at ?? null,
    ];
    const tail = [o.claims.map((c) => `#${c.id} ${c.status}`).join(', '), o.invoices.map((i) => `${i.number ?? '—'} ${i.status}`).join(', ')];
    const rows =
      o.palletList.length > 0
        ? o.palletList.map((p) => [p.code, p.gs1 ? 'yes' : 'no', { n: csvNumber(p.netKg, 2, dialect) }, p.receivedAt])
        : [[null, null, null, null]];
    for (const r of rows) out.push(csvLine([...base, ...r, ...tail], dialect));
  }
  return out.join('');
}
