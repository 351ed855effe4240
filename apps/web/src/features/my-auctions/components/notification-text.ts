import { useTranslation } from 'react-i18next';
import { formatDateTime, type Notification } from '@primeur/shared';
import { euro } from '../../../lib/format';

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
    // Other buyers are named by their pseudonym on the lot, never by company (issue 19).
    if (n.kind === 'lost' && n.data.winnerBidderNumber) return t('text.lostTo', { ...vars, bidder: t('room:bidder.n', { n: n.data.winnerBidderNumber }) });
    return t(`text.${n.kind}`, vars);
  };
}
