import { formatDateTime, formatDay, formatDecimal, formatEuro, type Language, type OrderActor } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

/** One order e-mail (issue 21): the same facts to both parties, each in its language. */
export interface OrderMail {
  language: Language;
  /** The recipient's company (greeting) and side. */
  company: string;
  side: 'buyer' | 'seller';
  step: 'confirmed' | 'shipped' | 'delivered' | 'cancelled';
  number: string;
  lot: string;
  /** The other party's company. */
  other: string;
  pallets: number;
  pricePerKg: number;
  amount: number | null;
  /** shipped/delivered: net kg; shipped: departure day, plate, carrier. */
  netKg?: number | null;
  date?: string;
  plate?: string;
  carrier?: string | null;
  automatic?: boolean;
  claimEnd?: string;
  who?: OrderActor;
  reason?: string;
  url?: string;
}

export function renderOrderMail(m: OrderMail): RenderedMail {
  const lng = m.language;
  const tt = (key: string, vars: Record<string, string | number> = {}) => t(lng, key, vars, 'orderDocs');
  const vars: Record<string, string | number> = {
    number: m.number,
    lot: m.lot,
    other: m.other,
    pallets: m.pallets,
    price: formatEuro(m.pricePerKg, lng),
    amount: m.amount === null ? tt('amountUnknown') : formatEuro(m.amount, lng),
    kg: m.netKg === null || m.netKg === undefined ? '' : formatDecimal(m.netKg, lng, { maxDecimals: 2 }),
    date: m.date ? (m.date.length === 10 ? formatDay(m.date, lng) : formatDateTime(m.date, lng)) : '',
    plate: m.plate ?? '',
    carrier: m.carrier ? tt('carrierSuffix', { carrier: m.carrier }) : '',
    claimEnd: m.claimEnd ? formatDateTime(m.claimEnd, lng) : '',
    who: m.who ? tt(`who.${m.who}`) : '',
    reason: m.reason ?? '',
  };
  const subject = headerSafe(tt(`${m.step}Subject`, vars));
  const bodyKey =
    m.step === 'confirmed'
      ? m.side === 'buyer'
        ? 'confirmedBodyBuyer'
        : 'confirmedBodySeller'
      : m.step === 'delivered' && m.automatic
        ? 'deliveredAutoBody'
        : `${m.step}Body`;
  const greeting = tt('greeting', { company: m.company });
  const body = tt(bodyKey, vars);
  const link = m.url ? tt('link', { url: m.url }) : '';
  const signature = tt('signature');
  const text = [greeting, '', body, ...(link ? ['', link] : []), '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
${m.url ? `<p><a href="${escapeHtml(m.url)}">${escapeHtml(tt('open'))}</a></p>` : ''}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject, text, html };
}
