import { formatDateTime, formatEuro, type AuctionOutcome, type Language, type NotificationKind } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

export interface AuctionAlertMail {
  language: Language;
  company: string;
  kind: NotificationKind;
  lot: string;
  /** €/kg: the new highest offer (outbid) or the final price. */
  amount?: number | null;
  /** ending_soon: the lot's current end (ISO). */
  endsAt?: string;
  /** auction_result: how the seller's lot ended; lost: `unsold_reserve` when nobody won (reserve not met). */
  outcome?: AuctionOutcome;
  /** lost: the winner's pseudonym number on the lot (bidders never learn each other's companies). */
  winnerBidderNumber?: number;
  /** auction_result sold: the buyer's company (the seller may know its buyer). */
  buyerCompanyName?: string;
  /** Absolute link to the lot, when the public origin is configured. */
  url?: string;
}

/** The subject/body key stem of each kind (the seller's result has one per outcome). */
function stem(m: AuctionAlertMail): string {
  switch (m.kind) {
    case 'outbid':
      return 'outbid';
    case 'ending_soon':
      return 'endingSoon';
    case 'won':
      return 'won';
    case 'lost':
      return m.outcome === 'unsold_reserve' ? 'lostReserve' : 'lost';
    case 'auction_result':
      return m.outcome === 'sold' ? 'resultSold' : m.outcome === 'unsold_reserve' ? 'resultReserve' : 'resultNoBids';
  }
}

/** One auction alert e-mail in the recipient's language; amounts in euro, times in Paris time. */
export function renderAuctionAlert(m: AuctionAlertMail): RenderedMail {
  const lng = m.language;
  const tt = (key: string, vars: Record<string, string | number> = {}) => t(lng, key, vars, 'alertsEmail');
  // The same amount and date formats as the screens (packages/shared): amounts in euro, times in Paris time.
  const amount = m.amount === null || m.amount === undefined ? '' : formatEuro(m.amount, lng);
  const time = m.endsAt ? formatDateTime(m.endsAt, lng) : '';
  const vars = { lot: m.lot, amount, time, bidder: m.winnerBidderNumber ?? '', buyer: m.buyerCompanyName ?? '' };
  const s = stem(m);
  const subject = headerSafe(tt(`${s}Subject`, vars));
  const greeting = tt('greeting', { company: m.company });
  const body = tt(`${s}Body`, vars);
  const link = m.url ? tt('link', { url: m.url }) : '';
  const prefs = tt('prefs');
  const signature = t(lng, 'signature');
  const text = [greeting, '', body, ...(link ? ['', link] : []), '', prefs, '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
${m.url ? `<p><a href="${escapeHtml(m.url)}">${escapeHtml(tt('open'))}</a></p>` : ''}
<p style="color:#666;font-size:12px">${escapeHtml(prefs)}</p>
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
