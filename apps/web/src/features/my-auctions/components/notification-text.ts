import { useTranslation } from 'react-i18next';
import { formatDateTime, type Notification } from '@primeur/shared';
import { euro } from '../../../lib/format';
import { paths } from '../../../lib/routes';

const ORDER_KINDS = new Set<Notification['kind']>([
  'order_confirmed',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'request_declined',
  'request_expired',
  'order_claim',
  'request_countered',
]);

/** A notice about an order or a purchase request (issue 21): it leads to its order, not to an auction. */
export const isOrderNotice = (n: Pick<Notification, 'kind'>) => ORDER_KINDS.has(n.kind);

/** Where a notice leads: the invoices needing attention, its order, else its lot's page. */
export function noticeTarget(n: Notification): string | null {
  if (n.kind === 'invoice_attention') return `${paths.adminInvoices}?status=NEEDS_ATTENTION`;
  // A disabled webhook endpoint is switched on again on the profile's API tab.
  if (n.kind === 'webhook_disabled') return `${paths.profile}#api`;
  if (n.data.orderId) return paths.order(n.data.orderId);
  // A counter-offer waits for the buyer's answer in its requests, above the marketplace's lots.
  if (n.kind === 'request_countered') return `${paths.marketplace}#my-requests`;
  if (isOrderNotice(n)) return null;
  return n.productId ? paths.auctionRoom(n.productId) : null;
}

/** The sentence a notice shows, in the reader's language. */
export function useNotificationText() {
  const { t, i18n } = useTranslation(['alerts', 'room']);
  return (n: Notification) => {
    const vars = {
      lot: n.productName,
      amount: euro(n.data.amount ?? null, i18n.resolvedLanguage),
      time: n.data.endsAt ? formatDateTime(n.data.endsAt, i18n.resolvedLanguage) : '',
    };
    if (n.kind === 'auction_result' && n.data.outcome === 'sold' && n.data.buyerCompanyName)
      return t('text.soldTo', { ...vars, company: n.data.buyerCompanyName });
    if (n.kind === 'auction_result') return t(`text.${n.data.outcome ?? 'sold'}`, vars);
    // A buyer whose lot ended under the reserve did not lose to anyone: nobody won.
    if (n.kind === 'lost' && n.data.outcome === 'unsold_reserve') return t('text.lostReserve', vars);
    if (n.kind === 'invoice_attention') {
      const reason = t(`text.invoice_attention_reason.${n.data.attention ?? 'ISSUE_FAILED'}`, { defaultValue: n.data.attention ?? '' });
      return n.data.orderNumber ? t('text.invoice_attention_order', { number: n.data.orderNumber, reason }) : t('text.invoice_attention', { reason });
    }
    if (n.kind === 'webhook_disabled') return t('text.webhook_disabled', { url: n.data.url ?? '' });
    if (n.kind === 'lot_recalled')
      return t(n.data.exercise ? 'text.lot_recalled_exercise' : 'text.lot_recalled', { lot: n.productName, reason: n.data.reason ?? '' });
    if (n.kind === 'order_claim') {
      return t(`text.order_claim_${n.data.claimStep ?? 'filed'}`, {
        number: n.data.orderNumber ?? '',
        credit: euro(n.data.credit ?? null, i18n.resolvedLanguage),
        reason: n.data.reason ?? '',
      });
    }
    if (isOrderNotice(n)) return t(`text.${n.kind}`, { ...vars, number: n.data.orderNumber ?? '', reason: n.data.reason ?? '' });
    // Other buyers are named by their pseudonym on the lot, never by company (issue 19).
    if (n.kind === 'lost' && n.data.winnerBidderNumber) return t('text.lostTo', { ...vars, bidder: t('room:bidder.n', { n: n.data.winnerBidderNumber }) });
    return t(`text.${n.kind}`, vars);
  };
}
