import { centsToDecimal, FRESH_PRODUCE_VAT_RATES } from '@primeur/shared';
import { paymentStateOf } from './invoicing.payments.js';
import type { InvoiceView } from './invoicing.repository.js';

/** Every rate an invoice can carry: the domestic ones of the VAT table, and 0 % (intra-community K, export G). */
const RATES = [...new Set([0, ...FRESH_PRODUCE_VAT_RATES.map((r) => r.ratePercent)])].sort((a, b) => a - b);
const rateLabel = (r: number) => String(r).replace('.', '_');

const HEADER = [
  'number',
  'kind',
  'issue_date',
  'due_date',
  'status',
  'order',
  'corrects',
  'seller',
  'seller_country',
  'seller_vat',
  'buyer',
  'buyer_country',
  'buyer_vat',
  'currency',
  'net',
  ...RATES.flatMap((r) => [`net_at_${rateLabel(r)}_pct`, `vat_at_${rateLabel(r)}_pct`]),
  'vat',
  'total',
  'paid_on',
  'paid_amount',
  'balance',
  'needs',
];

/** A quoted cell; text starting like a formula (= + - @, tab, CR) gets a leading apostrophe. */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** A plain decimal (a negative credit-note amount) is data, not a formula: it keeps its sign unescaped. */
const cell = (v: string | number | null | undefined) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? `"${v}"` : csvCell(v));

const money = (v: string | number | null, sign: number) => (v === null ? null : (Number(v) * sign).toFixed(2));

/**
 * One journal line (decision 823): a credit note's amounts are negative, so the column sums are the
 * period's turnover; an invoice still waiting for data has no number and no amounts yet.
 */
function line(v: InvoiceView, today: string): string {
  const i = v.invoice;
  const sign = i.kind === 'CREDIT_NOTE' ? -1 : 1;
  const byRate = RATES.flatMap((r) => {
    const hit = i.vatBreakdown.filter((b) => b.ratePercent === r);
    if (!hit.length) return [null, null];
    return [
      money(
        hit.reduce((s, b) => s + Number(b.taxable), 0),
        sign,
      ),
      money(
        hit.reduce((s, b) => s + Number(b.vat), 0),
        sign,
      ),
    ];
  });
  const { state, balanceCents } = paymentStateOf({ ...i, paidCents: v.paidCents, creditedCents: v.creditedCents }, today);
  return [
    i.number,
    i.kind,
    i.issueDate,
    i.dueDate,
    state ?? i.status,
    v.orderNumber,
    v.precedingNumber,
    v.seller.companyName,
    v.seller.countryAlpha2,
    v.seller.vatId,
    v.buyer.companyName,
    v.buyer.countryAlpha2,
    v.buyer.vatId,
    i.currency,
    money(i.net, sign),
    ...byRate,
    money(i.vat, sign),
    money(i.total, sign),
    v.lastPaidOn,
    v.paidCents > 0 ? centsToDecimal(v.paidCents) : null,
    balanceCents === null ? null : centsToDecimal(balanceCents),
    i.needs.join(' '),
  ]
    .map(cell)
    .join(';');
}

/** The operator's accounting journal: UTF-8 with a BOM, `;`-separated, CRLF, formula-safe cells. */
export async function invoicesCsv(rows: AsyncIterable<InvoiceView>, today: string): Promise<string> {
  const out = ['\ufeff' + HEADER.join(';')];
  for await (const v of rows) out.push(line(v, today));
  return out.join('\r\n') + '\r\n';
}
